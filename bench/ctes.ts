// CT-e benchmark (issue 5): latency of GET /api/ctes/listar-simples with 1,000,000 CT-es, on PostgreSQL
// and on PGlite, and audit throughput over 100,000 CT-es. Prints figures only; never asserts on time.
// Alone: npx tsx -e "import('./bench/ctes.ts').then(async m => console.log((await m.benchCtes()).join('\n')))"
// BENCH_CTES (default 1000000) and BENCH_CTES_AUDITORIA (default 100000) change the sizes;
// BENCH_CTES_BANCOS=pg or pglite runs one database only.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { EMPRESAS } from '../src/contracts/common';
import { createApp } from '../src/server/app';
import { auditarCtes } from '../src/server/auditoria/auditar-ctes';
import type { CompanyDatabase } from '../src/server/db/database';
import { gerarCtes } from '../src/server/db/seed/gerar-ctes';
import { seedDatabase } from '../src/server/db/seed/seed-database';
import { openCompanyDatabases } from '../src/server/open-company-databases';
import { time } from './measure';

const QUANTIDADE = Number(process.env.BENCH_CTES ?? 1_000_000);
const AUDITORIA = Number(process.env.BENCH_CTES_AUDITORIA ?? 100_000);
const REPETICOES = 60;
const SENHA = 'bench-admin';
const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const percentis = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
  return `p50 ${q(0.5).toFixed(1)} ms, p99 ${q(0.99).toFixed(1)} ms (n=${s.length})`;
};
const linhas = <T>(r: unknown) => (r as { rows: T[] }).rows;

/** Sample filter values taken from the generated data, so every query finds rows. */
async function amostras(banco: CompanyDatabase) {
  const [c] = linhas<{ transportadora_id: number; numero: number; chave: string; codigo_municipio_destino: number; cliente_id: number | null }>(
    await banco.db.execute(sql`select transportadora_id, numero, chave, codigo_municipio_destino, cliente_id from cte where transportadora_id is not null and cliente_id is not null order by id desc limit 1 offset 5000`),
  );
  const [n] = linhas<{ numero: number }>(await banco.db.execute(sql`select numero from cte_nota where numero is not null order by id desc limit 1 offset 7000`));
  return { ...c, numeroNf: n.numero };
}

async function medirLista(url: string, token: string, banco: CompanyDatabase): Promise<string[]> {
  const a = await amostras(banco);
  const ano = new Date().getFullYear();
  const consultas: [string, string][] = [
    ['padrão (mês corrente, tomador REMETENTE, 50 por página)', ''],
    ['200 por página ordenada por valor', 'size=200&sort=valorTotal,desc'],
    ['página 40 do mês corrente', 'page=40'],
    ['status AUDITADO / FALHA', 'status=AUDITADO&auditoria=FALHA'],
    ['uma transportadora, 12 meses', `transportadora=${a.transportadora_id}&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['um cliente e um destino, 12 meses', `cliente=${a.cliente_id}&municipioDestino=${a.codigo_municipio_destino}&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['nº do CT-e, 12 meses, todos os tomadores', `numeroCte=${a.numero}&tomadorServico=TODOS&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['chave do CT-e', `chave=${a.chave}&tomadorServico=TODOS&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
    ['nº da NF, 12 meses', `numeroNf=${a.numeroNf}&tomadorServico=TODOS&dataIni=${ano - 1}-01-01&dataFim=${ano}-12-31`],
  ];
  const figuras: string[] = [];
  for (const [rotulo, q] of consultas) {
    const pedir = async () => {
      const r = await fetch(`${url}/api/ctes/listar-simples?${q}`, { headers: { authorization: token } });
      if (!r.ok) throw new Error(`listar-simples ${q}: ${r.status} ${await r.text()}`);
      return (await r.json()) as { totalElements: number };
    };
    const { totalElements } = await pedir(); // warm-up
    const xs: number[] = [];
    for (let i = 0; i < REPETICOES; i++) xs.push((await time(pedir))[0]);
    figuras.push(`${rotulo}: ${percentis(xs)}; ${totalElements.toLocaleString('pt-BR')} encontrados`);
  }
  return figuras;
}

/** AUDITORIA CT-es with a carrier and weight made PROCESSADO, then audited 1,000 per call (the API's batch). */
async function medirAuditoria(banco: CompanyDatabase): Promise<string> {
  const ids = linhas<{ id: number }>(
    await banco.db.execute(sql`
      update cte set status = 'PROCESSADO'
      where id in (select id from cte where transportadora_id is not null and peso_bruto > 0 and status not in ('CANCELADO', 'DESCONSIDERADO') order by id desc limit ${AUDITORIA})
      returning id`),
  ).map((r) => r.id);
  let auditados = 0;
  const [ms] = await time(async () => {
    for (let i = 0; i < ids.length; i += 1000) auditados += (await auditarCtes(banco, ids.slice(i, i + 1000), null)).processados;
  });
  return `auditoria: ${auditados.toLocaleString('pt-BR')} de ${ids.length.toLocaleString('pt-BR')} CT-es em ${(ms / 1000).toFixed(1)} s = ${Math.round(auditados / (ms / 1000)).toLocaleString('pt-BR')} CT-es/s`;
}

async function medir(nome: string, local: { dataDir?: string; databaseUrl?: string }): Promise<string[]> {
  const bancos = await openCompanyDatabases(local);
  const servidor = { close: async () => {} };
  try {
    for (const e of EMPRESAS) await seedDatabase(bancos[e], { adminPassword: SENHA, demo: true, log: () => {} });
    const banco = bancos.COLACRIL;
    const gerado = await gerarCtes(banco, QUANTIDADE, { log: () => {} });
    const figuras = [`${nome}: ${gerado.quantidade.toLocaleString('pt-BR')} CT-es gerados em ${(gerado.ms / 1000).toFixed(1)} s`];

    const app = createApp({ bancos });
    const s = serve({ fetch: app.fetch, port: 0 });
    await new Promise<void>((ok) => s.once('listening', () => ok()));
    servidor.close = () => new Promise<void>((ok) => s.close(() => ok()));
    const url = `http://localhost:${(s.address() as AddressInfo).port}`;
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Empresa': 'COLACRIL' },
      body: JSON.stringify({ login: 'admin', senha: SENHA }),
    });
    if (!login.ok) throw new Error(`login falhou: ${login.status}`);
    const token = login.headers.get('authorization')!;
    figuras.push(...(await medirLista(url, token, banco)).map((f) => `${nome}, GET /api/ctes/listar-simples, ${f}`));
    figuras.push(`${nome}, ${await medirAuditoria(banco)}`);
    return figuras;
  } finally {
    await servidor.close();
    await Promise.allSettled(Object.values(bancos).map((b) => b.close()));
  }
}

export async function benchCtes(): Promise<string[]> {
  const bancos = (process.env.BENCH_CTES_BANCOS ?? 'pg,pglite').split(',');
  const figuras: string[] = [];
  if (bancos.includes('pg')) {
    const nome = `frete_bench_ctes_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${nome}`);
    try {
      figuras.push(...(await medir('PostgreSQL', { databaseUrl: PG_URL.replace(/\/[^/]*$/, `/${nome}`) })));
    } finally {
      await admin.query(`drop database if exists ${nome} with (force)`);
      await admin.end();
    }
  }
  if (bancos.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'frete-bench-ctes-'));
    try {
      figuras.push(...(await medir('PGlite', { dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figuras;
}
