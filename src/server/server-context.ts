import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Empresa } from '../contracts/common';
import { dummyPasswordHash } from './auth/dummy-password-hash';
import { loadSigningKey } from './auth/signing-key';
import { SlidingWindowLimiter } from './auth/sliding-window-limiter';
import type { CompanyDatabase } from './db/database';

export interface RateLimitSettings {
  /** Failed logins per account (company + login) within the window. */
  falhasPorConta: number;
  /** Login attempts per client address within the window. */
  falhasPorEndereco: number;
  janelaMs: number;
}

export const RATE_LIMIT_PADRAO: RateLimitSettings = { falhasPorConta: 5, falhasPorEndereco: 30, janelaMs: 15 * 60 * 1000 };

export interface AppDeps {
  bancos: Record<Empresa, CompanyDatabase>;
  rateLimit?: Partial<RateLimitSettings>;
  /** Milliseconds since the epoch; tests move time forward (token expiry, rate-limit windows). */
  clock?: () => number;
  /** Client address for the per-address login limit; default: the socket's remote address. */
  clientAddress?: (c: Context) => string;
  logError?: (...args: unknown[]) => void;
}

export interface ServerContext {
  bancos: Record<Empresa, CompanyDatabase>;
  agora: () => number;
  signingKey: (empresa: Empresa) => Promise<Uint8Array>;
  limiteConta: SlidingWindowLimiter;
  limiteEndereco: SlidingWindowLimiter;
  clientAddress: (c: Context) => string;
  logError: (...args: unknown[]) => void;
}

function enderecoDoSocket(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'desconhecido';
  } catch {
    // app.request() in tests has no socket.
    return 'desconhecido';
  }
}

export function createServerContext(deps: AppDeps): ServerContext {
  const limites = { ...RATE_LIMIT_PADRAO, ...deps.rateLimit };
  const chaves = new Map<Empresa, Promise<Uint8Array>>();
  // Start the dummy hash now so the first unknown-user login is not faster than the rest.
  void dummyPasswordHash();
  return {
    bancos: deps.bancos,
    agora: deps.clock ?? Date.now,
    signingKey(empresa) {
      let chave = chaves.get(empresa);
      if (!chave) {
        chave = loadSigningKey(deps.bancos[empresa].db);
        chave.catch(() => chaves.delete(empresa));
        chaves.set(empresa, chave);
      }
      return chave;
    },
    limiteConta: new SlidingWindowLimiter(limites.falhasPorConta, limites.janelaMs),
    limiteEndereco: new SlidingWindowLimiter(limites.falhasPorEndereco, limites.janelaMs),
    clientAddress: deps.clientAddress ?? enderecoDoSocket,
    logError: deps.logError ?? console.error,
  };
}
