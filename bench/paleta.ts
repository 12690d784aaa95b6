// Palette benchmark: 10,000 carriers (plus the demo data) on PostgreSQL and on PGlite.
// Figures only, never assertions, each with the load average. Per database:
//  - GET /api/busca?q= (the one request a keystroke sends now): latency p50/p95 over prefixes of words and numbers;
//  - before, for comparison: the per-kind list calls the old palette sent for the same texts, all at once,
//    until the slowest answered (the old palette also waited 200 ms after the last key, now ATRASO_BUSCA_MS);
//  - in Chromium (the built web app, dist/web or BENCH_PALETA_WEB): keystroke in the palette to the result list
//    settled (the last DOM change of the list after the keystroke), each key alone, then whole words typed
//    at 120 ms a key (last key → settled, searches sent and aborted).
// BENCH_PALETA_TRANSPORTADORAS (default 10000), BENCH_PALETA_BANCOS=pg or pglite, BENCH_PALETA_CHROMIUM=0 (endpoint only).
// Alone: node --import tsx -e "import('./bench/paleta.ts').then(m => m.benchPaleta())"
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium, type Page } from 'playwright-core';
import { ATRASO_BUSCA_MS, TIPOS_BUSCA_DEF, tiposDaBusca, type TipoBusca } from '../src/contracts/busca';
import { startServer } from '../src/server/start-server';
import { emCadaBanco } from './bancos-bench';
import { carga, entrarComoAdmin, quantil, time } from './measure';

const TRANSPORTADORAS = Number(process.env.BENCH_PALETA_TRANSPORTADORAS ?? 10_000);
const SENHA = 'bench-admin';
const WEB = resolve(process.env.BENCH_PALETA_WEB ?? 'dist/web');
const RODADAS = 5;
/** What a person types: carrier words of the demo ERP (demo/semear-erp-demo.ts), a name, a plate, numbers. */
const PALAVRAS = ['transp', 'expres', 'logist', 'silva', 'santos', 'cargas', 'ferrei', 'abc12', '1002', '35250'];

const percentis = (xs: number[]) => `p50 ${quantil(xs, 0.5).toFixed(0)} ms, p95 ${quantil(xs, 0.95).toFixed(0)} ms (n=${xs.length})`;
/** Every prefix of 3 characters or more: the texts the keystrokes of a word search. */
const prefixos = (palavra: string) => Array.from({ length: palavra.length - 2 }, (_, i) => palavra.slice(0, i + 3));

/** The per-kind calls the palette made before GET /busca (src/web/api/*: same paths, sizes and searches). */
function chamadasAntigas(texto: string): string[] {
  const q = encodeURIComponent;
  const digitos = texto.replace(/\D/g, '');
  const porCpf = /^[\d.\-\s]+$/.test(texto) && digitos.length >= 3;
  const caminho: Record<TipoBusca, string> = {
    ctes: `/api/ctes?cte=${digitos}`,
    faturas: `/api/faturas/listar?numero=${q(texto)}`,
    minutas: `/api/minutas/listar?numero=${q(texto)}`,
    romaneios: `/api/romaneios/listar?numero=${q(texto)}`,
    'romaneios-os': `/api/romaneios-colacril/listar?numero=${q(texto)}`,
    perfis: `/api/perfis?search=${q(`descricao~${texto};ativado:true`)}&sort=descricao,asc&page=0&size=10`,
    transportadoras: `/api/transportadoras?transportadora=${q(texto)}&size=5`,
    motoristas: `/api/motoristas?search=${q(`${porCpf ? `cpf~"${digitos}"` : `nome~"${texto}"`};status==ATIVO`)}&sort=nome,asc&page=0&size=5`,
    veiculos: `/api/veiculos?search=${q(`placa~"${texto.toUpperCase()}"`)}&sort=placa,asc&page=0&size=5`,
    'tabelas-frete': `/api/tabelas-frete?transportadora=${q(texto)}&page=0&size=5`,
    usuarios: `/api/usuarios?search=${q(`nome~"${texto}";ativado:true`)}&sort=nome,asc&page=0&size=5`,
  };
  return tiposDaBusca(texto, () => true).map((t) => caminho[t]);
}


/** GET /api/busca per text against the old fan-out of per-kind calls, both timed from the client. */
export async function medirEndpoint(url: string, authorization: string): Promise<string[]> {
  const get = async (caminho: string) => {
    const r = await fetch(`${url}${caminho}`, { headers: { authorization } });
    if (!r.ok) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
    return r.json() as Promise<{ grupos?: { tipo: string; hits: unknown[] }[] }>;
  };
  const textos = PALAVRAS.flatMap(prefixos);
  const uma = (t: string) => get(`/api/busca?q=${encodeURIComponent(t)}`);
  const antigas = (t: string) => Promise.all(chamadasAntigas(t).map(get));
  for (const t of textos) await Promise.all([uma(t), antigas(t)]); // warm-up
  const novas: number[] = [];
  const velhas: number[] = [];
  for (let i = 0; i < RODADAS; i++)
    for (const t of textos) {
      novas.push((await time(() => uma(t)))[0]);
      velhas.push((await time(() => antigas(t)))[0]);
    }
  const exemplo = await uma('transp');
  const kinds = tiposDaBusca('transp', () => true).length;
  return [
    `GET /api/busca (uma requisição por tecla, ${kinds} tipos para uma palavra, admin): ${percentis(novas)}; ${carga()}`,
    `antes: ${kinds} chamadas por tecla (uma por tipo, em paralelo, até a mais lenta; a paleta antiga ainda esperava 200 ms depois da tecla): ${percentis(velhas)}; ${carga()}`,
    `  "transp": ${exemplo.grupos?.map((g) => `${TIPOS_BUSCA_DEF[g.tipo as TipoBusca].titulo} ${g.hits.length}`).join(', ')}`,
  ];
}

/** Keyboard login as admin (the what's-new dialog of a first login answered with Enter). */
async function entrar(page: Page, url: string) {
  await page.goto(url);
  await page.getByLabel('Usuário').waitFor();
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type(SENHA);
  await page.keyboard.press('Enter');
  const novidades = page.getByRole('dialog', { name: 'Novidades da versão' });
  const fretes = page.getByRole('heading', { name: 'Fretes' });
  await Promise.race([novidades.waitFor(), fretes.waitFor()]);
  if (await novidades.isVisible()) await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
  await fretes.waitFor();
}

/** In the page: the time of the last keydown and of the last change under the palette's list. */
const instalarRelogio = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { __paleta: { tecla: number; mudou: number } };
    w.__paleta = { tecla: 0, mudou: 0 };
    document.addEventListener('keydown', (e) => (w.__paleta.tecla = e.timeStamp), true);
    const lista = document.querySelector('[cmdk-list]') ?? document.body;
    new MutationObserver(() => (w.__paleta.mudou = performance.now())).observe(lista, { subtree: true, childList: true, characterData: true, attributes: true });
  });

interface Tempos {
  /** keydown → list settled */
  total: number;
  /** keydown → request sent (the pause after the key and React) */
  ate: number;
  /** request → answer (network and server) */
  servidor: number;
  /** answer → last change of the list (React and the browser drawing it) */
  desenho: number;
}

/** Waits until the list has not changed for `quieto` ms; the times of the last keystroke, split by the search's request. */
async function assentar(page: Page, texto: string | null, quieto = 150): Promise<Tempos> {
  for (;;) {
    const t = await page.evaluate((q) => {
      const p = (window as unknown as { __paleta: { tecla: number; mudou: number } }).__paleta;
      const pedido = q === null ? undefined : (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).findLast((e) => e.name.endsWith(`/api/busca?q=${q}`));
      return { ...p, agora: performance.now(), inicio: pedido?.startTime ?? p.tecla, fim: pedido?.responseEnd ?? p.tecla };
    }, texto === null ? null : encodeURIComponent(texto));
    if (t.agora - Math.max(t.mudou, t.tecla) >= quieto) {
      const total = Math.max(0, t.mudou - t.tecla);
      return { total, ate: t.inicio - t.tecla, servidor: t.fim - t.inicio, desenho: Math.max(0, t.mudou - t.fim) };
    }
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Milliseconds between keys when typing fluently (a quick typist: about 8 keys a second). */
const ENTRE_TECLAS = 120;

/**
 * In Chromium, as admin with the palette open: (1) each keystroke of each word alone, keydown → list settled,
 * split at the search's request; (2) each word typed fluently (ENTRE_TECLAS apart), last keydown → list
 * settled, with the searches sent and the ones aborted by the next key.
 */
export async function medirNavegador(url: string): Promise<string[]> {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const page = await browser.newPage({ locale: 'pt-BR', viewport: { width: 1366, height: 850 } });
    await entrar(page, url);
    let enviadas = 0;
    let abortadas = 0;
    page.on('request', (r) => void (r.url().includes('/api/busca?') && enviadas++));
    page.on('requestfailed', (r) => void (r.url().includes('/api/busca?') && abortadas++));
    /** The palette open on a fresh page (no answer cached by react-query from the round before). */
    const abrirPaleta = async (recarregar: boolean) => {
      if (recarregar) {
        await page.reload();
        await page.getByRole('heading', { name: 'Fretes' }).waitFor();
      }
      await page.keyboard.press('Control+k');
      await page.getByRole('dialog', { name: 'Paleta de comandos' }).waitFor();
      await instalarRelogio(page);
    };
    const limpar = async () => {
      await page.keyboard.press('Control+a');
      await page.keyboard.press('Backspace');
      await assentar(page, null);
    };
    const respostaDe = (texto: string) => page.waitForResponse((r) => r.url().endsWith(`/api/busca?q=${encodeURIComponent(texto)}`));

    await abrirPaleta(false);
    const sozinhas: Tempos[] = [];
    for (const palavra of PALAVRAS) {
      for (const [i, letra] of [...palavra].entries()) {
        const texto = palavra.slice(0, i + 1).trim();
        const busca = tiposDaBusca(texto, () => true).length > 0;
        const resposta = busca ? respostaDe(texto) : undefined;
        await page.keyboard.press(letra === ' ' ? 'Space' : letra);
        await resposta;
        const t = await assentar(page, busca ? texto : null);
        if (busca) sozinhas.push(t);
      }
      await limpar();
    }
    const teclas = enviadas;

    await abrirPaleta(true);
    enviadas = 0;
    abortadas = 0;
    const fluentes: Tempos[] = [];
    for (const palavra of PALAVRAS) {
      const resposta = respostaDe(palavra);
      for (const letra of palavra) {
        await page.keyboard.press(letra === ' ' ? 'Space' : letra);
        await new Promise((r) => setTimeout(r, ENTRE_TECLAS));
      }
      await resposta;
      fluentes.push(await assentar(page, palavra));
      await limpar();
    }
    const parte = (xs: Tempos[], k: keyof Tempos) => percentis(xs.map((x) => x[k]));
    const ciclo = (xs: Tempos[]) => `tecla → pedido ${parte(xs, 'ate')}; pedido → resposta ${parte(xs, 'servidor')}; resposta → lista desenhada ${parte(xs, 'desenho')}`;
    return [
      `Chromium, cada tecla (3+ caracteres) → lista assentada: ${parte(sozinhas, 'total')}; ${teclas} buscas para ${sozinhas.length} teclas; ${carga()}`,
      `  ${ciclo(sozinhas)} (a espera da paleta é ${ATRASO_BUSCA_MS} ms)`,
      `Chromium, palavra digitada a ${ENTRE_TECLAS} ms por tecla, última tecla → lista assentada: ${parte(fluentes, 'total')}; ${enviadas} buscas (${abortadas} abortadas pela tecla seguinte) para ${PALAVRAS.length} palavras; ${carga()}`,
    ];
  } finally {
    await browser.close();
  }
}

export async function benchPaleta(): Promise<string[]> {
  const web = existsSync(join(WEB, 'index.html')) && process.env.BENCH_PALETA_CHROMIUM !== '0';
  const figuras = await emCadaBanco(process.env.BENCH_PALETA_BANCOS, 'paleta', async (nome, local) => {
    const t0 = performance.now();
    const servidor = await startServer({
      port: 0,
      ...local,
      adminPassword: SENHA,
      demo: true,
      erpDemo: { transportadoras: TRANSPORTADORAS, clientes: 400 },
      webDir: WEB,
      log: () => {},
    });
    try {
      const authorization = await entrarComoAdmin(servidor.url, SENHA);
      // The demo seed integrates the ERP's carriers; once more makes sure all of them are registered.
      const sinc = await fetch(`${servidor.url}/api/transportadoras/atualizar`, { headers: { authorization } }).then((r) => r.json() as Promise<{ total: number }>);
      const linhas = [`${nome}: ${sinc.total.toLocaleString('pt-BR')} transportadoras, partida e carga em ${((performance.now() - t0) / 1000).toFixed(1)} s`];
      linhas.push(...(await medirEndpoint(servidor.url, authorization)).map((l) => `${nome}: ${l}`));
      if (web) linhas.push(...(await medirNavegador(servidor.url)).map((l) => `${nome}: ${l}`));
      return linhas;
    } finally {
      await servidor.close();
    }
  });
  if (!web) figuras.push(`(sem Chromium: ${WEB} não tem a aplicação compilada ou BENCH_PALETA_CHROMIUM=0; espera da paleta ${ATRASO_BUSCA_MS} ms, antes 200 ms)`);
  for (const f of figuras) console.log(f);
  return figuras;
}
