// Issue 33, 5,000,000 CT-es on PostgreSQL, measured side by side: a database of 1,000,000 CT-es, a copy of it
// (CREATE DATABASE … TEMPLATE) that then gets 4,000,000 more (same twelve months, same spreads: every month holds
// five times the rows), both served at once by two app servers; every call alternates between the two (A B, B A, …)
// so both sizes are measured at the same moments, at the same load. Printed: each row's p50 / p95 at both sizes,
// the p95 ratio (target ≤ 1.5×) and the rows each call found, for the CT-e list, the palette's CT-e search, linking
// a DOCCOB of 5,000 CT-es and the indicator charts' summary (with the summary rows it reads). Figures only.
// Until stop 43 the 1 M side was measured before the 4 M were generated, an hour apart: the same run gave ratios
// of 0.35× and 2.45× for one row at two runs.
// Alone: npm run bench -- cincoMilhoes. BENCH_5M_BASE (default 1000000) and BENCH_5M_TOTAL (default 5000000).
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { mesSaoPaulo } from '../src/domain/sao-paulo-date';
import type { CompanyDatabase } from '../src/server/db/database';
import { gerarCtes } from '../src/server/demo/gerar-ctes';
import { lerArquivoDoccob } from '../src/server/faturas/ler-arquivo-doccob';
import { openCompanyDatabases } from '../src/server/abrir-bancos-empresas';
import { abrirSemeados, linhas, mil, PG_URL, servir, urlDoBanco as url, type Bancos, type Servidor } from './bancos-bench';
import { amostras, consultasLista, textosPaleta } from './ctes';
import { CTES_NO_ARQUIVO, doccobGrande } from './faturas-leitura';
import { carga, quantil, time } from './measure';

const BASE = Number(process.env.BENCH_5M_BASE ?? 1_000_000);
const TOTAL = Number(process.env.BENCH_5M_TOTAL ?? 5_000_000);
const REPETICOES = 60;

/** One size's figures of a row: p50 and p95 in ms (a batch measured once: both are its time). */
interface Figura {
  p50: number;
  p95: number;
  nota?: string;
}
type Par = { base: Servidor; total: Servidor };
type Linha = { rotulo: string; base: Figura; total: Figura; carga: string };

/** Progress on stderr (a run takes over an hour): which phase, so other work keeps off the measured ones. */
const marcar = (linha: string) => console.error(`[cincoMilhoes ${new Date().toISOString()}] ${linha}`);

async function pedir(s: Servidor, caminho: string): Promise<{ totalElements?: number }> {
  const r = await fetch(`${s.url}${caminho}`, { headers: { authorization: s.token } });
  if (!r.ok) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
  return r.json() as Promise<{ totalElements?: number }>;
}

/** A GET on both servers: one warm-up each, then REPETICOES pairs, the order flipped every pair. */
async function amostrarPar(par: Par, rotulo: string, caminho: string): Promise<Linha> {
  const [corpoBase, corpoTotal] = [await pedir(par.base, caminho), await pedir(par.total, caminho)];
  const xs = { base: [] as number[], total: [] as number[] };
  for (let i = 0; i < REPETICOES; i++)
    for (const lado of i % 2 ? (['total', 'base'] as const) : (['base', 'total'] as const)) xs[lado].push((await time(() => pedir(par[lado], caminho)))[0]);
  const figura = (v: number[], corpo: { totalElements?: number }): Figura => ({
    p50: quantil(v, 0.5),
    p95: quantil(v, 0.95),
    nota: corpo.totalElements === undefined ? undefined : `${mil(corpo.totalElements)} encontrados`,
  });
  return { rotulo, base: figura(xs.base, corpoBase), total: figura(xs.total, corpoTotal), carga: carga() };
}

/** The summary rows of the current month the charts' summary reads (its cost grows with them, not with the CT-es). */
async function linhasResumo(banco: CompanyDatabase): Promise<string> {
  const { dataIni, dataFim } = mesSaoPaulo();
  const [r] = linhas<{ n: number }>(await banco.db.execute(sql`select count(*)::int as n from indicador_resumo where dia between ${dataIni} and ${dataFim}`));
  return `${mil(r.n)} linhas do resumo no mês`;
}

/** Sectors read from the machine's disks so far (/proc/diskstats; whole vd/sd/nvme devices), in MB; 0 where unknown. */
function mbLidosDoDisco(): number {
  try {
    const linhasDisco = readFileSync('/proc/diskstats', 'utf8').split('\n').map((l) => l.trim().split(/\s+/));
    return linhasDisco.filter((c) => /^(vd[a-z]+|sd[a-z]+|nvme\d+n\d+)$/.test(c[2] ?? '')).reduce((mb, c) => mb + (Number(c[5]) * 512) / 1e6, 0);
  } catch {
    return 0;
  }
}

/**
 * DOCCOBs of 5,000 CT-es read and linked in each database, taking turns: first the carrier's latest 5,000, then the
 * 5,000 before them. Linking writes every CT-e row and its ~40 index entries: at 5 M the two databases do not fit the
 * machine's memory together, and the first file pays for what the cache lacks (the MB read from disk are beside it).
 */
async function doccobsPar(bancos: { base: CompanyDatabase; total: CompanyDatabase }): Promise<Linha[]> {
  const figura = async (banco: CompanyDatabase, fatura: string, pular: number): Promise<[Figura, number]> => {
    const arquivo = await doccobGrande(banco, fatura, pular);
    const disco = mbLidosDoDisco();
    const [ms, r] = await time(() => lerArquivoDoccob(banco.db, arquivo.nome, arquivo.bytes));
    if (r.tipo !== 'LIDA') throw new Error(`DOCCOB do benchmark não foi lido: ${JSON.stringify(r)}`);
    return [{ p50: ms, p95: ms, nota: `${mil(r.ctesVinculados)} vinculados, ${(mbLidosDoDisco() - disco).toFixed(0)} MB lidos do disco` }, arquivo.linhas];
  };
  const figuras: Linha[] = [];
  for (const [i, quais] of ['os 5.000 mais recentes da transportadora', 'os 5.000 anteriores a eles'].entries()) {
    const [base, n] = await figura(bancos.base, `99500${i + 1}`, i * CTES_NO_ARQUIVO);
    const [total] = await figura(bancos.total, `99600${i + 1}`, i * CTES_NO_ARQUIVO);
    figuras.push({ rotulo: `fatura: leitura e vínculo de um DOCCOB de ${mil(n)} CT-es, ${quais}`, base, total, carga: carga() });
  }
  return figuras;
}

/** Every row, in a fixed order (the same sample values, taken from the 1 M database, which the copy also holds). */
async function medirTudo(par: Par, bancos: { base: CompanyDatabase; total: CompanyDatabase }): Promise<Linha[]> {
  const a = await amostras(bancos.base);
  const figuras: Linha[] = [];
  for (const [rotulo, q] of consultasLista(a)) figuras.push(await amostrarPar(par, `lista: ${rotulo}`, `/api/ctes/listar-simples?${q}`));
  for (const [rotulo, texto] of textosPaleta(a))
    for (const caminho of [`/api/ctes?cte=${texto}`, `/api/busca?q=${texto}`])
      figuras.push(await amostrarPar(par, `paleta: GET ${caminho.replace(/=.*/, '=')}… (${rotulo})`, caminho));
  const { dataIni, dataFim } = mesSaoPaulo();
  const resumo = await amostrarPar(par, 'indicadores: resumo dos gráficos, mês corrente', `/api/vw/frete-indicadores-resumo?filtroRadioGroup=NF&dataEmissao_inicio=${dataIni}&dataEmissao_fim=${dataFim}`);
  resumo.base.nota = await linhasResumo(bancos.base);
  resumo.total.nota = await linhasResumo(bancos.total);
  figuras.push(resumo, ...(await doccobsPar(bancos)));
  return figuras;
}

const ms = (x: number) => `${x.toFixed(1)} ms`;

/** One line per row: both sizes' figures, the p95 ratio, the load while the row was measured. */
const linhaFigura = (l: Linha) => {
  const lado = (f: Figura, n: number) => `${mil(n)}: p50 ${ms(f.p50)}, p95 ${ms(f.p95)}${f.nota ? ` (${f.nota})` : ''}`;
  return `PostgreSQL, ${l.rotulo} — ${lado(l.base, BASE)} → ${lado(l.total, TOTAL)}; p95 ${(l.total.p95 / l.base.p95).toFixed(2)}× (${l.carga})`;
};

const fecharTodos = (bancos: Bancos[]) => Promise.allSettled(bancos.flatMap((b) => Object.values(b).map((x) => x.close())));

export async function benchCincoMilhoes(): Promise<string[]> {
  const nomes = { base: `frete_bench_5m_base_${process.pid}`, total: `frete_bench_5m_total_${process.pid}` };
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  const abertos: Bancos[] = [];
  const servidores: Servidor[] = [];
  try {
    await admin.query(`create database ${nomes.base}`);
    const primeiro = await abrirSemeados({ databaseUrl: url(nomes.base) });
    abertos.push(primeiro);
    marcar(`gerando ${mil(BASE)}`);
    const g1 = await gerarCtes(primeiro.COLACRIL, BASE, { log: marcar });
    await fecharTodos(abertos.splice(0)); // the copy needs the first database closed
    const [msCopia] = await time(() => admin.query(`create database ${nomes.total} template ${nomes.base} strategy file_copy`));
    const total = await openCompanyDatabases({ databaseUrl: url(nomes.total) });
    abertos.push(total);
    marcar(`cópia em ${(msCopia / 1000).toFixed(0)} s; gerando mais ${mil(TOTAL - BASE)}`);
    const g2 = await gerarCtes(total.COLACRIL, TOTAL - BASE, { log: marcar });
    const base = await openCompanyDatabases({ databaseUrl: url(nomes.base) });
    abertos.push(base);
    const par = { base: await servir(base), total: await servir(total) };
    servidores.push(par.base, par.total);
    marcar(`medindo ${mil(BASE)} e ${mil(TOTAL)} lado a lado`);
    const figuras = await medirTudo(par, { base: base.COLACRIL, total: total.COLACRIL });
    marcar('fim');
    return [
      `PostgreSQL: ${mil(g1.quantidade)} CT-es gerados em ${(g1.ms / 1000).toFixed(0)} s; a cópia do banco em ${(msCopia / 1000).toFixed(0)} s; mais ${mil(g2.quantidade)} na cópia em ${(g2.ms / 1000).toFixed(0)} s (${carga()})`,
      ...figuras.map(linhaFigura),
    ];
  } finally {
    await Promise.allSettled(servidores.map((s) => s.close()));
    await fecharTodos(abertos);
    for (const nome of Object.values(nomes)) await admin.query(`drop database if exists ${nome} with (force)`);
    await admin.end();
  }
}
