import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Context, Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

export const mensagemWebAusente = (pasta: string) =>
  `Interface web não encontrada em ${pasta}. Rode "npm run build" e reinicie; a API continua disponível em /api.`;

/** Vite's hashed files: a new build gives them new names, so a browser may keep them for good. */
export const CACHE_IMUTAVEL = 'public, max-age=31536000, immutable';
/** index.html and the public files (icon, manifest) keep their names: asked again on every load. */
const CACHE_REVALIDAR = 'no-cache';

const ehApi = (caminho: string) => caminho === '/api' || caminho.startsWith('/api/');
const ehAsset = (caminho: string) => caminho.startsWith('/assets/');
const leitura = (c: Context) => c.req.method === 'GET' || c.req.method === 'HEAD';
// The build manifest (.vite/) and any other dot path are not for the browser.
const oculto = (caminho: string) => /\/\./.test(caminho);

/**
 * Serves the built web app; any other non-/api GET gets index.html (client-side routes). The build writes a
 * .br and a .gz beside each file (vite.config.ts, docs/decisoes.md §31): the one Accept-Encoding allows is sent, with
 * Content-Encoding and the original Content-Type. Every answer varies with Accept-Encoding; hashed assets are
 * cached for a year (immutable), the rest revalidated. A missing /assets/ file is a 404, never index.html
 * (which a browser would otherwise keep as the script of a stale page).
 */
export function attachWeb(app: Hono<any>, pasta: string): boolean {
  const existe = existsSync(join(pasta, 'index.html'));
  if (!existe) {
    app.use('*', async (c, next) => {
      if (ehApi(c.req.path) || !leitura(c)) return next();
      return c.text(mensagemWebAusente(pasta), 503);
    });
    return false;
  }
  const arquivos = serveStatic({ root: pasta, precompressed: true });
  const indice = serveStatic({ root: pasta, path: 'index.html', precompressed: true });
  app.use('*', async (c, next) => {
    const caminho = c.req.path;
    if (ehApi(caminho) || !leitura(c)) return next();
    await next();
    if (c.res.status !== 200 && c.res.status !== 206) return;
    c.header('Vary', 'Accept-Encoding');
    c.header('Cache-Control', ehAsset(caminho) ? CACHE_IMUTAVEL : CACHE_REVALIDAR);
  });
  app.use('*', async (c, next) => (ehApi(c.req.path) || oculto(c.req.path) ? next() : arquivos(c, next)));
  app.use('/assets/*', async (c, next) => (leitura(c) ? c.notFound() : next()));
  app.use('*', async (c, next) => (ehApi(c.req.path) ? next() : indice(c, next)));
  return true;
}
