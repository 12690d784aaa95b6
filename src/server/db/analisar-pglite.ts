import { sql } from 'drizzle-orm';
import type { CompanyDatabase, Db } from './database';
import { linhas } from './linhas';
import { ehPglite } from './open-pglite';

// PGlite runs PostgreSQL without autovacuum, so nothing refreshes the planner's statistics while the CT-es,
// their notes and audits grow from thousands to millions: the plans would keep a small base's estimates.
// The server does what autovacuum's analyze would: now and then it compares each table's size with the size
// its statistics were taken at (pg_class.relpages, which ANALYZE sets) and analyses the tables that changed
// by more than a tenth, and those never analysed once past a few pages. A check is one catalog query; an
// ANALYZE samples at most 30,000 rows of a table, whatever its size. PostgreSQL has autovacuum: not done there.

const PRIMEIRA_MS = 30_000;
const INTERVALO_MS = 10 * 60_000;
/** Smaller tables are read whole anyway: their estimates cannot go far wrong. */
const PAGINAS_MINIMAS = 8;

/** Analyses the tables (ours and the demo ERP's) whose size moved away from their statistics'; answers their names. */
export async function analisarTabelasMudadas(db: Db): Promise<string[]> {
  const tabelas = linhas<{ esquema: string; nome: string }>(
    await db.execute(sql`
      select n.nspname as esquema, c.relname as nome
      from pg_class c
      join pg_namespace n on n.oid = c.relnamespace
      cross join lateral (select pg_relation_size(c.oid) / current_setting('block_size')::int as paginas) t
      where c.relkind = 'r' and n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and t.paginas >= ${PAGINAS_MINIMAS}
        and (c.reltuples < 0 or abs(t.paginas - c.relpages) > c.relpages / 10)
      order by n.nspname, c.relname`),
  );
  for (const { esquema, nome } of tabelas) await db.execute(sql`analyze ${sql.identifier(esquema)}.${sql.identifier(nome)}`);
  return tabelas.map((t) => (t.esquema === 'public' ? t.nome : `${t.esquema}.${t.nome}`));
}

/**
 * On a PGlite database, checks `primeiraMs` after the start (the first load's tables get statistics soon)
 * and then every `intervaloMs`. Answers the stop, which waits for a check in progress (then the database
 * may close).
 */
export function analisarPeriodicamente(
  banco: CompanyDatabase,
  aoFalhar: (erro: unknown) => void,
  { primeiraMs = PRIMEIRA_MS, intervaloMs = INTERVALO_MS } = {},
): () => Promise<void> {
  if (!ehPglite(banco)) return async () => {};
  let emCurso: Promise<unknown> = Promise.resolve();
  let intervalo: NodeJS.Timeout | undefined;
  let parado = false;
  const verificar = () => {
    if (!parado) emCurso = analisarTabelasMudadas(banco.db).catch(aoFalhar);
  };
  const primeira = setTimeout(() => {
    verificar();
    intervalo = setInterval(() => void emCurso.then(verificar), intervaloMs).unref();
  }, primeiraMs).unref();
  return async () => {
    parado = true;
    clearTimeout(primeira);
    clearInterval(intervalo);
    await emCurso;
  };
}
