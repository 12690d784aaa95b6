import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import Decimal from 'decimal.js';
import { ratearAgrupamento } from '../../../src/domain/frete/ratear-agrupamento';

// freight-calculation.md step 11: shares by weight or value, cut down to cents, the remainder to the first.

describe('ratearAgrupamento', () => {
  it('PESO: equal weights, the remaining cent to the first', () => {
    // 100.00 / 3 = 33.333… → 33.33 each (99.99); remainder 0.01 → first 33.34.
    const partes = [1, 2, 3].map(() => ({ peso: '10', valor: '1' }));
    expect(ratearAgrupamento('100.00', partes, 'PESO')).toEqual(['33.34', '33.33', '33.33']);
  });

  it('VALOR: by cargo value', () => {
    // 10.00 × 200 / 300 = 6.666… → 6.66; × 100 / 300 = 3.333… → 3.33; remainder 0.01 → 6.67.
    expect(ratearAgrupamento('10.00', [{ peso: '1', valor: '200' }, { peso: '999', valor: '100' }], 'VALOR')).toEqual(['6.67', '3.33']);
  });

  it('PESO: the remainder goes to the first even when it is the smallest', () => {
    // 1.00 × 1 / 7 = 0.1428… → 0.14; × 6 / 7 = 0.857… → 0.85; remainder 0.01 → first 0.15.
    expect(ratearAgrupamento('1', [{ peso: '1', valor: '0' }, { peso: '6', valor: '0' }], 'PESO')).toEqual(['0.15', '0.85']);
  });

  it('NENHUM: the first CT-e carries it all', () => {
    expect(ratearAgrupamento('45.5', [{ peso: '1', valor: '1' }, { peso: '1', valor: '1' }], 'NENHUM')).toEqual(['45.50', '0.00']);
  });

  it('zero total weight: equal shares', () => {
    // 10.00 / 3 → 3.33 each, remainder 0.01 → 3.34.
    const partes = [1, 2, 3].map(() => ({ peso: '0', valor: '5' }));
    expect(ratearAgrupamento('10', partes, 'PESO')).toEqual(['3.34', '3.33', '3.33']);
  });

  it('no parts: nothing to share', () => expect(ratearAgrupamento('10', [], 'PESO')).toEqual([]));

  it('property: the shares add up to the value exactly, none negative', () => {
    const texto = (max: number) => fc.integer({ min: 0, max }).map((c) => new Decimal(c).div(100).toFixed(2));
    fc.assert(
      fc.property(texto(10_000_000), fc.array(fc.record({ peso: texto(100_000), valor: texto(100_000) }), { minLength: 1, maxLength: 12 }), fc.constantFrom('PESO' as const, 'VALOR' as const, 'NENHUM' as const), (valor, partes, modo) => {
        const cotas = ratearAgrupamento(valor, partes, modo);
        expect(cotas).toHaveLength(partes.length);
        expect(cotas.reduce((s, c) => s.plus(c), new Decimal(0)).toFixed(2)).toBe(valor);
        expect(cotas.every((c) => /^\d+\.\d{2}$/.test(c))).toBe(true);
      }),
    );
  });
});
