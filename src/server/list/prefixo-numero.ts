import { and, eq, gte, lte, or, type Column, type SQL } from 'drizzle-orm';
import { faixasDoPrefixo } from '../../domain/faixas-prefixo';

/**
 * A number prefix as integer ranges of the column's index (faixasDoPrefixo: 12 → 12, 120–129 …, up to `maximo`).
 * Undefined when the text names no number (not digits, zeros only, above the column): the caller answers empty.
 */
export function prefixoNumeroSql(coluna: Column, digitos: string, maximo: number): SQL | undefined {
  const faixas = faixasDoPrefixo(digitos, maximo);
  return faixas?.length ? or(...faixas.map(({ de, ate }) => (de === ate ? eq(coluna, de) : and(gte(coluna, de), lte(coluna, ate))!))) : undefined;
}
