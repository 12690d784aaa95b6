import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../database';
import { uf } from '../schema/uf';
import { versaoSistema } from '../schema/versao-sistema';
import { seedIbge } from './semear-ibge';
import { seedVersoes } from './semear-versoes';

/** The files these rows come from: the migrated template's cache key includes them (modelo-pglite.ts). */
export const ORIGENS_DADOS_FIXOS = ['referencia/dados-fixos.ts', 'referencia/semear-ibge.ts', 'referencia/semear-versoes.ts', 'referencia/ibge', 'inserir-json.ts', 'schema'];

const vazia = async (db: Db, tabela: PgTable) => (await db.select({ n: sql<number>`count(*)::int` }).from(tabela)).at(0)?.n === 0;

/**
 * What every install gets, the same rows each time: the release notes and IBGE's UFs and municipalities.
 * Each part only while its table is empty. Already in the migrated PGlite template, so a new PGlite folder
 * skips it (the municipalities' search indexes cost a second a database).
 */
export async function seedDadosFixos(db: Db): Promise<void> {
  if (await vazia(db, versaoSistema)) await seedVersoes(db);
  if (await vazia(db, uf)) await seedIbge(db);
}
