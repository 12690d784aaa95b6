import Decimal from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../src/domain/format-brl';
import { formatNumberBr } from '../../src/domain/format-number-br';

// Issue 33: the screens' formatters no longer go through decimal.js (src/domain/decimal-texto.ts). They must give
// what the decimal.js versions gave, for any decimal text or number: half up, exact, no float in between.
const decimal = (v: number | string): Decimal | null => {
  try {
    const d = new Decimal(v);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};
const agrupar = (fixo: string) => {
  const negativo = fixo.startsWith('-');
  const [inteiro, decimais] = fixo.replace('-', '').split('.');
  return { negativo, texto: `${inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.')}${decimais ? `,${decimais}` : ''}` };
};

/** formatNumberBr as it was, through decimal.js. */
function comoEra(value: number | string, o: { decimals?: number; minDecimals?: number; maxDecimals?: number }): string {
  const d = typeof value === 'string' && value.trim() === '' ? null : decimal(value);
  if (!d) return '';
  let fixo: string;
  if (o.decimals !== undefined) fixo = d.toFixed(o.decimals, Decimal.ROUND_HALF_UP);
  else {
    const r = d.toDecimalPlaces(o.maxDecimals ?? 5, Decimal.ROUND_HALF_UP);
    fixo = r.toFixed(Math.max(o.minDecimals ?? 0, r.decimalPlaces()));
  }
  const { negativo, texto } = agrupar(fixo);
  return `${negativo && !/^[0.]*$/.test(fixo.replace('-', '')) ? '-' : ''}${texto}`;
}

/** formatBrl as it was, through decimal.js. */
function brlComoEra(value: number | string, precision: number): string {
  const d = value === '' ? null : decimal(value);
  if (!d) return '';
  const fixed = d.abs().toFixed(precision, Decimal.ROUND_HALF_UP);
  const negativo = d.isNegative() && !new Decimal(fixed).isZero();
  return `${negativo ? '-' : ''}R$ ${agrupar(fixed).texto}`;
}

const textoDecimal = fc
  .tuple(fc.constantFrom('', '-', '+'), fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.nat({ max: 12 }), fc.option(fc.integer({ min: -8, max: 8 }), { nil: undefined }))
  .map(([sinal, digitos, casas, exp]) => {
    const s = digitos.toString().padStart(casas + 1, '0');
    const texto = casas > 0 ? `${s.slice(0, s.length - casas)}.${s.slice(s.length - casas)}` : s;
    return `${sinal}${texto}${exp === undefined ? '' : `e${exp}`}`;
  });
const valor = fc.oneof(textoDecimal, fc.double({ noNaN: false }), fc.integer(), fc.constantFrom('', ' 1', 'abc', '1.2.3', '.5', '5.', '-0', '-0.004', '0.005', '-1.005', '1e21', 'Infinity', 'NaN'));
const opcoes = fc.record({ decimals: fc.option(fc.nat({ max: 6 }), { nil: undefined }), minDecimals: fc.option(fc.nat({ max: 6 }), { nil: undefined }), maxDecimals: fc.option(fc.nat({ max: 8 }), { nil: undefined }) });

describe('exact number formatting without decimal.js', () => {
  it('formatNumberBr gives what decimal.js gave, for any value and options', () => {
    fc.assert(fc.property(valor, opcoes, (v, o) => {
        expect(formatNumberBr(v, o)).toBe(comoEra(v, o));
      }), { numRuns: 3000 });
  });

  it('formatBrl gives what decimal.js gave, at any precision', () => {
    fc.assert(fc.property(valor, fc.nat({ max: 6 }), (v, p) => {
        expect(formatBrl(v, p)).toBe(brlComoEra(v, p));
      }), { numRuns: 3000 });
  });

  it('rounds half up, away from zero, exactly at the cent', () => {
    expect(['0.005', '-0.005', '1.005', '2.675', '-2.675', '0.004999999999999999999'].map((v) => formatBrl(v))).toEqual([
      'R$ 0,01',
      '-R$ 0,01',
      'R$ 1,01',
      'R$ 2,68',
      '-R$ 2,68',
      'R$ 0,00',
    ]);
    expect(formatNumberBr('123456789012345678901234.5', { decimals: 0 })).toBe('123.456.789.012.345.678.901.235');
    expect(formatNumberBr(null)).toBe('');
    expect(formatBrl(undefined)).toBe('');
  });
});
