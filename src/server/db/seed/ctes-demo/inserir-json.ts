import { sql } from 'drizzle-orm';
import type { Db } from '../../database';

const snake = (c: string) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);

/**
 * A multi-row insert with ONE parameter: the rows as a JSON array read by jsonb_populate_recordset over the
 * table's own row type (PGlite binds thousands of parameters slowly). Keys are the camelCase properties.
 */
export async function inserirJson<R = never>(db: Db, tabela: string, linhas: Record<string, unknown>[], retorno = ''): Promise<R[]> {
  if (!linhas.length) return [];
  const colunas = Object.keys(linhas[0]).map(snake);
  const json = JSON.stringify(linhas.map((l) => Object.fromEntries(Object.entries(l).map(([k, v]) => [snake(k), v]))));
  const lista = colunas.map((c) => `"${c}"`).join(', ');
  const r = await db.execute(
    sql`insert into ${sql.raw(tabela)} (${sql.raw(lista)}) select ${sql.raw(lista)} from jsonb_populate_recordset(null::${sql.raw(tabela)}, ${json}::jsonb)${sql.raw(retorno ? ` returning ${retorno}` : '')}`,
  );
  return (r as unknown as { rows: R[] }).rows;
}
