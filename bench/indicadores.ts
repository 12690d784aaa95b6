// Indicadores (issue 33 targets, 1,000,000 CT-es on PostgreSQL: the charts' summary GET /vw/frete-indicadores-resumo
// p95 ≤ 200 ms; the indicator CSVs with server RSS growth ≤ 50 MB and back near the start after; the list
// GET /vw/frete-indicadores-peso-valor p99 ≤ 100 ms). Each CSV is read by a child process that counts the bytes and
// keeps none, so the RSS sampled here (every 20 ms) is the server's alone; "depois" is 2 s after the download and a
// collection. Every figure with the machine's load. Figures only.
// Alone: NODE_OPTIONS=--expose-gc npx tsx -e "import('./bench/indicadores.ts').then(async m => console.log((await m.benchIndicadores()).join('\n')))"
// BENCH_INDICADORES_CTES (default 1000000); BENCH_INDICADORES_BANCOS=pg (default), pglite, or pg,pglite;
// BENCH_INDICADORES_URL=postgres://…/db: an already generated database (its admin's password bench-admin), measured
// as it is, nothing generated.
import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { sql } from 'drizzle-orm';
import { mesSaoPaulo, somarDias } from '../src/domain/sao-paulo-date';
import { openCompanyDatabases } from '../src/server/abrir-bancos-empresas';
import { createApp } from '../src/server/app';
import type { CompanyDatabase } from '../src/server/db/database';
import { comBancosGerados, emCadaBanco, linhas, medirConsulta, mil, type Servidor } from './bancos-bench';
import { carga, entrarComoAdmin, quantil } from './measure';

const QUANTIDADE = Number(process.env.BENCH_INDICADORES_CTES ?? 1_000_000);
const REPETICOES = 40;
const MB = 1024 * 1024;
const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

async function amostras(banco: CompanyDatabase) {
  const [c] = linhas<{ transportadora_id: number; numero: number }>(
    await banco.db.execute(sql`select transportadora_id, numero from cte where transportadora_id is not null order by id desc limit 1 offset 5000`),
  );
  const [f] = linhas<{ numero_fatura: string | null }>(await banco.db.execute(sql`select numero_fatura from cte where numero_fatura is not null limit 1`));
  return { ...c, fatura: f?.numero_fatura ?? null };
}

/** p50/p95 of a GET (one warm-up, then REPETICOES calls). */
async function p50p95(s: Servidor, caminho: string): Promise<string> {
  const pedir = async () => {
    const r = await fetch(`${s.url}${caminho}`, { headers: { authorization: s.token } });
    if (!r.ok) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
    await r.arrayBuffer();
  };
  await pedir();
  const xs: number[] = [];
  for (let i = 0; i < REPETICOES; i++) {
    const t = performance.now();
    await pedir();
    xs.push(performance.now() - t);
  }
  return `p50 ${quantil(xs, 0.5).toFixed(1)} ms, p95 ${quantil(xs, 0.95).toFixed(1)} ms (n=${xs.length}), ${carga()}`;
}

async function medirPaginas(s: Servidor, banco: CompanyDatabase): Promise<string[]> {
  const a = await amostras(banco);
  const { dataIni, dataFim } = mesSaoPaulo();
  const ano = `dataEmissao_inicio=${somarDias(dataFim, -365)}&dataEmissao_fim=${dataFim}`;
  const mesNf = `filtroRadioGroup=NF&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`;
  const consultas: [string, string][] = [
    ['mês corrente por data da NF (padrão da tela)', mesNf],
    ['mês corrente por data do CT-e', `filtroRadioGroup=CTE&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`],
    ['mês corrente, página 40', `${mesNf}&page=40`],
    ['uma transportadora, 12 meses', `filtroRadioGroup=CTE&${ano}&transportadora=${a.transportadora_id}`],
    ['um número de CT-e, 12 meses', `filtroRadioGroup=CTE&${ano}&numeroCte=${a.numero}`],
  ];
  if (a.fatura) consultas.push(['uma fatura', `numeroFatura=${encodeURIComponent(a.fatura)}`]);
  const figuras: string[] = [];
  for (const [rotulo, q] of consultas) {
    const { latencia, totalElements } = await medirConsulta(s.url, s.token, `/api/vw/frete-indicadores-peso-valor?${q}`, rotulo);
    figuras.push(`GET /vw/frete-indicadores-peso-valor, ${rotulo} (${mil(totalElements)} linhas): ${latencia}, ${carga()}`);
  }
  const resumos: [string, string][] = [
    ['mês corrente por data da NF (padrão da tela)', mesNf],
    ['mês corrente por data do CT-e', `filtroRadioGroup=CTE&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`],
    ['12 meses por data do CT-e', `filtroRadioGroup=CTE&${ano}`],
    ['uma transportadora, 12 meses', `filtroRadioGroup=CTE&${ano}&transportadora=${a.transportadora_id}`],
  ];
  if (a.fatura) resumos.push(['uma fatura (das notas)', `numeroFatura=${encodeURIComponent(a.fatura)}`]);
  for (const [rotulo, q] of resumos) figuras.push(`GET /vw/frete-indicadores-resumo, ${rotulo}: ${await p50p95(s, `/api/vw/frete-indicadores-resumo?${q}`)}`);
  return figuras;
}

/** A child process that downloads a URL with a method and discards the bytes: the ms to the first byte, the total, bytes. */
const LEITOR = `
const t0 = performance.now();
const r = await fetch(process.argv[1], { method: process.argv[3], headers: { authorization: process.argv[2] } });
if (!r.ok) { console.error(r.status, await r.text()); process.exit(1); }
let primeiro = 0, bytes = 0;
for await (const parte of r.body) { if (!bytes) primeiro = performance.now() - t0; bytes += parte.length; }
console.log(JSON.stringify({ primeiro, total: performance.now() - t0, bytes, linhas: Number(r.headers.get('X-Total-Linhas')) }));`;

const lerEmOutroProcesso = (url: string, token: string, metodo: string) =>
  new Promise<{ primeiro: number; total: number; bytes: number; linhas: number }>((ok, falha) =>
    execFile(process.execPath, ['--input-type=module', '-e', LEITOR, url, token, metodo], { maxBuffer: MB }, (erro, saida) => (erro ? falha(erro) : ok(JSON.parse(saida)))),
  );

/** The whole CSV of `caminho`, read by a child process: first byte, total, and this process's RSS before, at peak and after. */
async function medirCsv(s: Servidor, metodo: string, caminho: string): Promise<string> {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const antes = process.memoryUsage();
  let pico = antes.rss;
  let picoHeap = antes.heapUsed;
  const amostrador = setInterval(() => {
    const m = process.memoryUsage();
    pico = Math.max(pico, m.rss);
    picoHeap = Math.max(picoHeap, m.heapUsed);
  }, 20);
  try {
    const d = await lerEmOutroProcesso(`${s.url}${caminho}`, s.token, metodo);
    await new Promise((ok) => setTimeout(ok, 2000));
    gc?.();
    const depois = process.memoryUsage();
    return (
      `CSV ${metodo} ${caminho.split('?')[0]}: ${mil(d.linhas)} linhas, ${mb(d.bytes)}; primeiro byte ${d.primeiro.toFixed(0)} ms; total ${(d.total / 1000).toFixed(1)} s; ` +
      `RSS ${mb(antes.rss)} → pico ${mb(pico)} (+${mb(pico - antes.rss)}) → depois ${mb(depois.rss)} (+${mb(depois.rss - antes.rss)}); ` +
      `heap ${mb(antes.heapUsed)} → pico ${mb(picoHeap)} → depois ${mb(depois.heapUsed)}, ${carga()}`
    );
  } finally {
    clearInterval(amostrador);
  }
}

async function medirTudo(nome: string, s: Servidor, banco: CompanyDatabase): Promise<string[]> {
  const tudo = `filtroRadioGroup=CTE&dataEmissao_inicio=2000-01-01&dataEmissao_fim=2099-12-31`;
  const figuras: string[] = [];
  const anotar = (f: string) => {
    figuras.push(`${nome}, ${f}`);
    process.stderr.write(`  ${nome}, ${f}\n`);
  };
  for (const f of await medirPaginas(s, banco)) anotar(f);
  anotar(await medirCsv(s, 'POST', `/api/indicadores/frete-base?${tudo}`));
  anotar(await medirCsv(s, 'GET', `/api/vw/frete-indicadores-peso-valor?${tudo}&formato=csv`));
  return figuras;
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, QUANTIDADE, async ({ banco, servir }) => medirTudo(nome, await servir(), banco));

/** BENCH_INDICADORES_URL: the database as it is (already seeded with the bench's admin password and generated). */
async function medirExistente(databaseUrl: string): Promise<string[]> {
  const bancos = await openCompanyDatabases({ databaseUrl });
  const http = serve({ fetch: createApp({ bancos }).fetch, port: 0 });
  try {
    await new Promise<void>((ok) => http.once('listening', () => ok()));
    const url = `http://localhost:${(http.address() as AddressInfo).port}`;
    const s: Servidor = { url, token: await entrarComoAdmin(url, 'bench-admin'), close: async () => {} };
    const [{ n }] = linhas<{ n: number }>(await bancos.COLACRIL.db.execute(sql`select count(*)::int as n from cte`));
    return [`PostgreSQL existente: ${mil(n)} CT-es`, ...(await medirTudo('PostgreSQL', s, bancos.COLACRIL))];
  } finally {
    await new Promise<void>((ok) => http.close(() => ok()));
    await Promise.allSettled(Object.values(bancos).map((b) => b.close()));
  }
}

export async function benchIndicadores(): Promise<string[]> {
  const existente = process.env.BENCH_INDICADORES_URL;
  if (existente) return medirExistente(existente);
  return emCadaBanco(process.env.BENCH_INDICADORES_BANCOS ?? 'pg', 'indicadores', medir);
}
