import { join } from 'node:path';
import { EMPRESAS, type Empresa } from '../contracts/common';
import type { CompanyDatabase } from './db/database';
import { openPgliteDatabase, pastaNova, travarPasta } from './db/open-pglite';
import { openPostgresDatabase } from './db/open-postgres';
import { conferirPagamentosPrimeiraVez } from './pagamentos/situacao-inicial';

export interface DatabaseLocation {
  /** PGlite: one data folder per company under it (./data/colacril, ./data/rre). */
  dataDir?: string;
  /** PostgreSQL: one schema per company (colacril, rre), plus an optional suffix (tests run files side by side). */
  databaseUrl?: string;
  schemaSuffix?: string;
}

/**
 * PGlite: what to do with a company's folder that has no database yet, before it is opened here, while
 * this process holds its lock (start-server.ts copies the day's demo template or seeds it in a child process).
 * 'migrado': the folder is already migrated by this very code (a copy of carga-inicial/modelo-demo.ts's template,
 * named by a hash of the migrations among the sources), so the migrator's check is skipped.
 */
export type PrimeiraCarga = (empresa: Empresa, pasta: string) => Promise<void | 'migrado'>;

/** A company's PGlite folder: locked, first-loaded when new, then opened. The lock lasts until close(). */
async function abrirPasta(empresa: Empresa, pasta: string, primeiraCarga?: PrimeiraCarga): Promise<CompanyDatabase> {
  const liberar = travarPasta(pasta);
  try {
    const carga = primeiraCarga && pastaNova(pasta) ? await primeiraCarga(empresa, pasta) : undefined;
    const banco = await openPgliteDatabase(empresa, pasta, undefined, { travar: false });
    const migrate = carga === 'migrado' ? async () => {} : banco.migrate;
    return { ...banco, migrate, close: () => banco.close().finally(liberar) };
  } catch (erro) {
    liberar();
    throw erro;
  }
}

/** Opens and migrates every company's database; on any failure, closes what was opened. */
export async function openCompanyDatabases(local: DatabaseLocation, primeiraCarga?: PrimeiraCarga): Promise<Record<Empresa, CompanyDatabase>> {
  const abertos: CompanyDatabase[] = [];
  const abrir = async (empresa: Empresa) => {
    const nome = empresa.toLowerCase();
    const banco = local.databaseUrl
      ? await openPostgresDatabase(empresa, local.databaseUrl, `${nome}${local.schemaSuffix ?? ''}`)
      : local.dataDir === undefined
        ? await openPgliteDatabase(empresa)
        : await abrirPasta(empresa, join(local.dataDir, nome), primeiraCarga);
    abertos.push(banco);
    await banco.migrate();
    // Migration 0025's first start: the faturas' payment situation, once (pagamentos/situacao-inicial.ts).
    await conferirPagamentosPrimeiraVez(banco);
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
