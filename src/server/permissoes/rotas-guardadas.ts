import type { Hono } from 'hono';
import { routeKey, type RoutePermission } from './regras';

/** Handler routes under /api (app.use() middleware registers as method ALL and is not a route). */
export function apiRoutes(app: Hono<any>): string[] {
  const chaves = app.routes
    .filter((r) => r.method !== 'ALL' && (r.path === '/api' || r.path.startsWith('/api/')))
    .map((r) => routeKey(r.method, r.path));
  return [...new Set(chaves)];
}

/** Refuses to build an app with a route the permission table does not describe. */
export function assertRoutesGuarded(app: Hono<any>, tabela: readonly RoutePermission[]): void {
  const descritas = new Set(tabela.map((r) => routeKey(r.method, r.path)));
  const soltas = apiRoutes(app).filter((chave) => !descritas.has(chave));
  if (soltas.length) throw new Error(`Rotas sem regra de permissão (areaApi em src/server/routes/): ${soltas.join(', ')}`);
}
