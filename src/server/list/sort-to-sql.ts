import { asc, desc, is, type SQL } from 'drizzle-orm';
import { PgChar, PgColumn, PgText, PgVarchar } from 'drizzle-orm/pg-core';
import { ordemTexto } from '../db/ordem-texto';
import { badRequest } from '../http/api-error';
import type { SearchField, SearchFields } from './search-fields';

/** Texts in Portuguese order (ordem-texto.ts); a 'text' field over a date column keeps its own order. */
function emPortugues(campo: SearchField): boolean {
  if (campo.type !== 'text' || campo.code) return false;
  return !is(campo.column, PgColumn) || is(campo.column, PgText) || is(campo.column, PgVarchar) || is(campo.column, PgChar);
}

/**
 * sort=campo[,asc|desc] (Spring style), several fields allowed: "descricao,desc,id" or "descricao;id,desc".
 * The tie-breaker column keeps pages stable when the sorted values repeat.
 */
export function sortToSql(sort: string | undefined, campos: SearchFields, padrao: string, desempate: PgColumn): SQL[] {
  const partes = (sort?.trim() ? sort : padrao)
    .split(/[,;]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const ordem: { campo: string; direcao: 'asc' | 'desc' }[] = [];
  for (const parte of partes) {
    const direcao = parte.toLowerCase();
    if (direcao === 'asc' || direcao === 'desc') {
      const ultimo = ordem.at(-1);
      if (!ultimo) throw badRequest(`Campo de ordenação desconhecido: ${parte}`);
      ultimo.direcao = direcao;
      continue;
    }
    const campo = Object.hasOwn(campos, parte) ? campos[parte] : undefined;
    if (!campo || campo.sortable === false) throw badRequest(`Campo de ordenação desconhecido: ${parte}`);
    ordem.push({ campo: parte, direcao: 'asc' });
  }
  const sqls = ordem.flatMap(({ campo, direcao }) => {
    const { column } = campos[campo];
    if (emPortugues(campos[campo])) return ordemTexto(column, direcao);
    return [direcao === 'asc' ? asc(column) : desc(column)];
  });
  return [...sqls, asc(desempate)];
}
