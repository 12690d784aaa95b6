import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { ehPglite } from '../db/open-pglite';
import { lotesPorPaginas } from './lotes-paginas';
import { partirConsulta } from './ordem-da-consulta';

// Issue 32: the rows of a list's export, read by a server-side cursor in batches. A cursor keeps the list's own
// ORDER BY whatever the sort the user chose (several fields, Portuguese text order, NULLs placed), where a keyset
// would need a comparison written for each; PostgreSQL plans a cursor for its first rows (the first byte comes
// at once) and memory holds one batch. The cursor lives in a transaction of its own, open while the file
// streams; the next batch is fetched only when the writer asks for it (back-pressure to the database). On PGlite
// (one connection, which a transaction holds until its end) the export reads in short statements instead, the ids in
// order and then pages by id (lotes-paginas.ts; issue 33): a cursor there held every other request's queries for the
// whole download.

export const LOTE_EXPORTACAO = 500;
/** PGlite runs each statement in the event loop: pages of 100 rows by id are a few tens of ms each (issue 33's bench). */
export const PAGINA_PGLITE = 100;

interface Adiado<T> {
  promessa: Promise<T>;
  resolver: (v: T) => void;
  rejeitar: (e: unknown) => void;
}

function adiado<T>(): Adiado<T> {
  let resolver!: (v: T) => void;
  let rejeitar!: (e: unknown) => void;
  const promessa = new Promise<T>((r, j) => {
    resolver = r;
    rejeitar = j;
  });
  // Awaited later (or never, when the reader stopped first): no unhandled rejection meanwhile.
  promessa.catch(() => {});
  return { promessa, resolver, rejeitar };
}

/** `expr as "campo"` for every field: the cursor's rows come back keyed by these names. */
export function selecaoNomeada(campos: Record<string, SQLWrapper>): SQL {
  return sql.join(
    Object.entries(campos).map(([nome, expr]) => sql`${expr} as ${sql.identifier(nome)}`),
    sql`, `,
  );
}

export interface OpcoesCursor<L, T> {
  tamanho?: number;
  /** Turns a batch into the export's rows; may query (through `tx`, the cursor's own transaction, never `db`). */
  mapa: (tx: Db, linhas: L[]) => T[] | Promise<T[]>;
}

/** The rows of `consulta` in batches: pages by id on PGlite (when the SELECT has the usual shape), the cursor otherwise. */
export function lotesPorCursor<L, T>(db: Db, consulta: SQL, opcoes: OpcoesCursor<L, T>): AsyncGenerator<T[]> {
  const partes = ehPglite({ db }) ? partirConsulta(consulta) : undefined;
  if (partes) return lotesPorPaginas(db, partes, opcoes.tamanho ?? PAGINA_PGLITE, opcoes.mapa);
  return lotesDoCursor(db, consulta, opcoes);
}

/**
 * The rows of `consulta` (a full SELECT with its ORDER BY), batch after batch, until the end or the reader stops.
 * The cursor's transaction (the producer) and the reader meet at two single-use hand-overs, each replaced before
 * the other side is released, so nothing links one batch to the next: a hand-over that kept a reference to the
 * following one held every batch of the download alive (a million rows: +600 MB of heap until the end).
 */
export async function* lotesDoCursor<L, T>(db: Db, consulta: SQL, opcoes: OpcoesCursor<L, T>): AsyncGenerator<T[]> {
  const tamanho = opcoes.tamanho ?? LOTE_EXPORTACAO;
  /** The batch the producer hands over next; `ultimo` when the cursor ran out (null: stopped by an error). */
  let entrega = adiado<{ lote: T[]; ultimo: boolean } | null>();
  /** The reader's answer the producer waits for after handing over: true for another batch, false to stop. */
  let pedido = adiado<boolean>();
  const transacao = db.transaction(async (tx) => {
    await tx.execute(sql`declare exportacao no scroll cursor for ${consulta}`);
    for (;;) {
      const lidas = linhas<L>(await tx.execute(sql.raw(`fetch forward ${tamanho} from exportacao`)));
      const resposta = pedido;
      const ultimo = lidas.length < tamanho;
      entrega.resolver({ lote: await opcoes.mapa(tx as unknown as Db, lidas), ultimo });
      if (ultimo || !(await resposta.promessa)) return;
    }
  });
  // A failure reaches the reader at the hand-over it waits on (the producer only works while the reader waits).
  transacao.then(
    () => entrega.resolver(null),
    (e: unknown) => entrega.rejeitar(e),
  );
  let aResponder: Adiado<boolean> | null = null;
  try {
    for (;;) {
      const recebida = await entrega.promessa;
      if (!recebida) return;
      aResponder = pedido;
      entrega = adiado();
      pedido = adiado();
      if (recebida.lote.length) yield recebida.lote;
      if (recebida.ultimo) return void (await transacao);
      aResponder.resolver(true);
      aResponder = null;
    }
  } finally {
    // The reader stopped (or the end came): the producer returns, the transaction ends and frees its connection.
    aResponder?.resolver(false);
    pedido.resolver(false);
    await transacao.catch(() => {});
  }
}
