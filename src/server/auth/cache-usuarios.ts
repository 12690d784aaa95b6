import type { CompanyDatabase } from '../db/database';
import { ehPglite } from '../db/open-pglite';
import { loadUsuarioLogado, type UsuarioCarregado } from '../usuarios/load-usuario-logado';

/**
 * The logged user of every authenticated call (docs/decisoes.md §6), kept in this process instead of a query per call.
 * Each change that ends or alters a session (password, reset, deactivation, level, the user's profiles or
 * data, a profile's roles or status, the user's settings) forgets it here once written: esquecerUsuario /
 * esquecerUsuarios at the change. With PGlite this process alone owns the data folder (there is a lock),
 * so that is exact. With PostgreSQL another process (a second server on the same database) may change a
 * user: there an entry lives VIDA_COMPARTILHADO_MS at most, so such a change takes effect within that time.
 */
export const VIDA_COMPARTILHADO_MS = 2000;

interface Entrada {
  usuario: Promise<UsuarioCarregado | undefined>;
  ate: number;
}

// One map per company database (the key is company + user id); gone with the database object.
const caches = new WeakMap<CompanyDatabase, Map<number, Entrada>>();

function cacheDe(banco: CompanyDatabase): Map<number, Entrada> {
  let cache = caches.get(banco);
  if (!cache) caches.set(banco, (cache = new Map()));
  return cache;
}

/** Handlers share the cached object: frozen, so none can change what the next call sees. */
function congelar(usuario: UsuarioCarregado | undefined): UsuarioCarregado | undefined {
  if (!usuario) return usuario;
  Object.freeze(usuario.roles);
  Object.freeze(usuario.authorities);
  if (usuario.settings && typeof usuario.settings === 'object') Object.freeze(usuario.settings);
  return Object.freeze(usuario);
}

/**
 * The user `id` of the company as loadUsuarioLogado gives it, from the cache when there. Calls arriving
 * while it loads share the one query. `agora`: the server's clock (ms), for the shared-database lifetime.
 */
export function usuarioLogado(banco: CompanyDatabase, id: number, agora: number): Promise<UsuarioCarregado | undefined> {
  const cache = cacheDe(banco);
  const guardada = cache.get(id);
  if (guardada && guardada.ate > agora) return guardada.usuario;
  const entrada: Entrada = {
    usuario: loadUsuarioLogado(banco.db, id, banco.empresa).then(congelar),
    // Only a PGlite folder is this process's alone; a PostgreSQL database may be shared.
    ate: ehPglite(banco) ? Number.POSITIVE_INFINITY : agora + VIDA_COMPARTILHADO_MS,
  };
  cache.set(id, entrada);
  // A failed load or an unknown user is asked again next time. A change forgets the entry even while it
  // loads (the load may have read the row before the change), so nothing read before a change stays.
  const largar = () => {
    if (cache.get(id) === entrada) cache.delete(id);
  };
  entrada.usuario.then((u) => u ?? largar(), largar);
  return entrada.usuario;
}

/** After a change to user `id` (their row or their profiles) is written. */
export function esquecerUsuario(banco: CompanyDatabase, id: number): void {
  caches.get(banco)?.delete(id);
}

/** After a change any user may feel (a profile's roles, name or status) is written. */
export function esquecerUsuarios(banco: CompanyDatabase): void {
  caches.get(banco)?.clear();
}
