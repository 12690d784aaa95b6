import { chmodSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Empresa } from '../../contracts/common';
import { acquireDataDirLock } from './data-dir-lock';
import type { CompanyDatabase } from './database';
import { MIGRATIONS_FOLDER, MIGRATIONS_TABLE } from './migrations-folder';

/**
 * Opens a company's PGlite database: a data folder (locked) or, without one, in memory.
 * loadDataDir starts from a dump (tests load a migrated, seeded template instead of re-seeding).
 */
export async function openPgliteDatabase(empresa: Empresa, pasta?: string, loadDataDir?: Blob): Promise<CompanyDatabase> {
  let liberar = () => {};
  if (pasta) {
    pastaPrivada(dirname(pasta));
    liberar = acquireDataDirLock(pasta);
    pastaPrivada(pasta);
  }
  try {
    const cliente = new PGlite({ dataDir: pasta, loadDataDir, extensions: { pg_trgm } });
    await cliente.waitReady;
    const db = drizzle({ client: cliente });
    return {
      empresa,
      db,
      erpSchema: 'erp',
      migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsTable: MIGRATIONS_TABLE }),
      descricao: pasta ?? `PGlite em memória (${empresa})`,
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

/**
 * The data folders hold the token signing key and every record: owner only (0700), also when an older
 * version created them 0755 (mkdir's mode does not change an existing folder, nor survive the umask).
 */
function pastaPrivada(pasta: string): void {
  mkdirSync(pasta, { recursive: true, mode: 0o700 });
  chmodSync(pasta, 0o700);
}
