import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatarDecimalBr, lerCelula, lerNumeroTexto } from '../../src/domain/planilha-tabela/celulas';

// Issue 32: the workbook's cells read exactly (numbers from numeric cells and from pt-BR text, dates, documents).

const dec = (escala: 2 | 3 | 5) => ({ tipo: 'decimal', escala }) as const;

describe('numbers of the workbook', () => {
  it('reads pt-BR text: grouping dots, a decimal comma, or a lone decimal dot; the ambiguous "1.234" is 1234', () => {
    const casos: [string, string | null][] = [
      ['1.234,56', '1234.56'],
      ['1234,56', '1234.56'],
      ['1234.56', '1234.56'],
      ['1.234', '1234'],
      ['12.345.678', '12345678'],
      ['0.125', '0.125'],
      ['1234.5', '1234.5'],
      ['0,5', '0.5'],
      [' R$ 1.234,50 ', '1234.5'],
      ['1,234.56', null],
      ['12,3.4', null],
      ['1.23,4', null],
      ['abc', null],
      ['1e5', null],
      ['', null],
    ];
    for (const [texto, esperado] of casos) expect([texto, lerNumeroTexto(texto)?.toFixed() ?? null]).toEqual([texto, esperado]);
  });

  it('reads a numeric cell through 15 significant digits: a float noise never appears', () => {
    expect(lerCelula(0.1 + 0.2, dec(2))).toEqual({ ok: true, valor: '0.3' });
    expect(lerCelula(1.1 * 1.2, dec(5))).toEqual({ ok: true, valor: '1.32' });
    expect(lerCelula(1234.567, dec(2))).toEqual({ ok: false, mensagem: 'aceita no máximo 2 casas decimais ("1234.567").' });
    expect(lerCelula(12345678901, dec(2))).toEqual({ ok: false, mensagem: 'passa de 10 dígitos inteiros ("12345678901").' });
    expect(lerCelula('-1,5', dec(2))).toEqual({ ok: false, mensagem: 'não pode ser negativo ("-1,5").' });
  });

  it('gives back every decimal of the schemas written as a double (10 integer digits, up to 5 decimals)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 9_999_999_999 }), fc.integer({ min: 0, max: 99_999 }), fc.constantFrom(2, 3, 5), (i, f, escala) => {
        const texto = new Decimal(`${i}.${String(f % 10 ** escala).padStart(escala, '0')}`).toFixed();
        expect(lerCelula(Number(texto), dec(escala as 2 | 3 | 5))).toEqual({ ok: true, valor: texto });
        expect(lerCelula(texto.replace('.', ','), dec(escala as 2 | 3 | 5))).toEqual({ ok: true, valor: texto });
      }),
      { numRuns: 2000 },
    );
  });

  it('quotes values the pt-BR way in messages', () => {
    expect(formatarDecimalBr('500', 3)).toBe('500,000');
    expect(formatarDecimalBr('1234567.5', 2)).toBe('1.234.567,50');
  });
});

describe('other cells', () => {
  it('reads dates as date cells, dd/mm/aaaa or ISO, and refuses impossible ones', () => {
    const data = { tipo: 'data' } as const;
    expect(lerCelula(new Date(Date.UTC(2026, 11, 31)), data)).toEqual({ ok: true, valor: '2026-12-31' });
    expect(lerCelula('5/3/2026', data)).toEqual({ ok: true, valor: '2026-03-05' });
    expect(lerCelula('2026-03-05', data)).toEqual({ ok: true, valor: '2026-03-05' });
    expect(lerCelula('29/02/2027', data)).toEqual({ ok: false, mensagem: '"29/02/2027" não é uma data; use dd/mm/aaaa.' });
    expect(lerCelula(46000, data)).toEqual({ ok: false, mensagem: '"46000" não é uma data; use dd/mm/aaaa.' });
  });

  it('puts back the leading zeros a number cell took from a CPF or CNPJ', () => {
    expect(lerCelula(1234567000189, { tipo: 'documento', cpf: false })).toEqual({ ok: true, valor: '01234567000189' });
    expect(lerCelula(1234567890, { tipo: 'documento', cpf: true })).toEqual({ ok: true, valor: '01234567890' });
    expect(lerCelula('012.345.678-90', { tipo: 'documento', cpf: true })).toEqual({ ok: true, valor: '01234567890' });
    expect(lerCelula('012.345.678-90', { tipo: 'documento', cpf: false })).toEqual({ ok: false, mensagem: '"012.345.678-90" não é um CNPJ (14 dígitos).' });
  });

  it('reads lists by value or label, case and accents aside', () => {
    const t = { tipo: 'lista', valores: ['CALCULADO_KG', 'FIXO'], rotulos: { CALCULADO_KG: 'Calculado por Kg (progressivo)', FIXO: 'Fixo' } } as const;
    expect(lerCelula('calculado_kg', t)).toEqual({ ok: true, valor: 'CALCULADO_KG' });
    expect(lerCelula('Calculado por kg (progressivo)', t)).toEqual({ ok: true, valor: 'CALCULADO_KG' });
    expect(lerCelula('SIM', { tipo: 'simNao' })).toEqual({ ok: true, valor: true });
    expect(lerCelula('Não', { tipo: 'simNao' })).toEqual({ ok: true, valor: false });
  });
});
