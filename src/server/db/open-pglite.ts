import { travaEmMemoria } from './trava-exclusiva';
import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Empresa } from '../../contracts/common';
import { acquireDataDirLock } from './data-dir-lock';
import type { CompanyDatabase } from './database';
import { MIGRATIONS_FOLDER, MIGRATIONS_TABLE } from './migrations-folder';
import { copiarModelo } from './modelo-pglite';

/**
 * PostgreSQL's buffer cache of each PGlite database (PGLITE_SHARED_BUFFERS, default 32MB; PGlite's own
 * default is 128MB). The WASM heap touches all of it at start and never gives memory back, so with two
 * companies it decides most of the server's memory; pages beyond it are read from the OS's file cache.
 */
const sharedBuffers = () => process.env.PGLITE_SHARED_BUFFERS || '32MB';

/**
 * bytea parameters as they are, in binary format (PGlite's bind writes a Uint8Array raw; its types say
 * string) instead of its hex text built a byte at a time: the same bytes, without seconds spent on a few
 * MB of PDFs or JSON.
 */
const serializers = {
  [types.BYTEA]: (v: unknown) => (v instanceof Uint8Array ? v : types.serializers[types.BYTEA](v)) as string,
};

export interface OpcoesPglite {
  /** Take the folder's lock (default true); false when the caller already holds it (the first-start child process). */
  travar?: boolean;
  /** Build the migrated template when it is missing (default true); the first start's child makes it itself. */
  construirModelo?: boolean;
}

/**
 * Opens a company's PGlite database: a data folder (locked) or, without one, in memory. A new data folder
 * starts as a copy of the migrated template (modelo-pglite.ts); loadDataDir starts from a dump instead
 * (tests load a migrated, seeded template instead of re-seeding).
 */
export async function openPgliteDatabase(empresa: Empresa, pasta?: string, loadDataDir?: Blob, opcoes: OpcoesPglite = {}): Promise<CompanyDatabase> {
  let liberar = () => {};
  if (pasta && opcoes.travar !== false) liberar = travarPasta(pasta);
  else if (pasta) pastaPrivada(pasta);
  try {
    if (pasta && !loadDataDir && pastaNova(pasta)) await copiarModelo(pasta, opcoes.construirModelo !== false);
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers()}`];
    const cliente = new PGlite({ dataDir: pasta, loadDataDir, extensions: { pg_trgm }, startParams, serializers });
    await cliente.waitReady;
    const db = drizzle({ client: cliente });
    return {
      empresa,
      db,
      erpSchema: 'erp',
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsTable: MIGRATIONS_TABLE }),
      descricao: pasta ?? `PGlite em memória (${empresa})`,
      travar: travaEmMemoria(),
      async close() {
        try {
          if (!cliente.closed) await cliente.close();
        } finally {
          liberar();
        }
      },
    };
  } catch (erro) {
    liberar();
    throw erro;
  }
}

/** A PGlite database: this process alone opens its folder (data-dir-lock.ts), and it has no autovacuum. */
export const ehPglite = (banco: Pick<CompanyDatabase, 'db'>) => (banco.db as { $client?: unknown }).$client instanceof PGlite;

/** Creates the data folder (owner only) and takes its lock (data-dir-lock.ts); returns the release function. */
export function travarPasta(pasta: string): () => void {
  pastaPrivada(dirname(pasta));
  const liberar = acquireDataDirLock(pasta);
  pastaPrivada(pasta);
  return liberar;
}

/** A folder PGlite has not created a database in yet. */
export const pastaNova = (pasta: string) => !existsSync(join(pasta, 'PG_VERSION'));

/**
 * The data folders hold the token signing key and every record: owner only (0700), also when an older
 * version created them 0755 (mkdir's mode does not change an existing folder, nor survive the umask).
 */
function pastaPrivada(pasta: string): void {
  mkdirSync(pasta, { recursive: true, mode: 0o700 });
  chmodSync(pasta, 0o700);
}
