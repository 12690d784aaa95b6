// Issue 33's "no freeze" tests: a batch must give the event loop back. A setImmediate chain started with the batch
// counts the turns other callbacks got before it ended (a PGlite query resolves without a macrotask, so a batch
// that never yields lets it run zero times). No timing involved.

/** Runs `lote`; answers what it answered and how many turns a setImmediate chain started with it took before it ended. */
export async function voltasDurante<T>(lote: () => Promise<T>): Promise<{ r: T; voltas: number }> {
  let voltas = 0;
  let fim = false;
  const girar = () => {
    if (fim) return;
    voltas++;
    setImmediate(girar);
  };
  setImmediate(girar);
  const r = await lote().finally(() => (fim = true));
  return { r, voltas };
}
