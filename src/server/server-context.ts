import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Empresa } from '../contracts/common';
import { dummyPasswordHash } from './auth/hash-senha-ficticio';
import { loadSigningKey } from './auth/signing-key';
import { LoginLimiter, RATE_LIMIT_PADRAO, type RateLimitSettings } from './auth/login-limiter';
import type { CompanyDatabase } from './db/database';
import { relogio } from '../domain/relogio';
import type { Agendador } from './recebimento/agendador';
import { criarAgendador, type OpcoesRecebimento } from './recebimento/fontes';

export interface AppDeps {
  bancos: Record<Empresa, CompanyDatabase>;
  rateLimit?: Partial<RateLimitSettings>;
  /** Milliseconds since the epoch; tests move time forward (token expiry, rate-limit windows). */
  clock?: () => number;
  /** Client address for the login limits; default: the socket's remote address. */
  clientAddress?: (c: Context) => string;
  logError?: (...args: unknown[]) => void;
  /**
   * Base folder of the PROCEDA EDI files (EDI_DIR): each company's folders of one EDI type are
   * <ediDir>/<empresa>/<doccob|conemb>/{entrada,saida,erro} (server/ingest/ler-pasta-edi.ts). Without it,
   * reading an EDI folder answers 409 (uploads still work).
   */
  ediDir?: string;
  /**
   * Documents that arrive by themselves (issue 30): the key of stored secrets (CHAVE_SEGREDOS), the mailboxes of the
   * environment (IMAP_URL_<EMPRESA>), the SEFAZ endpoint of tests, the runner's tick. The runner is made here and
   * started by startServer (tests call its tick or "Ler agora").
   */
  recebimento?: Partial<Omit<OpcoesRecebimento, 'bancos' | 'ediDir' | 'agora' | 'log'>> & { agora?: () => number };
}

export interface ServerContext {
  bancos: Record<Empresa, CompanyDatabase>;
  agora: () => number;
  signingKey: (empresa: Empresa) => Promise<Uint8Array>;
  /** Login attempts (and guesses of the current password on a password change): see LoginLimiter. */
  limiteLogin: LoginLimiter;
  clientAddress: (c: Context) => string;
  logError: (...args: unknown[]) => void;
  ediDir: string | undefined;
  recebimento: { agendador: Agendador; opcoes: OpcoesRecebimento };
}

function criarRecebimento(deps: AppDeps): ServerContext['recebimento'] {
  const opcoes: OpcoesRecebimento = {
    bancos: deps.bancos,
    chaveSegredos: deps.recebimento?.chaveSegredos ?? null,
    imapUrls: deps.recebimento?.imapUrls ?? {},
    ediDir: deps.ediDir,
    agora: deps.recebimento?.agora ?? relogio.agoraMs,
    log: (m) => (deps.logError ?? console.error)(m),
    sefaz: deps.recebimento?.sefaz,
    tickMs: deps.recebimento?.tickMs,
  };
  return { agendador: criarAgendador(opcoes), opcoes };
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
    limiteLogin: new LoginLimiter(limites),
    clientAddress: deps.clientAddress ?? enderecoDoSocket,
    logError: deps.logError ?? console.error,
    ediDir: deps.ediDir,
    recebimento: criarRecebimento(deps),
  };
}
