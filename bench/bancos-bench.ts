// Shared by the CT-e and fatura benchmarks: one run per database engine (a fresh PostgreSQL database, a
// temporary PGlite folder), the companies opened and seeded, the app served with the admin logged in, and
// the latency of a list call as percentiles. Figures only, never assertions.
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import pg from 'pg';
import { EMPRESAS } from '../src/contracts/common';
import { createApp } from '../src/server/app';
import type { CompanyDatabase } from '../src/server/db/database';
import { gerarCtes } from '../src/server/demo/gerar-ctes';
import { seedDatabase } from '../src/server/carga-inicial/semear-banco';
import { openCompanyDatabases } from '../src/server/abrir-bancos-empresas';
import { entrarComoAdmin, quantil } from './measure';
import { linhas } from '../src/server/db/linhas';

const SENHA = 'bench-admin';
export const PG_URL = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REPETICOES = 60;

/** The URL of database `nome` on the bench's PostgreSQL server (PG_URL with its database replaced). */
export const urlDoBanco = (nome: string) => Object.assign(new URL(PG_URL), { pathname: `/${nome}` }).toString();

export type Bancos = Awaited<ReturnType<typeof openCompanyDatabases>>;
type Local = { dataDir?: string; databaseUrl?: string };
export type Servidor = { url: string; token: string; close: () => Promise<void> };

export { linhas };
export const mil = (n: number) => n.toLocaleString('pt-BR');

export const percentis = (xs: number[]) => `p50 ${quantil(xs, 0.5).toFixed(1)} ms, p99 ${quantil(xs, 0.99).toFixed(1)} ms (n=${xs.length})`;

/** A GET timed: one warm-up, then REPETICOES calls; `erro` names the call in a failure. Answers the last body. */
export async function medirChamadas<T>(url: string, token: string, caminho: string, erro: string): Promise<{ latencia: string; corpo: T }> {
  const pedir = async () => {
    const r = await fetch(`${url}${caminho}`, { headers: { authorization: token } });
    if (!r.ok) throw new Error(`${erro}: ${r.status} ${await r.text()}`);
    return (await r.json()) as T;
  };
  let corpo = await pedir(); // warm-up
  const xs: number[] = [];
  for (let i = 0; i < REPETICOES; i++) {
    const t = performance.now();
    corpo = await pedir();
    xs.push(performance.now() - t);
  }
  return { latencia: percentis(xs), corpo };
}

/** A list call timed (medirChamadas), with the list's total. */
export async function medirConsulta(url: string, token: string, caminho: string, erro: string): Promise<{ latencia: string; totalElements: number }> {
  const { latencia, corpo } = await medirChamadas<{ totalElements: number }>(url, token, caminho, erro);
  return { latencia, totalElements: corpo.totalElements };
}

/** The app on a free port, with the admin's token (COLACRIL). */
export async function servir(bancos: Bancos): Promise<Servidor> {
  const s = serve({ fetch: createApp({ bancos }).fetch, port: 0 });
  await new Promise<void>((ok) => s.once('listening', () => ok()));
  const url = `http://localhost:${(s.address() as AddressInfo).port}`;
  return { url, token: await entrarComoAdmin(url, SENHA), close: () => new Promise<void>((ok) => s.close(() => ok())) };
}

/** Opens every company's database at `local` and seeds it (the demo registers, the bench's admin password). */
export async function abrirSemeados(local: Local): Promise<Bancos> {
  const bancos = await openCompanyDatabases(local);
  try {
    for (const e of EMPRESAS) await seedDatabase(bancos[e], { adminPassword: SENHA, demo: true, log: () => {} });
    return bancos;
  } catch (erro) {
    await Promise.allSettled(Object.values(bancos).map((b) => b.close()));
    throw erro;
  }
}

export interface Medicao {
  /** COLACRIL's database, seeded and holding the generated CT-es. */
  banco: CompanyDatabase;
  /** Starts the app (closed, before the databases, when the run ends). */
  servir: () => Promise<Servidor>;
}

/**
 * Opens and seeds every company's database at `local`, generates `ctes` CT-es in COLACRIL's (the first
 * figure), runs `medir`; then closes the server, if started, and the databases.
 */
export async function comBancosGerados(nome: string, local: Local, ctes: number, medir: (m: Medicao) => Promise<string[]>): Promise<string[]> {
  const bancos = await abrirSemeados(local);
  let fechar = async () => {};
  try {
    const banco = bancos.COLACRIL;
    const gerado = await gerarCtes(banco, ctes, { log: () => {} });
    const figuras = [`${nome}: ${mil(gerado.quantidade)} CT-es gerados em ${(gerado.ms / 1000).toFixed(1)} s`];
    const servirUmaVez = async () => {
      const s = await servir(bancos);
      fechar = s.close;
      return s;
    };
    return [...figuras, ...(await medir({ banco, servir: servirUmaVez }))];
  } finally {
    await fechar();
    await Promise.allSettled(Object.values(bancos).map((b) => b.close()));
  }
}

/**
 * Runs `medir` on each engine named in `escolha` ("pg,pglite" when unset): PostgreSQL in a database
 * frete_bench_{prefixo}_{pid} dropped afterwards, PGlite in a temporary folder removed afterwards.
 */
export async function emCadaBanco(escolha: string | undefined, prefixo: string, medir: (nome: string, local: Local) => Promise<string[]>): Promise<string[]> {
  const bancos = (escolha ?? 'pg,pglite').split(',');
  const figuras: string[] = [];
  if (bancos.includes('pg')) {
    const nome = `frete_bench_${prefixo}_${process.pid}`;
    const admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`create database ${nome}`);
    try {
      figuras.push(...(await medir('PostgreSQL', { databaseUrl: urlDoBanco(nome) })));
    } finally {
      await admin.query(`drop database if exists ${nome} with (force)`);
      await admin.end();
    }
  }
  if (bancos.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), `frete-bench-${prefixo}-`));
    try {
      figuras.push(...(await medir('PGlite', { dataDir })));
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return figuras;
}
