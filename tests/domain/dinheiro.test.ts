import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dividir } from '../../src/domain/dinheiro';
import { calcularValoresBase } from '../../src/domain/indicadores/indicador-base';
import { calcularIndicador } from '../../src/domain/indicadores/indicadores-frete';
import { percentualFaturado } from '../../src/server/documentos/vendido-faturado-pdf';
import { arredondarFracao, dividirFracao, fixo, fracao, multiplicar } from './fracao-exata';
import { CASOS_MEIO_CENTAVO, figurasOraculo, type NotaOraculo } from './indicadores-oraculo';

// docs/decisoes.md §26, "one exact rounding for money and rates": every division of money rounds half-up once, on the
// exact quotient. Checked against an exact-fraction oracle (BigInt rationals, tests/domain/fracao-exata.ts):
// the shared division, the indicator figures of a note (list, CSVs) and the vendido × faturado percentage.

/** A decimal text of up to `inteiros` integer digits and `casas` decimals, maybe negative. */
const decimal = (inteiros: number, casas: number, negativo = true) =>
  fc.tuple(fc.bigInt({ min: 0n, max: 10n ** BigInt(inteiros + casas) - 1n }), fc.boolean()).map(([n, menos]) => fixo(negativo && menos ? -n : n, casas));

describe('dividir (src/domain/dinheiro.ts)', () => {
  it('property: rounds the exact quotient once, half away from zero or toward zero, to the decimals asked', () => {
    const divisor = decimal(8, 5).filter((d) => !/^-?[0.]+$/.test(d));
    fc.assert(
      fc.property(decimal(12, 6), divisor, fc.integer({ min: 0, max: 6 }), (a, b, casas) => {
        const exato = dividirFracao(fracao(a), fracao(b));
        expect(dividir(a, b, casas).toFixed(casas)).toBe(arredondarFracao(exato, casas, 'meio'));
        expect(dividir(a, b, casas, 'para-baixo').toFixed(casas)).toBe(arredondarFracao(exato, casas, 'baixo'));
      }),
      { numRuns: 1000 },
    );
  });

  it('exact halves go up (away from zero); a quotient just below a half never does', () => {
    expect(dividir('1715.09', '2', 2).toFixed(2)).toBe('857.55');
    expect(dividir('-1715.09', '2', 2).toFixed(2)).toBe('-857.55');
    // 1715.09 × 109 / 218: the 857,545, computed from the product, not from a rounded rate.
    expect(dividir('186944.81', '218', 2).toFixed(2)).toBe('857.55');
    // 2 / 3 = 0.666…; 1 / 3 = 0.333…; 857.544999… (one unit of the 30th decimal below the half).
    expect([dividir('2', '3', 2).toFixed(2), dividir('1', '3', 2).toFixed(2), dividir('2', '3', 2, 'para-baixo').toFixed(2)]).toEqual(['0.67', '0.33', '0.66']);
    expect(dividir(`857544${'9'.repeat(27)}`, `1${'0'.repeat(30)}`, 2).toFixed(2)).toBe('857.54');
  });

  it('stays exact for quotients longer than its working precision (70 integer digits)', () => {
    expect(dividir(`${'1'.repeat(70)}5`, '10', 0).toFixed(0)).toBe(`${'1'.repeat(69)}2`);
    expect(dividir(`-${'1'.repeat(70)}5`, '10', 0, 'para-baixo').toFixed(0)).toBe(`-${'1'.repeat(70)}`);
    // 66…661 ÷ 3 = 22…220,333…
    expect(dividir(`${'6'.repeat(65)}1`, '3', 2).toFixed(2)).toBe(`${'2'.repeat(65)}0.33`);
  });

  it('refuses a zero or non-numeric divisor with a RangeError, never Infinity', () => {
    expect(() => dividir('1', '0', 2)).toThrow(RangeError);
    expect(() => dividir('1', 'abc', 2)).toThrow(RangeError);
  });
});

/** A CT-e value, its weight and a note: weights often a simple fraction of the CT-e's (halves, thirds…). */
const nota: fc.Arbitrary<NotaOraculo> = fc
  .record({
    centavos: fc.integer({ min: 1, max: 2_000_000_00 }),
    gramas: fc.integer({ min: 1, max: 30_000_000 }),
    fracao: fc.oneof(fc.tuple(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 8 })), fc.constant(null)),
    gramasNf: fc.integer({ min: 0, max: 30_000_000 }),
    valorNf: decimal(7, 2, false),
    auditoria: fc.option(decimal(6, 2, false)),
    icms: fc.option(decimal(5, 2, false)),
  })
  .map(({ centavos, gramas, fracao: f, gramasNf, valorNf, auditoria, icms }) => {
    const pesoNf = f ? Math.round((gramas * Math.min(f[0], f[1])) / f[1]) : gramasNf;
    return {
      valorCte: fixo(centavos, 2),
      pesoCte: fixo(gramas, 3),
      pesoNf: fixo(pesoNf, 3),
      valorNf,
      valorAuditoria: auditoria,
      valorIcms: icms,
    };
  });

function figurasDoDominio(e: NotaOraculo) {
  const i = calcularIndicador({ ...e, limiteFretePeso: null, limiteFreteValor: null });
  const b = calcularValoresBase(e);
  return {
    nfFretePagar: i.nfFretePagar,
    indicadorFretePeso: i.indicadorFretePeso,
    indicadorFreteValor: i.indicadorFreteValor,
    valorFretePrevisto: b.valorFretePrevisto,
    difFrete: b.difFrete,
    valorImposto: b.valorImposto,
    percentualImposto: b.percentualImposto,
    valorLiquido: b.valorLiquido,
  };
}

describe('indicator figures of a note (the list row and the CSV cells come from these)', () => {
  it.each(CASOS_MEIO_CENTAVO.map((c) => [`${c.valorCte} over ${c.pesoCte} kg, note of ${c.pesoNf} kg`, c]))(
    'half-cent case %s: every figure is the exact one rounded once',
    (_, c) => {
      expect(figurasDoDominio(c)).toEqual(figurasOraculo(c));
    },
  );

  it('the issue’s row: exact 857,545 shows 857,55 (not 857,54), and the % follows', () => {
    const [c] = CASOS_MEIO_CENTAVO;
    expect([figurasDoDominio(c).nfFretePagar, figurasDoDominio(c).indicadorFreteValor]).toEqual(['857.55', '8.5755']);
  });

  it('property: random CT-e values and note weights give the oracle’s figures', () => {
    fc.assert(
      fc.property(nota, (c) => {
        expect(figurasDoDominio(c)).toEqual(figurasOraculo(c));
      }),
      { numRuns: 1000, examples: CASOS_MEIO_CENTAVO.map((c) => [c]) },
    );
  });
});

describe('reports: vendido × faturado, the share invoiced', () => {
  it('property: faturado ÷ vendido × 100 to one decimal, rounded once (the PDF’s text)', () => {
    fc.assert(
      fc.property(decimal(9, 2, false).filter((v) => !/^[0.]+$/.test(v)), decimal(9, 2, false), (vendido, faturado) => {
        const exato = arredondarFracao(dividirFracao(multiplicar(fracao(faturado), fracao(100)), fracao(vendido)), 1);
        expect(percentualFaturado(vendido, faturado)).toBe(`${exato.replace('.', ',').replace(/\B(?=(\d{3})+(?!\d))/g, '.')}%`);
      }),
      { numRuns: 500, examples: [['200.00', '0.01'], ['3.00', '1.00'], ['8.00', '0.05']] },
    );
  });
});
