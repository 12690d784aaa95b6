import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Empresa } from '../../contracts/common';
import type { CompanyDatabase } from './database';
import { MIGRATIONS_FOLDER, MIGRATIONS_TABLE } from './migrations-folder';
import { travaConsultiva } from './trava-exclusiva';

const NOME_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** One schema per company on a shared server; search_path is set per pool connection. */
export async function openPostgresDatabase(empresa: Empresa, url: string, schema: string): Promise<CompanyDatabase> {
  if (!NOME_SCHEMA.test(schema)) throw new Error(`Nome de schema inválido: ${schema}`);
  // public stays on the path for pg_trgm's operator classes; tables resolve to the company schema first.
  // JIT off: the console runs short queries, and compiling the Fretes list's totals (a sum over a month of
  // CT-es) cost more than it saved (about 0.5 s at a million CT-es).
  const pool = new pg.Pool({ connectionString: url, options: `-c search_path=${schema},public -c jit=off`, max: 10 });
  pool.on('error', (erro) => console.error(`Erro na conexão PostgreSQL (${empresa}):`, erro.message));
  try {
    await pool.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (erro) {
    await pool.end();
    throw erro;
  }
  const db = drizzle({ client: pool });
  return {
    empresa,
    db,
    erpSchema: `${schema}_erp`,
    migrate: () =>
      migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsSchema: schema, migrationsTable: MIGRATIONS_TABLE }),
    descricao: `PostgreSQL, schema ${schema}`,
    travar: travaConsultiva(pool, schema),
    close: () => pool.end(),
  };
}
