// Spec 01 §5 / 03 §5: plates are upper-cased, at most 7 characters; the country is guessed by pattern.
export const PLACA_MAXIMO = 7;

export type PaisPlaca = 'Brasil' | 'Argentina' | 'Uruguai' | 'Paraguai' | 'Mercosul';

/** Upper-case, letters and digits only, at most 7. */
export function normalizarPlaca(texto: string): string {
  return texto.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, PLACA_MAXIMO);
}

/** Legacy national layouts (Brasil AAA9999, Argentina AAA999, Uruguai A999999, Paraguai 999AAA); anything
 * else, such as the Mercosul AAA9A99, is Mercosul. The spec names the countries, not the patterns. */
export function paisDaPlaca(placa: string): PaisPlaca {
  const p = normalizarPlaca(placa);
  if (/^[A-Z]{3}\d{4}$/.test(p)) return 'Brasil';
  if (/^[A-Z]{3}\d{3}$/.test(p)) return 'Argentina';
  if (/^[A-Z]\d{6}$/.test(p)) return 'Uruguai';
  if (/^\d{3}[A-Z]{3}$/.test(p)) return 'Paraguai';
  return 'Mercosul';
}
