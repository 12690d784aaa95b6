import pg from 'pg';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    pgUrl: string;
  }
}

// A throwaway database per run; each test file works in its own company schemas inside it.
export default async function setup(project: TestProject) {
  const base = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const nome = `frete_test_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${nome}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${nome}`;
  // Created once up front: files migrating side by side would race on CREATE EXTENSION.
  const banco = new pg.Client({ connectionString: url.toString() });
  await banco.connect();
  await banco.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await banco.end();
  project.provide('pgUrl', url.toString());

  return async () => {
    const limpeza = new pg.Client({ connectionString: base });
    await limpeza.connect();
    try {
      await limpeza.query(`DROP DATABASE IF EXISTS "${nome}" WITH (FORCE)`);
    } finally {
      await limpeza.end();
    }
  };
}
