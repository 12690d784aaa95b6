// The JS the browser waits for: before the login screen is interactive and for /ctes after login,
// gzip and brotli, from the build manifest; the bytes the server sends for the login page; and what Chromium
// actually transfers. Figures only, each with the load average.
// Alone: node --import tsx -e "import('./bench/bundle.ts').then(m => m.benchBundle())"
// (BUNDLE_WEB=dist/web measures an existing build instead of building one into a temporary folder.)
import { mkdtempSync, rmSync } from 'node:fs';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { startServer } from '../src/server/start-server';
import { compilarWeb, DINAMICOS_CTES, DINAMICOS_OCIOSO, fechamento, lerManifesto, ORCAMENTO_JS_CTES_BROTLI, tamanhos } from '../tests/build/js-da-tela';
import { carga, entrarComoAdmin } from './measure';

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

function emTexto(pasta: string, arquivos: Set<string>): string {
  const t = tamanhos(pasta, arquivos);
  return `${kib(t.gz)} gzip, ${kib(t.br)} brotli (${kib(t.bruto)} sem compressão)`;
}

function doManifesto(pasta: string): string[] {
  const { manifesto, entrada } = lerManifesto(pasta);
  const inicial = fechamento(manifesto, [entrada]);
  const ctes = fechamento(manifesto, [entrada, ...DINAMICOS_CTES]);
  const ocioso = fechamento(manifesto, [entrada, ...DINAMICOS_CTES, ...DINAMICOS_OCIOSO]);
  return [
    `JS antes do login interativo (manifesto: entrada + imports estáticos, ${inicial.size} arquivo(s)): ${emTexto(pasta, inicial)} (${carga()})`,
    `JS de /ctes depois do login (manifesto: + os imports dinâmicos da sessão identificada, ${ctes.size} arquivo(s)): ${emTexto(pasta, ctes)}; orçamento ${ORCAMENTO_JS_CTES_BROTLI / 1000} KB brotli (${carga()})`,
    `JS de /ctes com o que carrega no ocioso (manifesto: + paleta e configurações, ${ocioso.size} arquivo(s)): ${emTexto(pasta, ocioso)} (${carga()})`,
  ];
}

/** Body bytes a GET receives as sent (no decompression), and its Content-Encoding. */
function baixar(url: string, acceptEncoding: string): Promise<{ bytes: number; codificacao: string; corpo: Buffer }> {
  return new Promise((ok, falha) => {
    get(url, { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {}, agent: false }, (r) => {
      const partes: Buffer[] = [];
      r.on('data', (p: Buffer) => partes.push(p));
      r.on('end', () => {
        const corpo = Buffer.concat(partes);
        ok({ bytes: corpo.length, codificacao: String(r.headers['content-encoding'] ?? 'nenhuma'), corpo });
      });
    }).on('error', falha);
  });
}

/** What the server sends for the login page: index.html and what it references (scripts, modulepreloads, CSS). */
async function paginaDeLogin(url: string, acceptEncoding: string): Promise<string> {
  const indice = await fetch(`${url}/`).then((r) => r.text());
  const referidos = [...indice.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]);
  const respostas = await Promise.all([baixar(`${url}/`, acceptEncoding), ...referidos.map((r) => baixar(`${url}${r}`, acceptEncoding))]);
  const js = respostas.slice(1).filter((_, i) => referidos[i].endsWith('.js'));
  const total = respostas.reduce((s, r) => s + r.bytes, 0);
  const codificacoes = [...new Set(respostas.map((r) => r.codificacao))].join('/');
  return `página de login por HTTP (Accept-Encoding: ${acceptEncoding || 'nenhum'}): ${kib(total)} no fio em ${respostas.length} respostas, JS ${kib(js.reduce((s, r) => s + r.bytes, 0))} (Content-Encoding ${codificacoes}) (${carga()})`;
}

/** The page's scripts as Resource Timing saw them (same origin: encoded body sizes), started before `ate` ms. */
async function scripts(page: Page, ate = Infinity): Promise<string> {
  const [bytes, n] = await page.evaluate((limite) => {
    const js = performance.getEntriesByType('resource').filter((e) => new URL(e.name).pathname.endsWith('.js') && e.startTime < limite) as PerformanceResourceTiming[];
    return [js.reduce((s, e) => s + e.encodedBodySize, 0), js.length];
  }, ate);
  return `${kib(bytes)} em ${n} arquivo(s)`;
}

// The moment the login form can be used: React's autoFocus puts the focus in the user field at its commit.
const MARCAR_INTERATIVO = () =>
  document.addEventListener(
    'focusin',
    (e) => {
      const w = window as { interativoEm?: number };
      if (w.interativoEm === undefined && (e.target as HTMLInputElement).autocomplete === 'username') w.interativoEm = performance.now();
    },
    true,
  );

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run'];

async function noChromium(url: string): Promise<string[]> {
  // No "what's new" dialog (it reloads the page): the admin has seen every version.
  const authorization = await entrarComoAdmin(url, 'admin');
  await fetch(`${url}/api/usuarios/configuracoes`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify({ ultimaVersao: '999999999' }) });

  const navegador = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const figuras: string[] = [];
  try {
    const contexto = await navegador.newContext({ locale: 'pt-BR' });
    await contexto.addInitScript(MARCAR_INTERATIVO);
    const page = await contexto.newPage();
    await page.goto(url);
    await page.waitForFunction(() => (window as { interativoEm?: number }).interativoEm !== undefined);
    await page.waitForLoadState('networkidle');
    const interativo = await page.evaluate(() => (window as { interativoEm?: number }).interativoEm ?? Infinity);
    figuras.push(`Chromium, JS pedido até o login ficar interativo (${interativo.toFixed(0)} ms): ${await scripts(page, interativo)} (${carga()})`);
    figuras.push(`Chromium, JS na tela de login até a rede parar, sem digitar: ${await scripts(page)} (${carga()})`);

    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('admin');
    await page.keyboard.press('Enter');
    await page.getByRole('grid').first().getByRole('row').nth(1).waitFor();
    figuras.push(`Chromium, JS da abertura até /ctes com linhas, depois do login: ${await scripts(page)} (${carga()})`);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(2500);
    figuras.push(`Chromium, o mesmo com o que /ctes carrega no ocioso (paleta, configurações): ${await scripts(page)} (${carga()})`);

    // A returning user: the session is stored and the browser opens /ctes with an empty cache.
    const sessao = await page.evaluate(() => localStorage.getItem('frete.sessao'));
    const outro = await navegador.newContext({ locale: 'pt-BR' });
    await outro.addInitScript((s) => localStorage.setItem('frete.sessao', s ?? ''), sessao);
    const volta = await outro.newPage();
    await volta.goto(`${url}/ctes`);
    await volta.getByRole('grid').first().getByRole('row').nth(1).waitFor();
    figuras.push(`Chromium, /ctes aberto com a sessão guardada (cache vazio), até as linhas: ${await scripts(volta)} (${carga()})`);
  } finally {
    await navegador.close();
  }
  return figuras;
}

export async function benchBundle(): Promise<string[]> {
  const propria = process.env.BUNDLE_WEB;
  const pasta = propria ?? compilarWeb();
  const dados = mkdtempSync(join(tmpdir(), 'frete-bundle-dados-'));
  const figuras = doManifesto(pasta);
  try {
    const servidor = await startServer({ port: 0, dataDir: dados, webDir: pasta, log: () => {} });
    try {
      figuras.push(await paginaDeLogin(servidor.url, 'br, gzip'));
      figuras.push(await paginaDeLogin(servidor.url, 'gzip'));
      figuras.push(await paginaDeLogin(servidor.url, ''));
      figuras.push(...(await noChromium(servidor.url)));
    } finally {
      await servidor.close();
    }
  } finally {
    rmSync(dados, { recursive: true, force: true });
    if (!propria) rmSync(pasta, { recursive: true, force: true });
  }
  for (const f of figuras) console.log(`- ${f}`);
  return figuras;
}
