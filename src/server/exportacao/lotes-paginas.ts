import { sql, type SQL } from 'drizzle-orm';
import { proximaVolta } from '../db/ceder-vez';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import type { ConsultaPartida } from './ordem-da-consulta';

// Issue 33: on PGlite (one connection, and a transaction holds it: every other request's query waits for its end)
// an export reads in short statements with no transaction around the download. First the unique tail of its ORDER
// BY (the id) of every row, in the export's order: one statement, the one sort the cursor also made before its first
// row (some tens of MB for a million ids). Then the rows a page at a time by those ids (the primary key), put back in that
// order. Keyset pages were measured first (issue 33's bench, 42,412 CT-es): fine on an indexed order, but a sort no
// index serves (by carrier name) sorted the whole filter again on every page, 980 s instead of the cursor's 70 s.

const chave = (i: number) => sql.identifier(`__k${i}`);

/** The export's SELECT with its ORDER BY terms first in the select list (k0, k1, …), as a FROM item. */
function comChaves(partes: ConsultaPartida): SQL {
  const chaves = sql.join(
    partes.termos.map((t, i) => sql`${t.expr} as ${chave(i)}`),
    sql`, `,
  );
  return sql`(select ${chaves}, ${partes.resto}) as ${sql.identifier('__lote')}`;
}

/** Every row's id (the last term, unique) as text, in the export's order; the other columns are not computed. */
function idsEmOrdem(partes: ConsultaPartida): SQL {
  const ordem = sql.join(
    partes.termos.map((t, i) => sql`${chave(i)} ${sql.raw(`${t.direcao} nulls ${t.nulosAntes ? 'first' : 'last'}`)}`),
    sql`, `,
  );
  return sql`select ${chave(partes.termos.length - 1)}::text as id from ${comChaves(partes)} order by ${ordem}`;
}

/** The rows of these ids (each compared as the id's own type: the primary key's index), with the id as text. */
function linhasDosIds(partes: ConsultaPartida, ids: readonly string[]): SQL {
  const id = chave(partes.termos.length - 1);
  const lista = sql.join(
    ids.map((v) => sql`${v}`),
    sql`, `,
  );
  return sql`select *, ${id}::text as "__id" from ${comChaves(partes)} where ${id} in (${lista})`;
}

/** Every row of the SELECT in its order, `tamanho` a batch (see above); `mapa` as lotesPorCursor's. */
export async function* lotesPorPaginas<L, T>(db: Db, partes: ConsultaPartida, tamanho: number, mapa: (db: Db, linhas: L[]) => T[] | Promise<T[]>): AsyncGenerator<T[]> {
  await proximaVolta();
  const ids = linhas<{ id: string }>(await db.execute(idsEmOrdem(partes))).map((l) => l.id);
  const n = partes.termos.length;
  for (let i = 0; i < ids.length; i += tamanho) {
    const pagina = ids.slice(i, i + tamanho);
    // A turn of the event loop before each page: a PGlite query resolves without one, and a CSV pulled by a socket
    // that keeps up never waits on one either.
    await proximaVolta();
    const lidas = linhas<Record<string, unknown>>(await db.execute(linhasDosIds(partes, pagina)));
    const porId = new Map(lidas.map((l) => [l.__id as string, l]));
    for (const l of lidas) {
      delete l.__id;
      for (let k = 0; k < n; k++) delete l[`__k${k}`];
    }
    // In the order of the ids; a row gone since (deleted, or out of the filter now) is left out.
    const lote = await mapa(
      db,
      pagina.flatMap((id) => (porId.has(id) ? [porId.get(id) as L] : [])),
    );
    if (lote.length) yield lote;
  }
}
