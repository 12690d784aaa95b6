import { EMPRESAS } from '../contracts/common';
import { startServer } from './start-server';

// Since the process started: node and this module graph loaded.
const modulos = performance.now();

// Environment (architecture.md): PORT (8080), DATA_DIR (./data), DATABASE_URL, ADMIN_PASSWORD, XML_DIR (<DATA_DIR>/xml),
// EDI_DIR (<DATA_DIR>/edi: the PROCEDA files, docs/decisoes.md §18), CHAVE_SEGREDOS and IMAP_URL_<EMPRESA> (issue 30,
// docs/decisoes.md §37).
const porta = Number(process.env.PORT ?? 8080);
if (!Number.isInteger(porta) || porta < 0 || porta > 65535) {
  console.error(`PORT inválida: ${process.env.PORT}`);
  process.exit(1);
}

try {
  const servidor = await startServer({
    port: porta,
    dataDir: process.env.DATA_DIR ?? './data',
    databaseUrl: process.env.DATABASE_URL || undefined,
    adminPassword: process.env.ADMIN_PASSWORD || undefined,
    xmlDir: process.env.XML_DIR || undefined,
    ediDir: process.env.EDI_DIR || undefined,
    chaveSegredos: process.env.CHAVE_SEGREDOS || undefined,
    imapUrls: Object.fromEntries(EMPRESAS.flatMap((e) => (process.env[`IMAP_URL_${e}`] ? [[e, process.env[`IMAP_URL_${e}`]]] : []))),
  });
  const s = (ms: number) => `${(ms / 1000).toFixed(1).replace('.', ',')} s`;
  const fases = [{ fase: 'módulos', ms: modulos }, ...servidor.fases].map((f) => `${f.fase} ${s(f.ms)}`).join(', ');
  console.log(`frete-console ouvindo em http://localhost:${servidor.port} (pronto em ${s(performance.now())}: ${fases})`);
  const encerrar = async (sinal: string) => {
    console.log(`${sinal} recebido: encerrando (fechando bancos e liberando as pastas de dados)...`);
    await servidor.close();
    process.exit(0);
  };
  process.once('SIGINT', encerrar);
  process.once('SIGTERM', encerrar);
} catch (erro) {
  console.error(`Não foi possível iniciar o frete-console: ${(erro as Error).message}`);
  process.exit(1);
}
