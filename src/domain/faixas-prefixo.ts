/** An integer range, both ends included. */
export interface FaixaInteiros {
  de: number;
  ate: number;
}

/**
 * The integers up to `maximo` whose decimal digits start with `digitos`, as ranges over an integer index
 * (12 → 12, 120–129, 1200–1299 …); each range's numbers are all above the previous one's. Numbers are written
 * without leading zeros, so "012" is the prefix 12, and "0", "000" or a prefix above `maximo` name none ([]).
 * Undefined when `digitos` is not made of digits only: the text is not a number at all.
 */
export function faixasDoPrefixo(digitos: string, maximo: number): FaixaInteiros[] | undefined {
  if (!/^\d+$/.test(digitos)) return undefined;
  const significativos = digitos.replace(/^0+/, '');
  // Past 15 digits a Number is no longer exact, and such a prefix is above any integer column anyway.
  if (significativos === '' || significativos.length > 15) return [];
  const n = Number(significativos);
  const faixas: FaixaInteiros[] = [];
  for (let fator = 1; n * fator <= maximo; fator *= 10) faixas.push({ de: n * fator, ate: Math.min(n * fator + fator - 1, maximo) });
  return faixas;
}
