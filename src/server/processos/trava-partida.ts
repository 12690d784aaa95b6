import pg from 'pg';

// The start of a server on PostgreSQL (open, migrate, first load) one process at a time across every process and
// machine on the database: drizzle's migrator and CREATE EXTENSION are not safe when two run at once on a new
// database (the seed alone already serialises itself: db/travar-carga.ts). A session advisory lock on a
// connection of its own, released once the server listens, or by PostgreSQL when the process dies.

const CHAVE = 'frete-console:partida';

/** Waits for the start lock; the answer releases it (never throws: the lock goes with the connection anyway). */
export async function esperarVezDePartir(databaseUrl: string): Promise<() => Promise<void>> {
  const cliente = new pg.Client({ connectionString: databaseUrl });
  cliente.on('error', () => undefined);
  await cliente.connect();
  try {
    await cliente.query('select pg_advisory_lock(hashtextextended($1, 0))', [CHAVE]);
  } catch (erro) {
    await cliente.end().catch(() => undefined);
    throw erro;
  }
  return async () => {
    await cliente.query('select pg_advisory_unlock(hashtextextended($1, 0))', [CHAVE]).catch(() => undefined);
    await cliente.end().catch(() => undefined);
  };
}
