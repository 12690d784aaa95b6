import { sql } from 'drizzle-orm';
import type { Db } from './database';
import { linhas as linhasDe } from './linhas';

const snake = (c: string) => c.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`);

/**
 * A multi-row insert with ONE parameter: the rows as a JSON array read by json_populate_recordset over the
 * table's own row type (PGlite binds thousands of parameters slowly). Keys are the camelCase properties.
 * The JSON goes as UTF-8 bytes (a bytea parameter, sent as is) rather than text, which PGlite's protocol
 * writer measures character by character; json rather than jsonb: read once, no binary form built.
 */
export async function inserirJson<R = never>(db: Db, tabela: string, linhas: Record<string, unknown>[], retorno = ''): Promise<R[]> {
  if (!linhas.length) return [];
  // The columns are the first row's keys; a key missing from a row is null, as json_populate_recordset reads it.
  const chaves = Object.keys(linhas[0]).map((k) => [k, snake(k)] as const);
  const json = JSON.stringify(
    linhas.map((l) => {
      const linha: Record<string, unknown> = {};
      for (const [k, coluna] of chaves) linha[coluna] = l[k];
      return linha;
    }),
  );
  const lista = chaves.map(([, c]) => `"${c}"`).join(', ');
  const r = await db.execute(
    sql`insert into ${sql.raw(tabela)} (${sql.raw(lista)}) select ${sql.raw(lista)} from json_populate_recordset(null::${sql.raw(tabela)}, convert_from(${Buffer.from(json)}::bytea, 'UTF8')::json)${sql.raw(retorno ? ` returning ${retorno}` : '')}`,
  );
  return linhasDe<R>(r);
}
