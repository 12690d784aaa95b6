// Issue 32 benchmark: "Exportar para Excel" of the Fretes list, GET /api/ctes/exportar?formato=xlsx over every
// generated CT-e (1,000,000 by default) on PostgreSQL: time to the headers (the count) and to the first body
// byte (target ≤ 1 s), total time, rows/s, the file's size, and the process's RSS growth during the download and
// after it (target ≤ 100 MB; the server and this reader share the process, and the reader keeps no bytes).
// Figures only, never assertions.
// Alone (--expose-gc: the heap after a collection): NODE_OPTIONS=--expose-gc npx tsx -e "import('./bench/exportacao.ts').then(async m => console.log((await m.benchExportacao()).join('\n')))"
// BENCH_EXPORTACAO_CTES (default 1000000) changes the size; BENCH_EXPORTACAO_BANCOS=pg,pglite adds PGlite.
import { comBancosGerados, emCadaBanco, mil } from './bancos-bench';
import { carga } from './measure';

const QUANTIDADE = Number(process.env.BENCH_EXPORTACAO_CTES ?? 1_000_000);
const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

interface Download {
  cabecalhosMs: number;
  primeiroByteMs: number;
  totalMs: number;
  bytes: number;
  linhas: number;
  rssAntes: number;
  rssPico: number;
  rssDepois: number;
  heapAntes: number;
  heapDepois: number;
}

/** One download read chunk by chunk (bytes counted, never kept), RSS sampled every 20 ms. */
async function baixar(url: string, token: string, caminho: string): Promise<Download> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssAntes = process.memoryUsage().rss;
  const heapAntes = process.memoryUsage().heapUsed;
  let rssPico = rssAntes;
  const amostra = setInterval(() => (rssPico = Math.max(rssPico, process.memoryUsage().rss)), 20);
  try {
    const t0 = performance.now();
    const r = await fetch(`${url}${caminho}`, { headers: { authorization: token } });
    const cabecalhosMs = performance.now() - t0;
    if (!r.ok || !r.body) throw new Error(`exportação: ${r.status} ${await r.text()}`);
    const leitor = r.body.getReader();
    let primeiroByteMs = 0;
    let bytes = 0;
    for (;;) {
      const { done, value } = await leitor.read();
      if (done) break;
      if (!bytes) primeiroByteMs = performance.now() - t0;
      bytes += value.length;
    }
    const totalMs = performance.now() - t0;
    // After: a moment (and a collection, when run with --expose-gc), then the RSS the process keeps.
    await new Promise((ok) => setTimeout(ok, 2000));
    (globalThis as { gc?: () => void }).gc?.();
    return { cabecalhosMs, primeiroByteMs, totalMs, bytes, linhas: Number(r.headers.get('X-Total-Linhas')), rssAntes, rssPico, rssDepois: process.memoryUsage().rss, heapAntes, heapDepois: process.memoryUsage().heapUsed };
  } finally {
    clearInterval(amostra);
  }
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, QUANTIDADE, async ({ servir }) => {
    const { url, token } = await servir();
    const todos = 'dataIni=2000-01-01&dataFim=2099-12-31&tomadorServico=TODOS';
    const figuras: string[] = [];
    for (const [titulo, formato, sort] of [
      ['xlsx, ordem padrão (emissão desc)', 'xlsx', ''],
      ['xlsx, ordenada por transportadora', 'xlsx', '&sort=transportadora,asc'],
      ['csv, ordem padrão', 'csv', ''],
    ] as const) {
      const d = await baixar(url, token, `/api/ctes/exportar?formato=${formato}&${todos}${sort}`);
      figuras.push(
        `${nome}, GET /api/ctes/exportar ${titulo}: ${mil(d.linhas)} linhas, cabeçalhos em ${d.cabecalhosMs.toFixed(0)} ms, primeiro byte em ${d.primeiroByteMs.toFixed(0)} ms, ` +
          `total ${(d.totalMs / 1000).toFixed(1)} s = ${mil(Math.round(d.linhas / (d.totalMs / 1000)))} linhas/s, arquivo ${mb(d.bytes)}; ` +
          `RSS ${mb(d.rssAntes)} → pico ${mb(d.rssPico)} (+${mb(d.rssPico - d.rssAntes)}) → depois ${mb(d.rssDepois)} (+${mb(d.rssDepois - d.rssAntes)}); heap ${mb(d.heapAntes)} → ${mb(d.heapDepois)}, ${carga()}`,
      );
      console.error(`[bench] ${figuras.at(-1)}`);
    }
    return figuras;
  });

export async function benchExportacao(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_EXPORTACAO_BANCOS ?? 'pg', 'exportacao', medir);
}
