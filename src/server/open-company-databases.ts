import { join } from 'node:path';
import { EMPRESAS, type Empresa } from '../contracts/common';
import type { CompanyDatabase } from './db/database';
import { openPgliteDatabase } from './db/open-pglite';
import { openPostgresDatabase } from './db/open-postgres';

export interface DatabaseLocation {
  /** PGlite: one data folder per company under it (./data/colacril, ./data/rre). */
  dataDir?: string;
  /** PostgreSQL: one schema per company (colacril, rre), plus an optional suffix (tests run files side by side). */
  databaseUrl?: string;
  schemaSuffix?: string;
}

/** Opens and migrates every company's database; on any failure, closes what was opened. */
export async function openCompanyDatabases(local: DatabaseLocation): Promise<Record<Empresa, CompanyDatabase>> {
  const abertos: CompanyDatabase[] = [];
  const abrir = async (empresa: Empresa) => {
    const nome = empresa.toLowerCase();
    const banco = local.databaseUrl
      ? await openPostgresDatabase(empresa, local.databaseUrl, `${nome}${local.schemaSuffix ?? ''}`)
      : await openPgliteDatabase(empresa, local.dataDir === undefined ? undefined : join(local.dataDir, nome));
    abertos.push(banco);
    await banco.migrate();
  };
  try {
    // PostgreSQL: one after the other, since the first migration creates the shared pg_trgm extension.
    if (local.databaseUrl) for (const empresa of EMPRESAS) await abrir(empresa);
    else {
      const resultados = await Promise.allSettled(EMPRESAS.map(abrir));
      const falha = resultados.find((r) => r.status === 'rejected');
      if (falha) throw falha.reason;
    }
  } catch (erro) {
    await Promise.allSettled(abertos.map((b) => b.close()));
    throw erro;
  }
  return Object.fromEntries(abertos.map((b) => [b.empresa, b])) as Record<Empresa, CompanyDatabase>;
}
