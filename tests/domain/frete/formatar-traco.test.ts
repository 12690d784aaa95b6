import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../../src/domain/format-brl';
import { Dec } from '../../../src/domain/frete/decimal-exato';
import { numeroBr, quantidadeTexto, reais, reaisExato } from '../../../src/domain/frete/formatar-traco';

describe('trace numbers', () => {
  it('reais writes what formatBrl writes (spec 01 §9), from the Decimal', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 6 }), fc.constantFrom(2, 5), (n, e, casas) => {
        const d = new Dec(n).div(10 ** e);
        expect(reais(d, casas)).toBe(formatBrl(d.toFixed(), casas));
      }),
      { numRuns: 2000 },
    );
  });

  it('quantities with their unit', () => {
    expect(numeroBr(new Dec('1234567.5'))).toBe('1.234.567,5');
    expect(numeroBr(new Dec('-0.0001'), 2)).toBe('0,00');
    expect(quantidadeTexto('KG', new Dec('1000'))).toBe('1.000 kg');
    expect(quantidadeTexto('KM', new Dec('12.5'))).toBe('12,5 km');
    expect(quantidadeTexto('VALOR', new Dec('10000'))).toBe('R$ 10.000,00');
    expect(reaisExato(new Dec('82.005'))).toBe('R$ 82,005');
  });
});
