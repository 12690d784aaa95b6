// Indicadores (targets: the CSV of 1,000,000 indicator rows on PostgreSQL with the first byte in
// ≤ 1 s and server RSS growth ≤ 50 MB, total time printed; GET /vw/frete-indicadores-peso-valor p99 ≤ 100 ms
// with 1,000,000 CT-es). The server runs in this process (bench/bancos-bench.ts), so its RSS is this
// process's, sampled every 50 ms while the CSV streams; the client reads the stream and drops it. Figures only.
// Alone: npx tsx -e "import('./bench/indicadores.ts').then(async m => console.log((await m.benchIndicadores()).join('\n')))"
// BENCH_INDICADORES_CTES (default 1000000); BENCH_INDICADORES_BANCOS=pg (default), pglite, or pg,pglite.
import { sql } from 'drizzle-orm';
import type { CompanyDatabase } from '../src/server/db/database';
import { mesSaoPaulo, somarDias } from '../src/domain/sao-paulo-date';
import { comBancosGerados, emCadaBanco, linhas, medirConsulta, mil, type Servidor } from './bancos-bench';
import { time } from './measure';

const QUANTIDADE = Number(process.env.BENCH_INDICADORES_CTES ?? 1_000_000);
const MB = 1024 * 1024;

async function amostras(banco: CompanyDatabase) {
  const [c] = linhas<{ transportadora_id: number; numero: number }>(
    await banco.db.execute(sql`select transportadora_id, numero from cte where transportadora_id is not null order by id desc limit 1 offset 5000`),
  );
  const [f] = linhas<{ numero_fatura: string | null }>(await banco.db.execute(sql`select numero_fatura from cte where numero_fatura is not null limit 1`));
  return { ...c, fatura: f?.numero_fatura ?? null };
}

async function medirPaginas(s: Servidor, banco: CompanyDatabase): Promise<string[]> {
  const a = await amostras(banco);
  const { dataIni, dataFim } = mesSaoPaulo();
  const ano = `dataEmissao_inicio=${somarDias(dataFim, -365)}&dataEmissao_fim=${dataFim}`;
  const consultas: [string, string][] = [
    ['mês corrente por data da NF (padrão da tela)', `filtroRadioGroup=NF&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`],
    ['mês corrente por data do CT-e', `filtroRadioGroup=CTE&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`],
    ['mês corrente, página 40', `filtroRadioGroup=NF&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}&page=40`],
    ['uma transportadora, 12 meses', `filtroRadioGroup=CTE&${ano}&transportadora=${a.transportadora_id}`],
    ['um número de CT-e, 12 meses', `filtroRadioGroup=CTE&${ano}&numeroCte=${a.numero}`],
  ];
  if (a.fatura) consultas.push(['uma fatura', `numeroFatura=${encodeURIComponent(a.fatura)}`]);
  const figuras: string[] = [];
  for (const [rotulo, q] of consultas) {
    const { latencia, totalElements } = await medirConsulta(s.url, s.token, `/api/vw/frete-indicadores-peso-valor?${q}`, rotulo);
    figuras.push(`GET /vw/frete-indicadores-peso-valor, ${rotulo} (${mil(totalElements)} linhas): ${latencia}`);
  }
  const resumo = await medirConsulta(s.url, s.token, `/api/vw/frete-indicadores-resumo?filtroRadioGroup=NF&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`, 'resumo');
  figuras.push(`GET /vw/frete-indicadores-resumo, mês corrente: ${resumo.latencia}`);
  return figuras;
}

/** The whole CSV of `caminho`: time to the first byte, total, rows, bytes, and the RSS growth while it streamed. */
async function medirCsv(s: Servidor, metodo: string, caminho: string): Promise<string> {
  global.gc?.();
  const base = process.memoryUsage();
  let pico = base.rss;
  let picoHeap = base.heapUsed;
  const amostrador = setInterval(() => {
    const m = process.memoryUsage();
    pico = Math.max(pico, m.rss);
    picoHeap = Math.max(picoHeap, m.heapUsed);
  }, 50);
  let primeiro = 0;
  let bytes = 0;
  let quebras = 0;
  try {
    const [total] = await time(async () => {
      const inicio = performance.now();
      const r = await fetch(`${s.url}${caminho}`, { method: metodo, headers: { authorization: s.token } });
      if (!r.ok || !r.body) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
      for await (const pedaco of r.body as unknown as AsyncIterable<Uint8Array>) {
        if (!primeiro) primeiro = performance.now() - inicio;
        bytes += pedaco.length;
        for (let i = 0; i < pedaco.length; i++) if (pedaco[i] === 10) quebras++;
      }
    });
    return `CSV ${metodo} ${caminho.split('?')[0]}: ${mil(quebras - 1)} linhas, ${(bytes / MB).toFixed(0)} MiB; primeiro byte ${primeiro.toFixed(0)} ms; total ${(total / 1000).toFixed(1)} s; RSS ${(base.rss / MB).toFixed(0)} MiB → pico ${(pico / MB).toFixed(0)} MiB (+${((pico - base.rss) / MB).toFixed(0)} MiB); heap JS +${((picoHeap - base.heapUsed) / MB).toFixed(0)} MiB no pico`;
  } finally {
    clearInterval(amostrador);
  }
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, QUANTIDADE, async ({ banco, servir }) => {
    const s = await servir();
    const tudo = `filtroRadioGroup=CTE&dataEmissao_inicio=2000-01-01&dataEmissao_fim=2099-12-31`;
    const figuras = [...(await medirPaginas(s, banco)), await medirCsv(s, 'POST', `/api/indicadores/frete-base?${tudo}`), await medirCsv(s, 'GET', `/api/vw/frete-indicadores-peso-valor?${tudo}&formato=csv`)];
    for (const f of figuras) process.stderr.write(`  ${nome}, ${f}\n`);
    return figuras.map((f) => `${nome}, ${f}`);
  });

export async function benchIndicadores(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_INDICADORES_BANCOS ?? 'pg', 'indicadores', medir);
}
