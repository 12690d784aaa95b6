import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { hashPassword } from '../../src/server/auth/senha';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { seedDatabase } from '../../src/server/carga-inicial/semear-banco';
import { openCompanyDatabases } from '../../src/server/abrir-bancos-empresas';
import { PASTA_XML_TESTE } from './pasta-xml-teste';
import { SENHA_ADMIN_TESTE } from './senha-admin-teste';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The run's database: files that open databases of their own make their schemas in it. */
    pgUrl: string;
    /** The seeded models each file's database is copied from (CREATE DATABASE … TEMPLATE), without and with the demo CT-es. */
    pgModelos: { semCtes: string; comCtes: string };
  }
}

const urlDe = (base: string, banco: string) => {
  const url = new URL(base);
  url.pathname = `/${banco}`;
  return url.toString();
};

async function comCliente<T>(url: string, fazer: (c: pg.Client) => Promise<T>): Promise<T> {
  const cliente = new pg.Client({ connectionString: url });
  await cliente.connect();
  try {
    return await fazer(cliente);
  } finally {
    await cliente.end();
  }
}

/** A database with pg_trgm (created once up front: files migrating side by side would race on CREATE EXTENSION). */
async function criarBanco(base: string, nome: string): Promise<void> {
  await comCliente(base, (c) => c.query(`CREATE DATABASE "${nome}"`));
  await comCliente(urlDe(base, nome), (c) => c.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public'));
}

/** Both companies migrated and seeded as the harness wants them, in their plain schemas; closed after. */
async function semearModelo(base: string, nome: string, ctesDemo: boolean, hashDemo: Promise<string>): Promise<void> {
  await criarBanco(base, nome);
  const bancos = await openCompanyDatabases({ databaseUrl: urlDe(base, nome) });
  try {
    const opcoes = { adminPassword: SENHA_ADMIN_TESTE, demo: true, demoPasswordHash: () => hashDemo, log: () => {}, pastaXml: PASTA_XML_TESTE, ctesDemo };
    await Promise.all(Object.values(bancos).map((b) => seedDatabase(b, opcoes)));
  } finally {
    await Promise.all(Object.values(bancos).map((b) => b.close()));
  }
}

// A throwaway database per run, and two seeded models: each test file gets a copy of one (half a second)
// instead of migrating and seeding both companies itself (3 s, 6 s with the demo CT-es).
export default async function setup(project: TestProject) {
  const base = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const nome = `frete_test_${Date.now()}_${process.pid}`;
  const modelos = { semCtes: `${nome}_modelo`, comCtes: `${nome}_modelo_ctes` };
  const hashDemo = hashPassword(SENHA_DEMO);
  await criarBanco(base, nome);
  await Promise.all([semearModelo(base, modelos.semCtes, false, hashDemo), semearModelo(base, modelos.comCtes, true, hashDemo)]);
  project.provide('pgUrl', urlDe(base, nome));
  project.provide('pgModelos', modelos);

  return async () => {
    await comCliente(base, async (c) => {
      const { rows } = await c.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE $1`, [`${nome}%`]);
      for (const { datname } of rows) await c.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    });
  };
}

/**
 * A test file's own database, copied from a seeded model; its companies in the plain schemas (colacril, rre).
 * Two files copying at once may find the model busy for a moment: tried again.
 */
export async function copiarModelo(pgUrl: string, modelo: string): Promise<string> {
  const nome = `${new URL(pgUrl).pathname.slice(1)}_f${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  for (let tentativa = 1; ; tentativa++) {
    try {
      await comCliente(pgUrl, (c) => c.query(`CREATE DATABASE "${nome}" TEMPLATE "${modelo}"`));
      return urlDe(pgUrl, nome);
    } catch (erro) {
      if (tentativa >= 20 || !/being accessed by other users/.test(String(erro))) throw erro;
      await new Promise((r) => setTimeout(r, 250));
    }
  }
}
