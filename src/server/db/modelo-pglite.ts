import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { Db } from './database';
import { MIGRATIONS_FOLDER, MIGRATIONS_TABLE } from './migrations-folder';
import { ORIGENS_DADOS_FIXOS, seedDadosFixos } from './referencia/dados-fixos';

// A new PGlite database is initdb (seconds of WASM), ~20 migrations and the rows every install gets alike
// (release notes, IBGE's UFs and municipalities: seedDadosFixos). All give the same result every time, so
// it is done once into a template folder, closed cleanly, and a new data folder starts as a copy of it:
// the migrations journal, the pg_trgm extension, every table as the migrations leave them, and those rows.
// The template lives in node_modules/.cache/frete-console (PGLITE_CACHE_DIR), named by a hash of the files that shape it and
// the PGlite version; the migrator and the seed still run on every open, so a stale or missing template
// can only cost time. Copying the files is faster than loading a dump (untar through PGlite's file system).

const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
const versaoPglite = (JSON.parse(readFileSync(join(dirname(pglite), '..', 'package.json'), 'utf8')) as { version: string }).version;
/** PGLITE_CACHE_DIR, or <project>/node_modules/.cache/frete-console (next to the node_modules that holds PGlite). */
const pastaCache = () =>
  process.env.PGLITE_CACHE_DIR || join(pglite.slice(0, pglite.lastIndexOf(`${sep}node_modules${sep}`)), 'node_modules', '.cache', 'frete-console');
const PREFIXO = 'pglite-migrado-';
const PASTA_DB = fileURLToPath(new URL('.', import.meta.url));

let chave: string | undefined;

/** Every file under `caminho` (itself when a file), in name order: what a template's hash reads. */
export const arquivosSob = (caminho: string): string[] =>
  statSync(caminho).isDirectory()
    ? readdirSync(caminho)
        .sort()
        .flatMap((nome) => arquivosSob(join(caminho, nome)))
    : [caminho];

/**
 * What shapes the template: the migrations (SQL and journal; drizzle's snapshots do not touch the database),
 * the fixed rows' code and data, PGlite itself. Hashed once per process.
 */
function chaveModelo(): string {
  if (chave) return chave;
  const hash = createHash('sha256').update(versaoPglite);
  const moldaOBanco = (arquivo: string) => !arquivo.startsWith(MIGRATIONS_FOLDER) || arquivo.endsWith('.sql') || basename(arquivo) === '_journal.json';
  for (const arquivo of [MIGRATIONS_FOLDER, ...ORIGENS_DADOS_FIXOS.map((o) => join(PASTA_DB, o))].flatMap(arquivosSob).filter(moldaOBanco))
    hash.update(relative(PASTA_DB, arquivo)).update(readFileSync(arquivo));
  return (chave = hash.digest('hex').slice(0, 16));
}

const pastaDoModelo = () => join(pastaCache(), `${PREFIXO}${chaveModelo()}`);

/** The template folder of the current migrations, when it was already built. */
export function modeloPronto(): string | undefined {
  const pasta = pastaDoModelo();
  return existsSync(join(pasta, 'PG_VERSION')) ? pasta : undefined;
}

/** Creates the cache folder and removes the templates of other migrations (and their leftovers). */
function limparAntigos(destino: string): void {
  mkdirSync(dirname(destino), { recursive: true });
  for (const nome of readdirSync(dirname(destino)))
    if (nome.startsWith(PREFIXO) && !nome.startsWith(basename(destino))) rmSync(join(dirname(destino), nome), { recursive: true, force: true });
}

/** initdb, the migrations and the fixed rows into a folder beside the final one, then renamed into place. */
async function construir(destino: string): Promise<string> {
  limparAntigos(destino);
  const temporaria = `${destino}.${process.pid}.tmp`;
  rmSync(temporaria, { recursive: true, force: true });
  try {
    const cliente = new PGlite({ dataDir: temporaria, extensions: { pg_trgm } });
    try {
      const db = drizzle({ client: cliente });
      await migrate(db, { migrationsFolder: MIGRATIONS_FOLDER, migrationsTable: MIGRATIONS_TABLE });
      await seedDadosFixos(db as unknown as Db);
    } finally {
      await cliente.close();
    }
    // Another process may have finished first: its template is as good.
    if (!existsSync(destino)) renameSync(temporaria, destino);
    return destino;
  } finally {
    rmSync(temporaria, { recursive: true, force: true });
  }
}

let emConstrucao: Promise<string | undefined> | undefined;

/**
 * The template folder, built (once per process) when missing; undefined when it cannot be built here
 * (read-only install): a new folder then gets initdb and the migrations in place, as without a template.
 */
export function garantirModelo(): Promise<string | undefined> {
  const pronto = modeloPronto();
  if (pronto) return Promise.resolve(pronto);
  emConstrucao ??= construir(pastaDoModelo())
    .catch(() => undefined)
    .finally(() => (emConstrucao = undefined));
  return emConstrucao;
}

// The lock file of the process that made a folder means nothing to a copy.
const semPid = (origem: string) => basename(origem) !== 'postmaster.pid';

/**
 * Fills a new (empty) data folder with a copy of the template: built first when missing, unless
 * `construir` is false (then a folder without a template gets initdb in place, as PGlite does).
 */
export async function copiarModelo(pasta: string, construir = true): Promise<void> {
  const modelo = construir ? await garantirModelo() : modeloPronto();
  if (!modelo) return;
  try {
    cpSync(modelo, pasta, { recursive: true, filter: semPid });
  } catch {
    // The template went away mid-copy (another process replaced it): initdb in place, on an empty folder.
    for (const nome of readdirSync(pasta)) rmSync(join(pasta, nome), { recursive: true, force: true });
  }
}

/**
 * Keeps a copy of a closed data folder that holds just the migrations and the fixed rows as the template
 * (the first start's child does this instead of building one apart); a failure only skips the cache.
 */
export function guardarModelo(pasta: string): void {
  const destino = pastaDoModelo();
  const temporaria = `${destino}.${process.pid}.tmp`;
  try {
    if (existsSync(destino)) return;
    limparAntigos(destino);
    cpSync(pasta, temporaria, { recursive: true, filter: semPid });
    renameSync(temporaria, destino);
  } catch {
    /* no cache: the next new folder gets initdb again */
  } finally {
    rmSync(temporaria, { recursive: true, force: true });
  }
}
