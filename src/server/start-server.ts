import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import { analisarPeriodicamente } from './db/analisar-pglite';
import { configuracao } from './db/schema/configuracao';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { EMPRESAS, type Empresa } from '../contracts/common';
import { createAppComContexto } from './app';
import { chaveDosSegredos } from './recebimento/chave-do-servidor';
import type { RateLimitSettings } from './auth/login-limiter';
import { hashPassword } from './auth/senha';
import type { CompanyDatabase } from './db/database';
import { SENHA_DEMO } from './demo/demo-usuarios';
import { avisoSenhaDemo, seedDatabase } from './carga-inicial/semear-banco';
import { ajustarCopiaDemo, copiarModeloDemo, demoPadrao, pastaModeloDemo } from './carga-inicial/modelo-demo';
import { modeloPronto } from './db/modelo-pglite';
import { primeiraCargaEmProcesso } from './carga-inicial/carga-em-processo';
import { openCompanyDatabases } from './abrir-bancos-empresas';
import { attachWeb, mensagemWebAusente } from './web-static';
import { pastasEdi } from './ingest/ler-pasta-edi';

export const MSG_ADMIN_PASSWORD_OBRIGATORIA =
  'Com DATABASE_URL definida, defina também ADMIN_PASSWORD (a senha do usuário admin); o servidor não inicia com a senha de demonstração.';

export interface StartServerOptions {
  /** 0 picks a free port. Default 8080. */
  port?: number;
  hostname?: string;
  dataDir?: string;
  databaseUrl?: string;
  schemaSuffix?: string;
  adminPassword?: string;
  /** Demo users and data (see SeedOptions.demo); default: only without adminPassword. */
  demo?: boolean;
  /** Built web app; default dist/web. */
  webDir?: string;
  rateLimit?: Partial<RateLimitSettings>;
  /** Rows of the demo ERP views seeded on a new database (default: ERP_DEMO_TAMANHO, or 80 carriers / 400 customers). */
  erpDemo?: { transportadoras: number; clientes: number };
  /** Base folder of the CT-e XMLs (XML_DIR; default <dataDir>/xml): see SeedOptions.pastaXml. */
  xmlDir?: string;
  /**
   * Base folder of the PROCEDA EDI files (EDI_DIR; default <dataDir>/edi): each company's DOCCOB folders
   * <ediDir>/<empresa>/{doccob,conemb}/{entrada,saida,erro} are created at start; see SeedOptions.pastaEdi.
   */
  ediDir?: string;
  /** Register the demo ERP and seed demo freight tables on a new database (default true). */
  cadastrosDemo?: boolean;
  log?: (mensagem: string) => void;
  /**
   * Documents that arrive by themselves (issue 30): CHAVE_SEGREDOS (without it, PGlite keeps a key file in its data
   * folder; PostgreSQL stores no secret), IMAP_URL_<EMPRESA>, how often the runner looks (ms).
   */
  chaveSegredos?: string;
  imapUrls?: Partial<Record<Empresa, string>>;
  recebimentoTickMs?: number;
}

export interface RunningServer {
  url: string;
  port: number;
  /** How long each step of the start took (ms): bancos (open, migrate, first load), carga inicial, servidor. */
  fases: { fase: string; ms: number }[];
  close(): Promise<void>;
}

/** A folder that cannot be made is logged, never fatal. */
const criarPasta = (pasta: string, empresa: string, log: (mensagem: string) => void) =>
  mkdir(pasta, { recursive: true }).then(
    () => undefined,
    (e: Error) => log(`AVISO (${empresa}): a pasta ${pasta} não pôde ser criada: ${e.message}`),
  );

/** The configured XML folders exist after a start (a fresh `npm start` reads XMLs at once); a folder that cannot be made is logged. */
async function criarPastasXml(banco: CompanyDatabase, log: (mensagem: string) => void) {
  const [cfg] = await banco.db
    .select({ entrada: configuracao.enderecoEntrada, saida: configuracao.enderecoSaida, erro: configuracao.enderecoErro })
    .from(configuracao)
    .where(eq(configuracao.id, 1));
  for (const pasta of [cfg?.entrada, cfg?.saida, cfg?.erro]) if (pasta?.trim()) await criarPasta(pasta, banco.empresa, log);
}

/**
 * The company's DOCCOB, CONEMB and OCOREN folders exist after a start ("Ler Faturas", "Ler ConEmb's" and the
 * OCOREN reading work at once); one that cannot be made is logged.
 */
async function criarPastasEdi(ediDir: string, empresa: (typeof EMPRESAS)[number], log: (mensagem: string) => void) {
  for (const tipo of ['doccob', 'conemb', 'ocoren'] as const) for (const pasta of Object.values(pastasEdi(ediDir, empresa, tipo))) await criarPasta(pasta, empresa, log);
}

function cronometro() {
  const lista: { fase: string; ms: number }[] = [];
  let desde = performance.now();
  return {
    lista,
    marcar(fase: string) {
      const agora = performance.now();
      lista.push({ fase, ms: agora - desde });
      desde = agora;
    },
  };
}

/**
 * Opens and migrates the databases; a new PGlite folder is a copy of today's demo template (carga-inicial/modelo-demo.ts)
 * or else seeded, in a child process (both companies at once), which keeps the default demo as that template.
 */
async function abrirBancos(opcoes: StartServerOptions, ediDir: string, log: (mensagem: string) => void) {
  let hashDemo: Promise<string> | undefined;
  const demoPasswordHash = () => (hashDemo ??= hashPassword(SENHA_DEMO));
  const carga = {
    adminPassword: opcoes.adminPassword,
    demo: opcoes.demo,
    erpDemo: opcoes.erpDemo,
    cadastrosDemo: opcoes.cadastrosDemo,
    pastaXml: resolve(opcoes.xmlDir ?? join(opcoes.dataDir ?? './data', 'xml')),
    pastaEdi: ediDir,
  };
  const carregadas = new Set<Empresa>();
  const copiadas = new Set<Empresa>();
  const bancos = await openCompanyDatabases(
    {
      dataDir: opcoes.databaseUrl ? undefined : resolve(opcoes.dataDir ?? './data'),
      databaseUrl: opcoes.databaseUrl,
      schemaSuffix: opcoes.schemaSuffix,
    },
    async (empresa, pasta) => {
      const padrao = demoPadrao(carga, empresa);
      if (padrao && (await copiarModeloDemo(empresa, pasta, ediDir))) {
        copiadas.add(empresa);
        return 'migrado';
      }
      // Without a template yet, RRE's child (the smaller demo, so off the longer seed's path) keeps one.
      const guardarModelo = empresa === EMPRESAS[EMPRESAS.length - 1] && !modeloPronto();
      const guardarModeloDemo = padrao ? pastaModeloDemo(empresa) : undefined;
      await primeiraCargaEmProcesso({ empresa, pasta, opcoes: carga, guardarModelo, guardarModeloDemo }, log, demoPasswordHash);
      carregadas.add(empresa);
    },
  );
  return { bancos, carregadas, copiadas, carga, demoPasswordHash };
}

/** Opens, migrates and seeds the company databases, then serves API and web app. Used by main.ts, e2e and benchmarks. */
export async function startServer(opcoes: StartServerOptions = {}): Promise<RunningServer> {
  const log = opcoes.log ?? console.warn;
  if (opcoes.databaseUrl && !opcoes.adminPassword) throw new Error(MSG_ADMIN_PASSWORD_OBRIGATORIA);
  const fases = cronometro();
  const ediDir = resolve(opcoes.ediDir ?? join(opcoes.dataDir ?? './data', 'edi'));
  // Before the seed: the demo drops a DOCCOB and a CONEMB into the input folders.
  await Promise.all(EMPRESAS.map((e) => criarPastasEdi(ediDir, e, log)));
  const { bancos, carregadas, copiadas, carga, demoPasswordHash } = await abrirBancos(opcoes, ediDir, log);
  fases.marcar('bancos');
  let pararAnalises = async () => {};
  let fechar = () =>
    pararAnalises()
      .then(() => Promise.allSettled(Object.values(bancos).map((b: CompanyDatabase) => b.close())))
      .then(() => undefined);
  try {
    // A copy of the demo template is the whole seed but for its own signing key and XML folders.
    for (const empresa of copiadas) {
      await ajustarCopiaDemo(bancos[empresa], carga.pastaXml);
      log(avisoSenhaDemo(empresa));
    }
    // The seed of an existing database (idempotent: it only adds what is missing); a child just did a new one's.
    await Promise.all(EMPRESAS.filter((e) => !carregadas.has(e) && !copiadas.has(e)).map((e) => seedDatabase(bancos[e], { ...carga, demoPasswordHash, log })));
    await Promise.all(EMPRESAS.map((e) => criarPastasXml(bancos[e], log)));
    fases.marcar('carga inicial');
    // PGlite has no autovacuum: the statistics follow the tables' growth from here (db/analisar-pglite.ts).
    const analises = Object.values(bancos).map((b: CompanyDatabase) =>
      analisarPeriodicamente(b, (e) => log(`Não foi possível atualizar as estatísticas do banco ${b.descricao}: ${(e as Error).message}`)),
    );
    pararAnalises = () => Promise.all(analises.map((parar) => parar())).then(() => undefined);
    const recebimento = { chaveSegredos: await chaveDosSegredos(opcoes, log), imapUrls: opcoes.imapUrls ?? {}, tickMs: opcoes.recebimentoTickMs };
    const { app, ctx } = createAppComContexto({ bancos, rateLimit: opcoes.rateLimit, ediDir, recebimento });
    const agendador = ctx.recebimento.agendador;
    const fecharBancos = fechar;
    fechar = () => agendador.parar().then(fecharBancos);
    const webDir = resolve(opcoes.webDir ?? 'dist/web');
    if (!attachWeb(app, webDir)) log(mensagemWebAusente(webDir));

    const servidor = serve({ fetch: app.fetch, port: opcoes.port ?? 8080, hostname: opcoes.hostname });
    await new Promise<void>((ok, falha) => {
      servidor.once('listening', ok);
      servidor.once('error', (erro: NodeJS.ErrnoException) =>
        falha(erro.code === 'EADDRINUSE' ? new Error(`A porta ${opcoes.port} já está em uso por outro processo.`) : erro),
      );
    });
    const port = (servidor.address() as AddressInfo).port;
    fases.marcar('servidor');
    agendador.iniciar();
    let fechando: Promise<void> | undefined;
    return {
      url: `http://localhost:${port}`,
      port,
      fases: fases.lista,
      close: () =>
        (fechando ??= new Promise<void>((ok) => {
          servidor.close(() => ok());
          // Idle keep-alive sockets would hold close() open.
          if ('closeIdleConnections' in servidor) servidor.closeIdleConnections();
        }).then(fechar)),
    };
  } catch (erro) {
    await fechar();
    throw erro;
  }
}
