import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';

// Issue 32: the rows of a list's export, read by a server-side cursor in batches. A cursor keeps the list's own
// ORDER BY whatever the sort the user chose (several fields, Portuguese text order, NULLs placed), where a keyset
// would need a comparison written for each; PostgreSQL plans a cursor for its first rows (the first byte comes
// at once) and memory holds one batch. The cursor lives in a transaction of its own, open while the file
// streams; the next batch is fetched only when the writer asks for it (back-pressure to the database). On PGlite
// (one connection) the other requests wait between batches while the export runs: its databases are small.

export const LOTE_EXPORTACAO = 500;

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

interface Passo<T> {
  lote: T[];
  /** The next batch (null: the end), resolved by the producer. */
  proximo: Adiado<Passo<T> | null>;
  /** Resolved by the reader: true for the next batch, false to stop. */
  pedido: Adiado<boolean>;
}

/** The rows of `consulta` (a full SELECT with its ORDER BY), batch after batch, until the end or the reader stops. */
export async function* lotesPorCursor<L, T>(db: Db, consulta: SQL, opcoes: OpcoesCursor<L, T>): AsyncGenerator<T[]> {
  const tamanho = opcoes.tamanho ?? LOTE_EXPORTACAO;
  let aEntregar = adiado<Passo<T> | null>();
  let espera = aEntregar;
  const transacao = db.transaction(async (tx) => {
    await tx.execute(sql`declare exportacao no scroll cursor for ${consulta}`);
    for (;;) {
      const lidas = linhas<L>(await tx.execute(sql.raw(`fetch forward ${tamanho} from exportacao`)));
      const passo: Passo<T> = { lote: await opcoes.mapa(tx as unknown as Db, lidas), proximo: adiado(), pedido: adiado() };
      aEntregar.resolver(passo);
      aEntregar = passo.proximo;
      if (lidas.length < tamanho || !(await passo.pedido.promessa)) return;
    }
  });
  // Settled after the last batch was handed over: the reader meets the end (or the error) at its next ask.
  transacao.then(
    () => aEntregar.resolver(null),
    (e: unknown) => aEntregar.rejeitar(e),
  );
  let passo: Passo<T> | null = null;
  try {
    for (;;) {
      passo = await espera.promessa;
      if (!passo) return;
      espera = passo.proximo;
      if (passo.lote.length) yield passo.lote;
      passo.pedido.resolver(true);
    }
  } finally {
    // The reader stopped (or the end came): the producer returns, the transaction ends and frees its connection.
    passo?.pedido.resolver(false);
    await transacao.catch(() => {});
  }
}
