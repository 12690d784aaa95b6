import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/server/db/database';
import { linhas } from '../../src/server/db/linhas';
import { MIGRATIONS_FOLDER, MIGRATIONS_TABLE } from '../../src/server/db/migrations-folder';
import { modeloPronto } from '../../src/server/db/modelo-pglite';
import { openPgliteDatabase } from '../../src/server/db/open-pglite';
import { primeiraCargaEmProcesso } from '../../src/server/carga-inicial/carga-em-processo';
import { seedDadosFixos } from '../../src/server/db/referencia/dados-fixos';
import { startServer } from '../../src/server/start-server';

const raiz = mkdtempSync(join(tmpdir(), 'frete-modelo-'));
afterAll(() => rmSync(raiz, { recursive: true, force: true }));
// This file's own template cache, empty at first (the children of startServer inherit it).
process.env.PGLITE_CACHE_DIR = join(raiz, 'cache');

/** What must match between a folder made from the template and a database made from scratch. */
async function retrato(db: Db) {
  const consulta = async (q: ReturnType<typeof sql>) => linhas<Record<string, unknown>>(await db.execute(q));
  return {
    extensoes: await consulta(sql`select extname, extversion from pg_extension order by extname`),
    migracoes: await consulta(sql.raw(`select hash, created_at from drizzle.${MIGRATIONS_TABLE} order by id`)),
    colunas: await consulta(sql`select table_schema, table_name, column_name, data_type, column_default, is_nullable
      from information_schema.columns where table_schema not in ('pg_catalog', 'information_schema') order by 1, 2, ordinal_position`),
    indices: await consulta(sql`select schemaname, indexname, indexdef from pg_indexes where schemaname not in ('pg_catalog') order by 1, 2`),
    gatilhos: await consulta(sql`select tgname, tgrelid::regclass::text as tabela from pg_trigger where not tgisinternal order by 1, 2`),
    // The fixed rows, whole: release notes, UFs with their limits, municipalities (generated search column included).
    dados: await consulta(sql`select
      (select md5(string_agg(v::text, '|' order by v.id)) from versao_sistema v) as versoes,
      (select md5(string_agg(n::text, '|' order by n.id)) from versao_nota n) as notas,
      (select md5(string_agg(u::text, '|' order by u.id)) from uf u) as ufs,
      (select md5(string_agg(m::text, '|' order by m.id)) from municipio m) as municipios,
      (select count(*)::int from municipio) as n_municipios`),
  };
}

describe('migrated PGlite template', () => {
  it('the first start keeps a template; a new folder copied from it matches initdb + migrations + fixed rows from scratch', { timeout: 300_000 }, async () => {
    expect(modeloPronto()).toBeUndefined();
    const web = join(raiz, 'web');
    const servidor = await startServer({ port: 0, dataDir: join(raiz, 'primeira'), webDir: web, adminPassword: 'senha-forte', log: () => {} });
    await servidor.close();
    // RRE's child kept its folder, once migrated, as the template.
    expect(modeloPronto()).toBeDefined();
    const banco = await openPgliteDatabase('COLACRIL', join(raiz, 'colacril'));
    let doModelo: Awaited<ReturnType<typeof retrato>>;
    try {
      await banco.migrate();
      doModelo = await retrato(banco.db);
    } finally {
      await banco.close();
    }
    const cliente = new PGlite({ extensions: { pg_trgm } });
    try {
      const db = drizzle({ client: cliente }) as unknown as Db;
      await migrate(drizzle({ client: cliente }), { migrationsFolder: MIGRATIONS_FOLDER, migrationsTable: MIGRATIONS_TABLE });
      await seedDadosFixos(db);
      const doZero = await retrato(db);
      expect(doModelo.dados[0].n_municipios).toBeGreaterThan(5000);
      expect(doModelo.extensoes.map((e) => e.extname)).toContain('pg_trgm');
      expect(doModelo).toEqual(doZero);
    } finally {
      await cliente.close();
    }
  });

  it('with its bytea serializer, stores bytea parameters byte for byte (their speed is for the benchmark)', async () => {
    const banco = await openPgliteDatabase('RRE');
    try {
      const todos = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
      const [linha] = linhas<{ b: Uint8Array; n: number }>(await banco.db.execute(sql`select ${todos}::bytea as b, length(${todos}::bytea) as n`));
      expect(linha.n).toBe(256);
      expect(Buffer.from(linha.b).equals(todos)).toBe(true);
    } finally {
      await banco.close();
    }
  });

  it('a first load that fails in its child process rejects with the child error', { timeout: 120_000 }, async () => {
    const pasta = join(raiz, 'um-arquivo', 'colacril');
    rmSync(join(raiz, 'um-arquivo'), { force: true });
    // A file where the data folder's parent should be: the child cannot create the folder.
    (await import('node:fs')).writeFileSync(join(raiz, 'um-arquivo'), 'x');
    await expect(primeiraCargaEmProcesso({ empresa: 'COLACRIL', pasta, opcoes: {}, guardarModelo: false }, () => {}, async () => '')).rejects.toThrow(/ENOTDIR|EEXIST|not a directory/);
  });
});
