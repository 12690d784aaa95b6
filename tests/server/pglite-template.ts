import { PASTA_XML_TESTE } from './pasta-xml-teste';
import { createHash } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import type { PGlite } from '@electric-sql/pglite';
import type { Empresa } from '../../src/contracts/common';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';
import { openPgliteDatabase } from '../../src/server/db/open-pglite';
import { seedDatabase } from '../../src/server/carga-inicial/semear-banco';

// Creating a PGlite database, migrating and seeding it costs seconds; loading a dump of the result
// costs one. The dump is cached under .tmp, keyed by everything that shapes its content.
const RAIZ = join(import.meta.dirname, '../..');
const PASTA = join(RAIZ, '.tmp/pglite-templates');
const ORIGENS = [
  'src/server/db/migrations',
  // The first-start load, the reference rows (IBGE tables included) and the demo it writes.
  'src/server/carga-inicial',
  'src/server/db/referencia',
  'src/server/db/travar-carga.ts',
  'src/server/demo',
  // The seed saves demo freight tables and syncs the demo ERP through these.
  'src/server/tabelas-frete',
  'src/server/erp',
  // The demo faturas are read through the DOCCOB reader and the fatura linker.
  'src/server/ingest/doccob',
  'src/server/faturas',
  'src/contracts',
  // The clock and the dates the demo is laid out by, with the freight engine.
  'src/domain',
  'src/server/auth/password.ts',
  'node_modules/@electric-sql/pglite/package.json',
  'tests/server/pasta-xml-teste.ts',
];

function arquivos(caminho: string): string[] {
  if (!existsSync(caminho)) return [];
  if (!statSync(caminho).isDirectory()) return [caminho];
  return readdirSync(caminho)
    .sort()
    .flatMap((nome) => arquivos(join(caminho, nome)));
}

/** The sources' hash: once per worker (nothing edits them during a run; it cost ~95 ms a call, two calls a file). */
let hashDasOrigens: string | undefined;
function origens(): string {
  if (hashDasOrigens) return hashDasOrigens;
  const hash = createHash('sha256');
  for (const arquivo of ORIGENS.flatMap((o) => arquivos(join(RAIZ, o)))) hash.update(relative(RAIZ, arquivo)).update(readFileSync(arquivo));
  return (hashDasOrigens = hash.digest('hex'));
}

/**
 * The demo is laid out around the day it is seeded (this month and the two before): the key holds that São
 * Paulo day by the console's clock, and a run with RELOGIO set (its clock restarts at the same instant) seeds
 * its own.
 */
function chaveTemplate(senhaAdmin: string): string {
  const dia = `${dataSaoPaulo(relogio.agora())}|${process.env.RELOGIO ? `${process.env.RELOGIO}@${process.env.RELOGIO_DESDE}` : ''}`;
  return createHash('sha256').update(senhaAdmin).update(dia).update(origens()).digest('hex').slice(0, 16);
}

/** Each dump is read once per worker (69-128 MB each; a Blob is read again by every load, never changed). */
const lidos = new Map<string, Blob>();
const ler = (arquivo: string) => {
  try {
    const lido = lidos.get(arquivo) ?? new Blob([readFileSync(arquivo)]);
    lidos.set(arquivo, lido);
    return lido;
  } catch {
    return undefined;
  }
};

async function construir(empresa: Empresa, senhaAdmin: string, demoPasswordHash: () => Promise<string>, ctesDemo: boolean): Promise<Blob> {
  const banco = await openPgliteDatabase(empresa);
  try {
    await banco.migrate();
    await seedDatabase(banco, { adminPassword: senhaAdmin, demo: true, demoPasswordHash, log: () => {}, pastaXml: PASTA_XML_TESTE, ctesDemo });
    // Uncompressed: 130 MB on disk, but each file loads it a third faster than the gzip (no inflating).
    return await (banco.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  } finally {
    await banco.close();
  }
}

/**
 * The dump of a migrated, seeded company database, with or without the demo CT-es (as on PostgreSQL, only the files
 * that read them ask: the dump without them is about half the size, and each file loads it and queries it faster);
 * one test worker builds it, the others wait for it.
 */
export async function pgliteTemplate(empresa: Empresa, senhaAdmin: string, demoPasswordHash: () => Promise<string>, ctesDemo: boolean): Promise<Blob> {
  const chave = chaveTemplate(senhaAdmin);
  const arquivo = join(PASTA, `${chave}-${empresa.toLowerCase()}${ctesDemo ? '' : '-sem-ctes'}.tar`);
  const trava = `${arquivo}.lock`;
  mkdirSync(PASTA, { recursive: true });
  for (const inicio = Date.now(); ; await esperar(200)) {
    const pronto = ler(arquivo);
    if (pronto) return pronto;
    try {
      closeSync(openSync(trava, 'wx'));
    } catch {
      // Another worker is building it; a lock older than two minutes belongs to a dead worker.
      if (Date.now() - inicio > 120_000 || Date.now() - statSync(trava, { throwIfNoEntry: false })!.mtimeMs > 120_000)
        rmSync(trava, { force: true });
      continue;
    }
    try {
      for (const nome of readdirSync(PASTA)) if (!nome.startsWith(chave)) rmSync(join(PASTA, nome), { force: true });
      const dump = await construir(empresa, senhaAdmin, demoPasswordHash, ctesDemo);
      // Write then rename, so a reader never sees half a file.
      const temporario = `${arquivo}.${process.pid}.tmp`;
      writeFileSync(temporario, Buffer.from(await dump.arrayBuffer()));
      renameSync(temporario, arquivo);
      return dump;
    } finally {
      rmSync(trava, { force: true });
    }
  }
}
