// Readjustment simulation benchmark (issue 32: 100,000 CT-es ≤ 60 s): BENCH_REAJUSTE (default 100,000) CT-es
// audited with one table (the demo's, copied by gerar-ctes-reajuste.ts with their audits), then
// POST /api/tabelas-frete/{id}/reajuste with a 10 % general readjustment over their period, timed through HTTP: the
// JSON answer and the .xlsx of every CT-e. Figures only.
// Alone: node --import tsx -e "import('./bench/reajuste.ts').then(async m => console.log((await m.benchReajuste()).join('\n')))"
// BENCH_REAJUSTE_BANCOS=pg or pglite runs one database only (default pg,pglite).
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { EMPRESAS } from '../src/contracts/common';
import { mesSaoPaulo, somarDias } from '../src/domain/sao-paulo-date';
import { relogio } from '../src/domain/relogio';
import { openCompanyDatabases } from '../src/server/abrir-bancos-empresas';
import { createApp } from '../src/server/app';
import { seedDatabase } from '../src/server/carga-inicial/semear-banco';
import { emCadaBanco, mil } from './bancos-bench';
import { multiplicarCtesAuditados, tabelaMaisAuditada } from './gerar-ctes-reajuste';
import { carga, entrarComoAdmin } from './measure';

const QUANTIDADE = Number(process.env.BENCH_REAJUSTE ?? 100_000);
const SENHA = 'bench-admin';

/** The demo's three months (the copies keep their originals' dates). */
function periodo() {
  const mes = mesSaoPaulo(relogio.agora());
  return { dataIni: mesSaoPaulo(new Date(`${somarDias(mes.dataIni, -40)}T12:00:00Z`)).dataIni, dataFim: mes.dataFim };
}

async function simular(url: string, token: string, tabelaId: number, formato: 'json' | 'xlsx') {
  const memoria = process.memoryUsage().rss;
  const t = performance.now();
  const cpu = process.cpuUsage();
  const r = await fetch(`${url}/api/tabelas-frete/${tabelaId}/reajuste?formato=${formato}`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json' },
    body: JSON.stringify({ ...periodo(), percentualGeral: '10' }),
  });
  if (!r.ok) throw new Error(`reajuste: ${r.status} ${await r.text()}`);
  const corpo = formato === 'json' ? ((await r.json()) as { totalCtes: number; total: { simulado: string } }) : { bytes: (await r.arrayBuffer()).byteLength };
  const ms = performance.now() - t;
  const { user, system } = process.cpuUsage(cpu);
  return { ms, cpu: (user + system) / 1e6, corpo, memoria: (process.memoryUsage().rss - memoria) / 2 ** 20 };
}

async function medir(nome: string, local: { dataDir?: string; databaseUrl?: string }): Promise<string[]> {
  const bancos = await openCompanyDatabases(local);
  let fechar = async () => {};
  try {
    for (const e of EMPRESAS) await seedDatabase(bancos[e], { adminPassword: SENHA, demo: true, log: () => {} });
    const { db } = bancos.COLACRIL;
    const tabela = await tabelaMaisAuditada(db);
    const t0 = performance.now();
    const copias = await multiplicarCtesAuditados(db, tabela.id, QUANTIDADE, tabela.ctes);
    console.error(`[reajuste] ${nome}: ${mil(copias)} cópias (${carga()})`);
    const figuras = [`${nome}: ${mil(copias)} CT-es auditados copiados de ${mil(tabela.ctes)} da demonstração (tabela ${tabela.id}) em ${((performance.now() - t0) / 1000).toFixed(1)} s`];
    const s = serve({ fetch: createApp({ bancos }).fetch, port: 0 });
    await new Promise<void>((ok) => s.once('listening', () => ok()));
    fechar = () => new Promise<void>((ok) => s.close(() => ok()));
    const url = `http://localhost:${(s.address() as AddressInfo).port}`;
    const token = await entrarComoAdmin(url, SENHA);
    const json = await simular(url, token, tabela.id, 'json');
    const corpo = json.corpo as { totalCtes: number; total: { simulado: string } };
    figuras.push(
      `${nome}, simulação de reajuste de 10 % sobre ${mil(corpo.totalCtes)} CT-es (JSON): ${(json.ms / 1000).toFixed(1)} s = ${mil(Math.round(corpo.totalCtes / (json.ms / 1000)))} CT-es/s, CPU do processo ${json.cpu.toFixed(1)} s, memória +${json.memoria.toFixed(0)} MB (${carga()})`,
    );
    console.error(`[reajuste] ${figuras.at(-1)}`);
    const xlsx = await simular(url, token, tabela.id, 'xlsx');
    figuras.push(`${nome}, a mesma simulação em .xlsx (todos os CT-es): ${(xlsx.ms / 1000).toFixed(1)} s, ${((xlsx.corpo as { bytes: number }).bytes / 2 ** 20).toFixed(1)} MB (${carga()})`);
    return figuras;
  } finally {
    await fechar();
    await Promise.allSettled(Object.values(bancos).map((b) => b.close()));
  }
}

export async function benchReajuste(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_REAJUSTE_BANCOS, 'reajuste', medir);
}
