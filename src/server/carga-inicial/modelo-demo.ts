import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { cp, readdir, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Empresa } from '../../contracts/common';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import { relogio } from '../../domain/relogio';
import type { CompanyDatabase } from '../db/database';
import { arquivosSob } from '../db/modelo-pglite';
import { chaveAssinatura } from '../db/schema/chave-assinatura';
import { configuracao } from '../db/schema/configuracao';
import { pastasXml } from '../db/referencia/semear-configuracao';
import { schemaErpConfigurado } from '../erp/erp-source';
import type { SeedOptions } from './semear-banco';

// Issue 33: a new data folder with the default demo is, once seeded, the same for every install on the same
// São Paulo day and the same code: the demo CT-es (priced by the engine), faturas, minutas, the ERP's notes and
// PDFs. Seeding it costs 13 to 18 s on the 2-core machine; copying it, under a second. So a seeded company
// folder is kept, closed, as the day's demo template (beside the migrated template, modelo-pglite.ts), with
// the files the seed drops into the EDI input folders; `npm install` prepares it (scripts/preparar-modelo.mjs)
// and any first start without it leaves one. A copy gets its own per-install values (ajustarCopiaDemo): a new
// token signing key and its XML folders. The template is named by a hash of the sources that shape the seed,
// PGlite's version and the day: another day, or a change in the code, and the start seeds as before (and
// keeps a new one). Only the default demo is kept: ADMIN_PASSWORD, ERP_DEMO_TAMANHO, a real ERP schema or the
// options tests and benchmarks pass seed in place.

const PREFIXO = 'pglite-demo-';
const pglite = createRequire(import.meta.url).resolve('@electric-sql/pglite');
/** The project's folder: the one whose node_modules holds PGlite (also under the server bundle). */
const raiz = pglite.slice(0, pglite.lastIndexOf(`${sep}node_modules${sep}`));
const pastaCache = () => process.env.PGLITE_CACHE_DIR || join(raiz, 'node_modules', '.cache', 'frete-console');
/** What shapes the seed's result: the server (demo, engine, migrations, fixed rows), the domain, the contracts and the state machines. */
const FONTES = ['src/server', 'src/domain', 'src/contracts', 'machines'];

/** The start options that give the default demo, the only one kept as a template. */
export type OpcoesCarga = Pick<SeedOptions, 'adminPassword' | 'demo' | 'erpDemo' | 'cadastrosDemo' | 'ctesDemo'>;

/** True when a new folder of `empresa` with these options gets the default demo (the template's). */
export function demoPadrao(opcoes: OpcoesCarga, empresa: Empresa, env: NodeJS.ProcessEnv = process.env): boolean {
  return (
    opcoes.adminPassword === undefined &&
    opcoes.demo !== false &&
    opcoes.erpDemo === undefined &&
    opcoes.cadastrosDemo !== false &&
    opcoes.ctesDemo !== false &&
    !env.ERP_DEMO_TAMANHO &&
    !schemaErpConfigurado(empresa, env)
  );
}

let fontes: string | undefined;

/** Hash of the sources and PGlite's version, once per process; undefined without the sources (no template then). */
function hashFontes(): string | undefined {
  if (fontes !== undefined) return fontes || undefined;
  const hash = createHash('sha256').update(readFileSync(join(dirname(pglite), '..', 'package.json')));
  try {
    for (const arquivo of FONTES.flatMap((f) => arquivosSob(join(raiz, f)))) hash.update(arquivo.slice(raiz.length)).update(readFileSync(arquivo));
    fontes = hash.digest('hex').slice(0, 16);
  } catch {
    fontes = '';
  }
  return fontes || undefined;
}

/** The day's template folder of a company (<cache>/pglite-demo-<day>-<hash>/<empresa>), or undefined without sources. */
export function pastaModeloDemo(empresa: Empresa): string | undefined {
  const hash = hashFontes();
  return hash && join(pastaCache(), `${PREFIXO}${dataSaoPaulo(relogio.agora())}-${hash}`, empresa.toLowerCase());
}

/** The company's template of today and of this code, when kept. */
export function modeloDemoPronto(empresa: Empresa): string | undefined {
  const pasta = pastaModeloDemo(empresa);
  return pasta && existsSync(join(pasta, 'db', 'PG_VERSION')) ? pasta : undefined;
}

// The lock file of the process that made a folder means nothing to a copy.
const semPid = (origem: string) => basename(origem) !== 'postmaster.pid';

/**
 * Fills a new (empty) company folder with today's template and puts the template's EDI files into `pastaEdi`
 * (never over a file of the same name). Answers false, leaving the folder empty, when there is no template.
 */
export async function copiarModeloDemo(empresa: Empresa, pasta: string, pastaEdi: string): Promise<boolean> {
  const modelo = modeloDemoPronto(empresa);
  if (!modelo) return false;
  // Asynchronous: both companies' copies (~100 MB each) on libuv's threads at once, the event loop free meanwhile.
  try {
    await cp(join(modelo, 'db'), pasta, { recursive: true, filter: semPid });
    if (existsSync(join(modelo, 'edi'))) await cp(join(modelo, 'edi'), pastaEdi, { recursive: true, force: false });
    return true;
  } catch {
    // The template went away mid-copy (another process replaced it): an empty folder, seeded as before.
    for (const nome of await readdir(pasta)) await rm(join(pasta, nome), { recursive: true, force: true });
    return false;
  }
}

/**
 * Keeps a closed, freshly seeded company folder and the EDI files its seed dropped (`edi`, a folder of its
 * own) as the template in `destino` (pastaModeloDemo), removing the other days' and codes'; a failure only
 * skips the cache.
 */
export function guardarModeloDemo(destino: string, pasta: string, edi: string): void {
  if (existsSync(destino)) return;
  const temporaria = `${destino}.${process.pid}.tmp`;
  try {
    const dia = dirname(destino);
    mkdirSync(dia, { recursive: true });
    for (const nome of readdirSync(dirname(dia)))
      if (nome.startsWith(PREFIXO) && nome !== basename(dia)) rmSync(join(dirname(dia), nome), { recursive: true, force: true });
    cpSync(pasta, join(temporaria, 'db'), { recursive: true, filter: semPid });
    if (existsSync(edi)) cpSync(edi, join(temporaria, 'edi'), { recursive: true });
    renameSync(temporaria, destino);
  } catch {
    /* no cache: the next new folder is seeded again */
  } finally {
    rmSync(temporaria, { recursive: true, force: true });
  }
}

/** What a copy must not share with the template: the token signing key, and its own CT-e XML folders. */
export async function ajustarCopiaDemo(banco: CompanyDatabase, pastaXml: string): Promise<void> {
  await banco.db.transaction(async (tx) => {
    await tx
      .update(chaveAssinatura)
      .set({ chave: randomBytes(64).toString('base64') })
      .where(eq(chaveAssinatura.id, 1));
    await tx.update(configuracao).set(pastasXml(pastaXml, banco.empresa)).where(eq(configuracao.id, 1));
  });
}
