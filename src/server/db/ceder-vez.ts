// A long batch (an audit of 100,000 CT-es) shares the one event loop with every API call: its CPU work is
// cut into slices of about FATIA_MS, and between slices other callbacks (requests, their queries) run.
const FATIA_MS = 1;

/** A function to await between items: it yields to the event loop (setImmediate) once a slice has passed. */
export function cederVez(fatiaMs = FATIA_MS): () => Promise<void> | undefined {
  let inicio = performance.now();
  return () => {
    if (performance.now() - inicio < fatiaMs) return undefined;
    return new Promise<void>((ok) =>
      setImmediate(() => {
        inicio = performance.now();
        ok();
      }),
    );
  };
}

/**
 * One turn of the event loop. PGlite runs a query synchronously and hands its queue to the next query in
 * the same turn: the batch waits a turn before each of its queries, so a request's query queued meanwhile
 * goes first.
 */
export const proximaVolta = () => new Promise<void>((ok) => setImmediate(ok));

/**
 * The readings' shared cut (issue 33): `fazer` runs on `itens` in chunks of `tamanho`, one turn of the event loop
 * given back before every chunk after the first. A statement over a few hundred rows is a few milliseconds on
 * PGlite, which runs it synchronously in the event loop; over a whole file's thousands it froze every request.
 */
export async function emLotes<T>(itens: readonly T[], tamanho: number, fazer: (lote: T[], inicio: number) => Promise<void>): Promise<void> {
  for (let i = 0; i < itens.length; i += tamanho) {
    if (i > 0) await proximaVolta();
    await fazer(itens.slice(i, i + tamanho), i);
  }
}
