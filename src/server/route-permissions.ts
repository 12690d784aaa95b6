// The one place that says who may call what. The guard (permission-guard.ts) looks every /api request
// up here by its matched route; a registered route missing from this table is refused at startup.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export type PermissionRule =
  | { kind: 'PUBLIC' }
  | { kind: 'AUTH' }
  | { kind: 'ADMIN' }
  | { kind: 'ROLES'; anyOf: readonly string[] }
  /** POST save: the body's id decides — create without id, edit with one. */
  | { kind: 'SAVE'; create: readonly string[]; edit: readonly string[] };

export interface RoutePermission {
  method: HttpMethod;
  path: string;
  rule: PermissionRule;
}

export const PUBLIC: PermissionRule = { kind: 'PUBLIC' };
export const AUTH: PermissionRule = { kind: 'AUTH' };
export const ADMIN: PermissionRule = { kind: 'ADMIN' };
export const anyOf = (...codes: string[]): PermissionRule => ({ kind: 'ROLES', anyOf: codes });
export const save = (create: string[], edit: string[]): PermissionRule => ({ kind: 'SAVE', create, edit });

// The user dialog autocompletes profiles, so user create/edit may read them too.
const LER_PERFIS = anyOf('____PERF_M', '____USER_C', '____USER_E');

export const ROUTE_PERMISSIONS: readonly RoutePermission[] = [
  { method: 'GET', path: '/api/ping', rule: PUBLIC },
  { method: 'POST', path: '/api/login', rule: PUBLIC },
  { method: 'GET', path: '/api/eu', rule: AUTH },
  { method: 'POST', path: '/api/usuarios/alterar-senha', rule: AUTH },
  { method: 'POST', path: '/api/usuarios/configuracoes', rule: AUTH },
  { method: 'GET', path: '/api/versoes/:id', rule: AUTH },
  { method: 'GET', path: '/api/perfis', rule: LER_PERFIS },
  { method: 'GET', path: '/api/perfis/:id', rule: LER_PERFIS },
  { method: 'POST', path: '/api/perfis', rule: save(['____PERF_C'], ['____PERF_E']) },
  { method: 'DELETE', path: '/api/perfis/:id', rule: anyOf('____PERF_D') },
];

export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;
