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
