import { asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { badRequest } from '../http/api-error';
import type { SearchFields } from './search-fields';

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
  const sqls = ordem.map(({ campo, direcao }) => (direcao === 'asc' ? asc(campos[campo].column) : desc(campos[campo].column)));
  return [...sqls, asc(desempate)];
}
