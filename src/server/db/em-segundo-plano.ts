import { proximaVolta } from './ceder-vez';
import type { Db } from './database';

/**
 * A job run in the background at most once at a time per database in this process (the summaries' compactions):
 * `iniciar` starts it unless it already runs, without waiting; `emAndamento` is the running one (a test, or a
 * shutdown, may wait for it). A failure is logged under `rotulo`, never thrown at the caller.
 */
export function emSegundoPlano(rotulo: string, fazer: (db: Db) => Promise<unknown>) {
  const rodando = new WeakMap<Db, Promise<unknown>>();
  return {
    iniciar(db: Db): void {
      if (rodando.has(db)) return;
      const feita = fazer(db)
        .catch((e: unknown) => console.error(`${rotulo}: a compactação falhou:`, e instanceof Error ? e.message : e))
        .finally(() => rodando.delete(db));
      rodando.set(db, feita);
    },
    emAndamento: (db: Db): Promise<unknown> => rodando.get(db) ?? Promise.resolve(),
  };
}

/**
 * A summary's fold (cte_resumo, indicador_resumo): `lote` deltas a transaction until a batch comes back short, a turn
 * of the event loop between batches (PGlite resolves without one); a batch locked out (-1) ends it. Answers how many
 * deltas it folded.
 */
export async function dobrarEmLotes(db: Db, lote: number, dobrarLote: (db: Db, lote: number) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    if (total) await proximaVolta();
    const movidas = await dobrarLote(db, lote);
    total += Math.max(movidas, 0);
    if (movidas < lote) return total;
  }
}
