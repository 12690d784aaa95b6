import type { CompanyDatabase } from '../db/database';
import { guardarModelo, modeloPronto } from '../db/modelo-pglite';
import { openPgliteDatabase } from '../db/open-pglite';
import type { MensagemDoFilho, TarefaCarga } from './carga-em-processo';
import { seedDadosFixos } from '../db/referencia/dados-fixos';
import { seedDatabase } from './semear-banco';
import { guardarModeloDemo } from './modelo-demo';
import { conferirPagamentosPrimeiraVez } from '../pagamentos/situacao-inicial';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A child process of the server's start (carga-em-processo.ts): gives a new PGlite folder the migrated
// template's copy (or initdb and the migrations, keeping the result as the template when asked), then the
// seed (the default demo's result kept as the day's demo template when asked: modelo-demo.ts), closes it and ends. The parent holds the folder's lock meanwhile, so the child ends at once if the
// parent goes away.
const tarefa = JSON.parse(process.argv[2]) as TarefaCarga;
const enviar = (m: MensagemDoFilho) => process.send!(m);
let terminada = false;
process.on('disconnect', () => terminada || process.exit(1));

// The demo password's hash comes from the parent (one scrypt shared by both companies), when asked.
let hashDemo: Promise<string> | undefined;
const pedirHashDemo = () =>
  (hashDemo ??= new Promise<string>((ok) => {
    process.once('message', (m: { hashDemo: string }) => ok(m.hashDemo));
    enviar({ tipo: 'hash-demo' });
  }));

const abrir = () => openPgliteDatabase(tarefa.empresa, tarefa.pasta, undefined, { travar: false, construirModelo: false });

/** Migrated and with the fixed rows, the folder is what every new one starts as: closed, copied, reopened. */
async function comoModelo(banco: CompanyDatabase): Promise<CompanyDatabase> {
  await seedDadosFixos(banco.db);
  await banco.close();
  guardarModelo(tarefa.pasta);
  return abrir();
}

async function carga(pastaEdi = tarefa.opcoes.pastaEdi): Promise<void> {
  let banco = await abrir();
  try {
    await banco.migrate();
    if (tarefa.guardarModelo && !modeloPronto()) banco = await comoModelo(banco);
    await seedDatabase(banco, { ...tarefa.opcoes, pastaEdi, demoPasswordHash: pedirHashDemo, log: (mensagem) => enviar({ tipo: 'log', mensagem }) });
    // The demo faturas' payment situation, here rather than in the server's first open (openCompanyDatabases), and so in the demo template.
    await conferirPagamentosPrimeiraVez(banco, () => {});
  } finally {
    await banco.close();
  }
}

/**
 * The default demo: seeded with the EDI files dropped into a folder of its own, kept with the closed folder as
 * today's demo template (modelo-demo.ts), then put into the real EDI folders (never over a file of the same name).
 */
async function cargaGuardandoModelo(destino: string): Promise<void> {
  const edi = mkdtempSync(join(tmpdir(), 'frete-edi-demo-'));
  try {
    await carga(edi);
    guardarModeloDemo(destino, tarefa.pasta, edi);
    if (tarefa.opcoes.pastaEdi) cpSync(edi, tarefa.opcoes.pastaEdi, { recursive: true, force: false });
  } finally {
    rmSync(edi, { recursive: true, force: true });
  }
}

try {
  await (tarefa.guardarModeloDemo ? cargaGuardandoModelo(tarefa.guardarModeloDemo) : carga());
} catch (erro) {
  enviar({ tipo: 'erro', mensagem: (erro as Error).message });
  process.exitCode = 1;
}
terminada = true;
process.disconnect();
