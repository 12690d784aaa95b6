import { describe, expect, it } from 'vitest';
import { faixasDoPrefixo } from '../../src/domain/faixas-prefixo';

describe('faixasDoPrefixo', () => {
  it('gives the prefix itself, then each longer run of digits, up to the maximum', () => {
    expect(faixasDoPrefixo('12', 99_999)).toEqual([
      { de: 12, ate: 12 },
      { de: 120, ate: 129 },
      { de: 1200, ate: 1299 },
      { de: 12000, ate: 12999 },
    ]);
    // The last range is cut at the maximum (an int4 column: 2,147,483,647).
    expect(faixasDoPrefixo('2', 2_147_483_647)!.at(-1)).toEqual({ de: 2_000_000_000, ate: 2_147_483_647 });
    expect(faixasDoPrefixo('3', 2_147_483_647)!.at(-1)).toEqual({ de: 300_000_000, ate: 399_999_999 });
  });

  it('names every number that starts with the digits, and no other', () => {
    const maximo = 5_000;
    for (const digitos of ['1', '7', '49', '50', '500', '4999', '5000']) {
      const faixas = faixasDoPrefixo(digitos, maximo)!;
      const dentro = (x: number) => faixas.some(({ de, ate }) => x >= de && x <= ate);
      for (let x = 1; x <= maximo; x++) expect(dentro(x), `${digitos} × ${x}`).toBe(String(x).startsWith(digitos));
    }
  });

  it('reads leading zeros as absent, and a prefix of zeros or above the maximum as naming none', () => {
    expect(faixasDoPrefixo('012', 99_999)).toEqual(faixasDoPrefixo('12', 99_999));
    expect(faixasDoPrefixo('0', 99_999)).toEqual([]);
    expect(faixasDoPrefixo('000', 99_999)).toEqual([]);
    expect(faixasDoPrefixo('100000', 99_999)).toEqual([]);
    expect(faixasDoPrefixo('12345678901234567890', 999_999_999)).toEqual([]);
  });

  it('is undefined for a text that is not digits only', () => {
    for (const texto of ['', '12a', '-1', '1.5', ' 12']) expect(faixasDoPrefixo(texto, 99_999), texto).toBeUndefined();
  });
});
