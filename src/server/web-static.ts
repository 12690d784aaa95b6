import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';

export const mensagemWebAusente = (pasta: string) =>
  `Interface web não encontrada em ${pasta}. Rode "npm run build" e reinicie; a API continua disponível em /api.`;

const ehApi = (caminho: string) => caminho === '/api' || caminho.startsWith('/api/');

/** Serves the built web app; any other non-/api GET gets index.html (client-side routes). */
export function attachWeb(app: Hono<any>, pasta: string): boolean {
  const existe = existsSync(join(pasta, 'index.html'));
  if (!existe) {
    app.use('*', async (c, next) => {
      if (ehApi(c.req.path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
      return c.text(mensagemWebAusente(pasta), 503);
    });
    return false;
  }
  const arquivos = serveStatic({ root: pasta });
  const indice = serveStatic({ root: pasta, path: 'index.html' });
  app.use('*', async (c, next) => (ehApi(c.req.path) ? next() : arquivos(c, next)));
  app.use('*', async (c, next) => (ehApi(c.req.path) ? next() : indice(c, next)));
  return true;
}
