import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { get } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cabecalhosSeguranca } from '../../src/server/http/cabecalhos-seguranca';
import { attachWeb, CACHE_IMUTAVEL } from '../../src/server/web-static';
import { compilarWeb, DINAMICOS_CTES, fechamento, lerManifesto, ORCAMENTO_JS_CTES_BROTLI, tamanhos } from '../build/js-da-tela';

// A built app as vite.config.ts leaves it (a .br and a .gz beside each file), without running Vite.
const pasta = mkdtempSync(join(tmpdir(), 'frete-web-'));
afterAll(() => rmSync(pasta, { recursive: true, force: true }));
const JS = `export const saudacao = ${JSON.stringify('olá, '.repeat(400))};\n`;
const HTML = '<!doctype html><title>frete-console</title><script type="module" src="/assets/index-Ab12Cd34.js"></script>';
mkdirSync(join(pasta, 'assets'));
mkdirSync(join(pasta, '.vite'));
for (const [nome, conteudo] of [
  ['assets/index-Ab12Cd34.js', JS],
  ['index.html', HTML],
] as const) {
  writeFileSync(join(pasta, nome), conteudo);
  writeFileSync(join(pasta, `${nome}.br`), brotliCompressSync(conteudo));
  writeFileSync(join(pasta, `${nome}.gz`), gzipSync(conteudo));
}
writeFileSync(join(pasta, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
writeFileSync(join(pasta, '.vite', 'manifest.json'), '{"src/web/main.tsx":{}}');

// The order of createApp + startServer: headers first, the API, then the web app.
const app = new Hono();
app.use('*', cabecalhosSeguranca());
app.get('/api/ping', (c) => c.json({ status: 'ok' }));
app.notFound((c) => c.json({ mensagens: ['Recurso não encontrado.'] }, 404));
expect(attachWeb(app, pasta)).toBe(true);

const pedir = (caminho: string, acceptEncoding?: string) => app.request(caminho, { headers: acceptEncoding === undefined ? {} : { 'Accept-Encoding': acceptEncoding } });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

/** Through the node server (the security headers then go on the node response first): headers and raw bytes. */
async function porHttp(caminho: string, acceptEncoding: string) {
  const servidor = serve({ fetch: app.fetch, port: 0 });
  await new Promise((ok) => servidor.once('listening', ok));
  try {
    return await new Promise<{ headers: Record<string, unknown>; corpo: Buffer }>((ok, falha) => {
      get({ port: (servidor.address() as AddressInfo).port, path: caminho, agent: false, headers: { 'Accept-Encoding': acceptEncoding } }, (r) => {
        const partes: Buffer[] = [];
        r.on('data', (p: Buffer) => partes.push(p));
        r.on('end', () => ok({ headers: r.headers, corpo: Buffer.concat(partes) }));
      }).on('error', falha);
    });
  } finally {
    await new Promise((ok) => servidor.close(ok));
  }
}

function esperarSeguranca(r: Response) {
  expect(r.headers.get('Content-Security-Policy')).toMatch(/script-src 'self'(;|$)/);
  expect(r.headers.get('X-Content-Type-Options')).toBe('nosniff');
}

describe('the built web app over HTTP', () => {
  it('sends a hashed asset as brotli when accepted, gzip when only gzip is, and as is otherwise; cached for good', async () => {
    const br = await pedir('/assets/index-Ab12Cd34.js', 'gzip, deflate, br, zstd');
    const gz = await pedir('/assets/index-Ab12Cd34.js', 'gzip');
    const nada = await pedir('/assets/index-Ab12Cd34.js');
    const identidade = await pedir('/assets/index-Ab12Cd34.js', 'identity');
    expect([br, gz, nada, identidade].map((r) => [r.status, r.headers.get('Content-Encoding')])).toEqual([
      [200, 'br'],
      [200, 'gzip'],
      [200, null],
      [200, null],
    ]);
    expect(brotliDecompressSync(await bytes(br)).toString()).toBe(JS);
    expect(gunzipSync(await bytes(gz)).toString()).toBe(JS);
    expect((await bytes(nada)).toString()).toBe(JS);
    for (const r of [br, gz, nada, identidade]) {
      expect(r.headers.get('Content-Type')).toMatch(/^text\/javascript/);
      expect(r.headers.get('Vary')).toBe('Accept-Encoding');
      expect(r.headers.get('Cache-Control')).toBe(CACHE_IMUTAVEL);
      esperarSeguranca(r);
    }
    expect(Number(br.headers.get('Content-Length'))).toBeLessThan(JS.length / 4);
  });

  it('does the same over a real node server, sending the compressed bytes', async () => {
    const { headers, corpo } = await porHttp('/assets/index-Ab12Cd34.js', 'br, gzip');
    expect(headers).toMatchObject({ 'content-encoding': 'br', vary: 'Accept-Encoding', 'cache-control': CACHE_IMUTAVEL, 'x-content-type-options': 'nosniff' });
    expect(headers['content-type']).toMatch(/^text\/javascript/);
    expect(headers['content-security-policy']).toMatch(/script-src 'self'/);
    expect(brotliDecompressSync(corpo).toString()).toBe(JS);
    expect(corpo.length).toBeLessThan(JS.length / 4);
  });

  it('sends index.html (also for client routes) compressed and never cached without asking again', async () => {
    for (const caminho of ['/', '/ctes/123']) {
      const r = await pedir(caminho, 'br, gzip');
      expect(r.status).toBe(200);
      expect(r.headers.get('Content-Type')).toMatch(/^text\/html/);
      expect(r.headers.get('Content-Encoding')).toBe('br');
      expect(brotliDecompressSync(await bytes(r)).toString()).toBe(HTML);
      expect(r.headers.get('Cache-Control')).toBe('no-cache');
      expect(r.headers.get('Vary')).toBe('Accept-Encoding');
      esperarSeguranca(r);
    }
    const icone = await pedir('/icon.svg');
    expect([icone.status, icone.headers.get('Cache-Control')]).toEqual([200, 'no-cache']);
  });

  it('answers 404 for a missing asset (not index.html, which would be kept as a script), and hides the build manifest', async () => {
    const faltando = await pedir('/assets/index-Zz99Yy88.js', 'br');
    expect(faltando.status).toBe(404);
    expect(faltando.headers.get('Cache-Control')).toBeNull();
    const manifesto = await pedir('/.vite/manifest.json');
    expect(await manifesto.text()).toBe(HTML);
    expect(manifesto.headers.get('Cache-Control')).toBe('no-cache');
  });

  it('leaves /api alone', async () => {
    const r = await pedir('/api/ping', 'br, gzip');
    expect(await r.json()).toEqual({ status: 'ok' });
    expect([r.headers.get('Content-Encoding'), r.headers.get('Vary')]).toEqual([null, null]);
    // The API's own no-store, never the static files' caching.
    expect(r.headers.get('Cache-Control')).toBe('no-store');
    expect((await pedir('/api/nao-existe')).status).toBe(404);
  });
});

// Issue 33: the JS from the login page to /ctes with its rows, brotli as sent, from a real build's manifest (no
// timing). Built once, into a temporary folder, on the PGlite run only (the database plays no part here).
describe.skipIf(process.env.TEST_DB === 'pg')('the JS of the way to /ctes', () => {
  const compilada = { pasta: '' };
  beforeAll(() => {
    compilada.pasta = compilarWeb();
  });
  afterAll(() => compilada.pasta && rmSync(compilada.pasta, { recursive: true, force: true }));

  it(`stays within ${ORCAMENTO_JS_CTES_BROTLI / 1000} KB brotli, without the combobox nor decimal.js`, () => {
    const { manifesto, entrada } = lerManifesto(compilada.pasta);
    const arquivos = fechamento(manifesto, [entrada, ...DINAMICOS_CTES]);
    const { br } = tamanhos(compilada.pasta, arquivos);
    expect(br, `${(br / 1024).toFixed(1)} KiB em ${arquivos.size} arquivo(s): ${[...arquivos].join(', ')}`).toBeLessThanOrEqual(ORCAMENTO_JS_CTES_BROTLI);
    // The modules that must not ride along: the Ark combobox (the filters load it at first use) and decimal.js
    // (the formatters are exact on their own, src/domain/decimal-texto.ts).
    const modulos = Object.keys(manifesto).filter((k) => arquivos.has(manifesto[k].file));
    expect(modulos).not.toContain('src/web/ui/autocomplete.tsx');
    expect([...arquivos].filter((a) => readFileSync(join(compilada.pasta, a), 'utf8').includes('[DecimalError]'))).toEqual([]);
  });
});
