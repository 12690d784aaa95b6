import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Empresa } from '../../contracts/common';
import type { Travar } from './trava-exclusiva';

/** A drizzle handle over PGlite or node-postgres; transactions are accepted wherever a Db is. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The database of one company: its own PGlite folder, or its own schema on a PostgreSQL server. */
export interface CompanyDatabase {
  empresa: Empresa;
  db: Db;
  /** Applies pending migrations (idempotent); the journal lives in the company's own schema or database. */
  migrate(): Promise<void>;
  /** Schema of the demo ERP views' tables in the same database (PGlite: erp; PostgreSQL: <schema>_erp). */
  erpSchema: string;
  /** Where it lives, for log lines ("./data/colacril", "postgres schema colacril"). */
  descricao: string;
  /** One runner at a time for a job, across processes on this database (db/trava-exclusiva.ts). */
  travar: Travar;
  close(): Promise<void>;
}
