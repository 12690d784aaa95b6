import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, onTestFailed } from 'vitest';
import { sql } from 'drizzle-orm';
import { relogio } from '../../src/domain/relogio';
import { openCompanyDatabases } from '../../src/server/abrir-bancos-empresas';
import { diagnosticoDaPagina } from './diagnostico';
import { iniciarServidor, type Servidor } from './servidor';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags this machine needs (closed network, root, no GPU).
const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export interface Console {
  url: string;
  /** The server's DATA_DIR (the CT-e XML folders are under <dataDir>/xml/<empresa>/). */
  dataDir: string;
  page: Page;
  /** What the page was showing and asking when a journey failed (printed by consoleDaJornada). */
  diagnostico(): Promise<string>;
  close(): Promise<void>;
}

/**
 * Copies the model data folder into `dataDir`; the settings keep the CT-e folders as absolute paths (XML_DIR under
 * DATA_DIR at the first start), so the copy's point at its own folders, as a first start there would have set.
 */
async function copiarModelo(modelo: string, dataDir: string) {
  cpSync(modelo, dataDir, { recursive: true });
  const bancos = await openCompanyDatabases({ dataDir });
  try {
    for (const banco of Object.values(bancos)) {
      const trocar = (coluna: string) => sql.raw(`${coluna} = replace(${coluna}, '${modelo}', '${dataDir}')`);
      await banco.db.execute(sql`update configuracao set ${trocar('endereco_entrada')}, ${trocar('endereco_saida')}, ${trocar('endereco_erro')}`);
    }
  } finally {
    await Promise.all(Object.values(bancos).map((b) => b.close()));
  }
}

/** Starts the real server on a fresh embedded database and a real Chromium pointed at it. */
export async function startConsole(): Promise<Console> {
  // A copy of the run's first-started data folder (global-setup.ts): the same fresh demo, without seeding it again.
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-e2e-'));
  // Chromium starts while the folder is copied and the server starts (about a second less per journey file).
  const abrindo = chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  let servidor: Servidor;
  try {
    await copiarModelo(inject('e2eDadosModelo'), dataDir);
    servidor = await iniciarServidor(dataDir);
  } catch (erro) {
    await abrindo.then((b) => b.close()).catch(() => {});
    throw erro;
  }
  const url = servidor.url;
  const browser: Browser = await abrindo.catch(async (erro: unknown) => {
    await servidor.parar();
    throw erro;
  });
  const page = await browser.newPage({ locale: 'pt-BR', viewport: { width: 1366, height: 850 } });
  // RELOGIO set (src/domain/relogio.ts): the page's clock is the server's, running on from the same instant.
  if (process.env.RELOGIO) await page.clock.install({ time: relogio.agora() });
  page.on('pageerror', (e) => console.error('[página]', e.message));
  const diagnostico = diagnosticoDaPagina(page);
  // The server's Content-Security-Policy (docs/decisoes.md §31): a journey that trips it fails at close.
  const violacoesCsp: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violacoesCsp.push(m.text());
  });
  return {
    url,
    dataDir,
    page,
    diagnostico,
    async close() {
      await browser.close();
      await servidor.parar();
      rmSync(dataDir, { recursive: true, force: true });
      if (violacoesCsp.length) throw new Error(`A página violou a Content-Security-Policy:\n${violacoesCsp.join('\n')}`);
    },
  };
}

/**
 * The console of a journey file: started on a fresh database before its tests, closed after them. Answers
 * the console (there once beforeAll has run).
 */
export function consoleDaJornada(): () => Console {
  let app: Console | undefined;
  beforeAll(async () => {
    app = await startConsole();
  });
  afterAll(async () => {
    await app?.close();
  });
  return () => {
    if (!app) throw new Error('o console não partiu');
    const aberto = app;
    try {
      onTestFailed(async () => console.error(`[jornada falhou] ${await aberto.diagnostico()}`));
    } catch {
      // app() outside a test (a beforeAll): nothing to report on.
    }
    return aberto;
  };
}

/**
 * Calls to the console's API as the logged-in user (`authorization` as the login answered it), to check what
 * the keyboard did: GET, or POST with a body; any answer but 200 fails the journey with the server's text.
 */
export function apiDaSessao(url: string, authorization: string) {
  return async <T>(caminho: string, body?: unknown): Promise<T> => {
    const r = await fetch(`${url}/api${caminho}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(r.status, `${caminho}: ${await r.clone().text()}`).toBe(200);
    return (await r.json()) as T;
  };
}
