import { asc, desc, is, type SQL } from 'drizzle-orm';
import { PgChar, PgColumn, PgText, PgVarchar } from 'drizzle-orm/pg-core';
import { ordemTexto } from '../db/ordem-texto';
import { lerOrdem } from './ler-ordem';
import type { SearchField, SearchFields } from './search-fields';

/** Texts in Portuguese order (ordem-texto.ts); a 'text' field over a date column keeps its own order. */
function emPortugues(campo: SearchField): boolean {
  if (campo.type !== 'text' || campo.code) return false;
  return !is(campo.column, PgColumn) || is(campo.column, PgText) || is(campo.column, PgVarchar) || is(campo.column, PgChar);
}

/**
 * sort=campo[,asc|desc] (Spring style, ler-ordem.ts) over the entity's sortable fields. The tie-breaker column
 * keeps pages stable when the sorted values repeat.
 */
export function sortToSql(sort: string | undefined, campos: SearchFields, padrao: string, desempate: PgColumn): SQL[] {
  const ordem = lerOrdem(sort, padrao, (c) => Object.hasOwn(campos, c) && campos[c].sortable !== false);
  const sqls = ordem.flatMap(({ campo, direcao }) => {
    const { column } = campos[campo];
    if (emPortugues(campos[campo])) return ordemTexto(column, direcao);
    return [direcao === 'asc' ? asc(column) : desc(column)];
  });
  return [...sqls, asc(desempate)];
}
