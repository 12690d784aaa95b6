import type { CodigoPermissao } from '../../contracts/permissoes';

// The vocabulary of who may call what. Each src/server/routes/<area>.ts describes its routes with these rules
// (areaApi, area-api.ts); the guard (guarda.ts) looks every /api request up by its matched route, and a route
// registered without a rule is refused at startup (rotas-guardadas.ts).

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type PermissionRule =
  | { kind: 'PUBLIC' }
  | { kind: 'AUTH' }
  | { kind: 'ADMIN' }
  | { kind: 'ROLES'; anyOf: readonly CodigoPermissao[] }
  /** Every code is needed (the UF limits save: spec 01 §6 gates it by FRETE_LIMITE_UF_E and FRETE_MOTO_E). */
  | { kind: 'ALL_ROLES'; allOf: readonly CodigoPermissao[] }
  /**
   * POST save: the body's id decides — create without id, edit with one; with `cancel`, a body with an id and
   * status 'CANCELADO' is a cancellation and needs one of those codes instead (the manifests, spec 03 §6).
   */
  | { kind: 'SAVE'; create: readonly CodigoPermissao[]; edit: readonly CodigoPermissao[]; cancel?: readonly CodigoPermissao[] };

export interface RoutePermission {
  method: HttpMethod;
  path: string;
  rule: PermissionRule;
}

export const PUBLIC: PermissionRule = { kind: 'PUBLIC' };
export const AUTH: PermissionRule = { kind: 'AUTH' };
export const ADMIN: PermissionRule = { kind: 'ADMIN' };
export const anyOf = (...codes: CodigoPermissao[]): PermissionRule => ({ kind: 'ROLES', anyOf: codes });
export const allOf = (...codes: CodigoPermissao[]): PermissionRule => ({ kind: 'ALL_ROLES', allOf: codes });
export const save = (create: CodigoPermissao[], edit: CodigoPermissao[]): PermissionRule => ({ kind: 'SAVE', create, edit });
/** A save whose cancellation (id and status 'CANCELADO') needs only `cancel`. */
export const saveOuCancelar = (create: CodigoPermissao[], edit: CodigoPermissao[], cancel: CodigoPermissao[]): PermissionRule => ({ kind: 'SAVE', create, edit, cancel });

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
