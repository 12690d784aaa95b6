import type pg from 'pg';

// One runner at a time for a job (issue 30: the folder, mailbox and SEFAZ readers), across every server process on
// the database. PostgreSQL: a session advisory lock held on a connection of its own for as long as the job runs
// (a process that dies drops its connection and so its lock). PGlite: one process owns the data folder, so a lock
// in memory is enough.

/** Tries to take the lock `chave`; null when someone holds it, else the function that releases it. */
export type Travar = (chave: string) => Promise<(() => Promise<void>) | null>;

export function travaEmMemoria(): Travar {
  const tomadas = new Set<string>();
  return async (chave) => {
    if (tomadas.has(chave)) return null;
    tomadas.add(chave);
    return async () => {
      tomadas.delete(chave);
    };
  };
}

/** Advisory locks of the pool's database, named by schema and key (two companies' schemas never collide). */
export function travaConsultiva(pool: pg.Pool, schema: string): Travar {
  return async (chave) => {
    const cliente = await pool.connect();
    const nome = `${schema}:${chave}`;
    try {
      const { rows } = await cliente.query<{ ok: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as ok', [nome]);
      if (!rows[0]?.ok) {
        cliente.release();
        return null;
      }
    } catch (erro) {
      cliente.release(erro as Error);
      throw erro;
    }
    return async () => {
      try {
        await cliente.query('select pg_advisory_unlock(hashtextextended($1, 0))', [nome]);
        cliente.release();
      } catch (erro) {
        // The connection is gone (and the lock with it): drop it from the pool.
        cliente.release(erro as Error);
      }
    };
  };
}
