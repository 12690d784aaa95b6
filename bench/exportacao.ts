// Issue 32 benchmark: "Exportar para Excel" of the Fretes list, GET /api/ctes/exportar?formato=xlsx over every
// generated CT-e (1,000,000 by default) on PostgreSQL: time to the headers (the count) and to the first body
// byte (target ≤ 1 s), total time, rows/s, the file's size, and the process's RSS growth during the download and
// after it (target ≤ 100 MB). The download is read by a child process that counts the bytes and keeps none, so the
// figures are the server's alone.
// Figures only, never assertions.
// Alone (--expose-gc: the heap after a collection): NODE_OPTIONS=--expose-gc npx tsx -e "import('./bench/exportacao.ts').then(async m => console.log((await m.benchExportacao()).join('\n')))"
// BENCH_EXPORTACAO_CTES (default 1000000) changes the size; BENCH_EXPORTACAO_BANCOS=pg,pglite adds PGlite.
import { execFile } from 'node:child_process';
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
  /** Peaks during the download: the JS heap (garbage included) and the memory outside it (Buffers). */
  heapPico: number;
  heapDepois: number;
  externoPico: number;
}

/** A child process that downloads `url` and discards the bytes: prints the ms to the headers, to the first byte, the total and the count. */
const LEITOR = `
const t0 = performance.now();
const r = await fetch(process.argv[1], { headers: { authorization: process.argv[2] } });
const cabecalhos = performance.now() - t0;
if (!r.ok) { console.error(r.status, await r.text()); process.exit(1); }
let primeiro = 0, bytes = 0;
for await (const parte of r.body) { if (!bytes) primeiro = performance.now() - t0; bytes += parte.length; }
console.log(JSON.stringify({ cabecalhos, primeiro, total: performance.now() - t0, bytes, linhas: Number(r.headers.get('X-Total-Linhas')) }));`;

function lerEmOutroProcesso(url: string, token: string): Promise<{ cabecalhos: number; primeiro: number; total: number; bytes: number; linhas: number }> {
  return new Promise((ok, falha) => {
    execFile(process.execPath, ['--input-type=module', '-e', LEITOR, url, token], { maxBuffer: 1024 * 1024 }, (erro, saida) =>
      erro ? falha(new Error(`exportação: ${erro.message}`)) : ok(JSON.parse(saida)),
    );
  });
}

/** One download read by a child process, the server's RSS sampled every 20 ms. */
async function baixar(url: string, token: string, caminho: string): Promise<Download> {
  (globalThis as { gc?: () => void }).gc?.();
  const rssAntes = process.memoryUsage().rss;
  const heapAntes = process.memoryUsage().heapUsed;
  let rssPico = rssAntes;
  let heapPico = heapAntes;
  let externoPico = process.memoryUsage().external;
  const amostra = setInterval(() => {
    const m = process.memoryUsage();
    rssPico = Math.max(rssPico, m.rss);
    heapPico = Math.max(heapPico, m.heapUsed);
    externoPico = Math.max(externoPico, m.external);
  }, 20);
  try {
    const d = await lerEmOutroProcesso(`${url}${caminho}`, token);
    // After: a moment (and a collection, when run with --expose-gc), then the RSS the process keeps.
    await new Promise((ok) => setTimeout(ok, 2000));
    (globalThis as { gc?: () => void }).gc?.();
    return { cabecalhosMs: d.cabecalhos, primeiroByteMs: d.primeiro, totalMs: d.total, bytes: d.bytes, linhas: d.linhas, rssAntes, rssPico, rssDepois: process.memoryUsage().rss, heapAntes, heapPico, heapDepois: process.memoryUsage().heapUsed, externoPico };
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
          `RSS ${mb(d.rssAntes)} → pico ${mb(d.rssPico)} (+${mb(d.rssPico - d.rssAntes)}) → depois ${mb(d.rssDepois)} (+${mb(d.rssDepois - d.rssAntes)}); heap ${mb(d.heapAntes)} → pico ${mb(d.heapPico)} → depois ${mb(d.heapDepois)}, fora do heap pico ${mb(d.externoPico)}, ${carga()}`,
      );
      console.error(`[bench] ${figuras.at(-1)}`);
    }
    return figuras;
  });

export async function benchExportacao(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_EXPORTACAO_BANCOS ?? 'pg', 'exportacao', medir);
}
