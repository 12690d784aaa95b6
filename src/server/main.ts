import cluster from 'node:cluster';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EMPRESAS } from '../contracts/common';
import { lerConcorrencia } from './processos/concorrencia';
import { iniciarPrimario, VAR_PROCESSO } from './processos/primario';
import { esperarVezDePartir } from './processos/trava-partida';

// Environment (architecture.md): PORT (8080), DATA_DIR (./data), DATABASE_URL, ADMIN_PASSWORD, XML_DIR (<DATA_DIR>/xml),
// EDI_DIR (<DATA_DIR>/edi: the PROCEDA files, docs/decisoes.md §18), CHAVE_SEGREDOS and IMAP_URL_<EMPRESA> (issue 30,
// docs/decisoes.md §37), WEB_CONCURRENCY (issue 33: n server processes on one PostgreSQL, processos/primario.ts).
const porta = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(porta) || porta < 0 || porta > 65535) {
  console.error(`PORT inválida: ${process.env.PORT}`);
  process.exit(1);
}
const databaseUrl = process.env.DATABASE_URL || undefined;
const concorrencia = lerConcorrencia(process.env.WEB_CONCURRENCY, databaseUrl);
if ('erro' in concorrencia) {
  console.error(concorrencia.erro);
  process.exit(1);
}

/** This process serves: opens the databases, listens, and closes them on SIGINT/SIGTERM. */
async function servir() {
  // Loaded only here: a refused start and the cluster's primary never load the server's modules.
  const { startServer } = await import('./start-server');
  // Since the process started: node and the server's module graph loaded.
  const modulos = performance.now();
  // On PostgreSQL, one start at a time across every process on the database (processos/trava-partida.ts).
  const liberarPartida = databaseUrl ? await esperarVezDePartir(databaseUrl) : async () => {};
  const servidor = await startServer({
    port: porta,
    dataDir: process.env.DATA_DIR ?? './data',
    databaseUrl,
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    xmlDir: process.env.XML_DIR || undefined,
    ediDir: process.env.EDI_DIR || undefined,
    chaveSegredos: process.env.CHAVE_SEGREDOS || undefined,
    imapUrls: Object.fromEntries(EMPRESAS.flatMap((e) => (process.env[`IMAP_URL_${e}`] ? [[e, process.env[`IMAP_URL_${e}`]]] : []))),
  }).finally(liberarPartida);
  const s = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
  const fases = [{ fase: 'módulos', ms: modulos }, ...servidor.fases].map((f) => `${f.fase} ${s(f.ms)}`).join(', ');
  const processo = cluster.isWorker ? `processo ${process.env[VAR_PROCESSO] ?? cluster.worker?.id}, pid ${process.pid}; ` : '';
  console.log(`frete-console ouvindo em http://localhost:${servidor.port} (${processo}pronto em ${s(performance.now())}: ${fases})`);
  const encerrar = async (sinal: string) => {
    console.log(`${sinal} recebido: encerrando (fechando bancos e liberando as pastas de dados)...`);
    await servidor.close();
    process.exit(0);
  };
  process.once('SIGINT', encerrar);
  process.once('SIGTERM', encerrar);
}

// The module each worker runs: this one. Compiled (scripts/compilar.mjs), import.meta.url still names the source, and
// the build defines __CARGA_PROCESSO__ as dist/server/carga-processo-filho.mjs: dist/server/main.mjs sits beside it.
declare const __CARGA_PROCESSO__: string | undefined;
const esteModulo = () => (typeof __CARGA_PROCESSO__ === 'string' ? join(dirname(__CARGA_PROCESSO__), 'main.mjs') : fileURLToPath(import.meta.url));

if (concorrencia.processos > 1 && cluster.isPrimary) {
  iniciarPrimario({ processos: concorrencia.processos, exec: esteModulo() });
} else {
  try {
    await servir();
  } catch (erro) {
    console.error(`Não foi possível iniciar o frete-console: ${(erro as Error).message}`);
    process.exit(1);
  }
}
