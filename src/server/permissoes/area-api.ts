import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';
import type { ServerContext } from '../server-context';
import type { HttpMethod, PermissionRule, RoutePermission } from './regras';

/** "METHOD /sub-path" of a route under its area's base path ("GET /" is the base itself). */
export type ChaveRota = `${HttpMethod} /${string}`;

/** One API base path: its sub-app and who may call each of its routes (full paths, as the guard matches them). */
export interface AreaApi {
  base: `/api/${string}`;
  criar: (ctx: ServerContext) => Hono<AppEnv>;
  permissoes: readonly RoutePermission[];
}

/**
 * The row an area's routes file exports for app.ts (areas-api.ts): its base path, how its sub-app is built and
 * the rule of every route it registers, keyed by method and sub-path (a key written twice fails the type check).
 */
export function areaApi(base: AreaApi['base'], criar: AreaApi['criar'], regras: Partial<Record<ChaveRota, PermissionRule>>): AreaApi {
  const permissoes = Object.entries(regras).map(([chave, rule]) => {
    const [method, sub] = chave.split(' ') as [HttpMethod, string];
    return { method, path: sub === '/' ? base : `${base}${sub}`, rule: rule as PermissionRule };
  });
  return { base, criar, permissoes };
}
