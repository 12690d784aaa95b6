import { ofetch, type FetchResponse } from 'ofetch';
import type { ZodType } from 'zod';
import { MSG_SEM_PERMISSAO } from '../../contracts/erros';
import { API_BASE_POR_EMPRESA } from './api-config';
import { buildQuery } from './build-query';
import { failureBus } from './failure-bus';
import { inFlight } from './in-flight';
import { gravarSessao, lerEmpresa, lerSessao } from './session-storage';

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, unknown>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** false for calls whose failures their caller handles (login, /eu, ping, what's-new setting). */
  rotearFalhas?: boolean;
  /** 'blob' for files (PDF quotation); default JSON. */
  responseType?: 'json' | 'blob';
  /**
   * true: the token goes even on a /public path. The Minutas admin batches (spec 03 §7 "Admin") live under
   * /public, but the server requires an ADMIN token for them (docs/decisoes.md §20).
   */
  autorizar?: boolean;
}

// Retries belong to the unavailable dialog (spec 01 §8), never to the transport.
const $fetch = ofetch.create({ retry: 0 });

// Calls started inside semRotearFalhas: their failures go to the caller only (the palette's searches).
let silenciosas = 0;

/**
 * Runs `chamada` with its failures unrouted: no message popup, no unavailable dialog (a search typed in the
 * palette must never open a dialog over it). The request must start synchronously inside `chamada`, as
 * every fetcher of src/web/api does (the flag is read when the request starts).
 */
export function semRotearFalhas<T>(chamada: () => Promise<T>): Promise<T> {
  silenciosas++;
  try {
    return chamada();
  } finally {
    silenciosas--;
  }
}

const rotearFalhas = (options: ApiOptions) => options.rotearFalhas !== false && silenciosas === 0;

export const MSG_RESPOSTA_INESPERADA = 'O servidor enviou uma resposta inesperada.';
const MSG_REQUISICAO_RECUSADA = 'A requisição foi recusada pelo servidor.';

/** One call to the API: company base address, Authorization (not on /public paths unless asked), failure routing. */
export async function apiRaw(path: string, options: ApiOptions = {}): Promise<FetchResponse<unknown>> {
  const sessao = lerSessao();
  const empresa = sessao?.empresa ?? lerEmpresa();
  const rotear = rotearFalhas(options);
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (sessao && (options.autorizar || !path.includes('/public'))) headers.Authorization = `Bearer ${sessao.token}`;
  inFlight.iniciar();
  try {
    const resposta = await $fetch.raw(`${path}${buildQuery(options.query)}`, {
      baseURL: API_BASE_POR_EMPRESA[empresa],
      method: options.method ?? 'GET',
      body: options.body as Record<string, unknown> | undefined,
      headers,
      signal: options.signal,
      ...(options.responseType ? { responseType: options.responseType } : {}),
    });
    // docs/decisoes.md §1: changing one's own password (or an ADMIN their own level) ends the other sessions and
    // answers this one's renewed token, like the login does.
    const renovado = headers.Authorization && resposta.headers.get('Authorization')?.replace(/^Bearer\s+/i, '').trim();
    if (sessao && renovado) gravarSessao({ token: renovado, empresa: sessao.empresa });
    return resposta;
  } catch (error) {
    if (rotear) rotearFalha(error);
    throw error;
  } finally {
    inFlight.terminar();
  }
}

/**
 * A call whose answer is parsed with its zod contract. The contract may come as a promise (a dynamic import):
 * the call and the contract's module then load side by side (the login path carries no zod, docs/decisoes.md §31).
 */
export async function api<T>(path: string, contrato: ZodType<T> | Promise<ZodType<T>> | null, options: ApiOptions = {}): Promise<T> {
  const rotear = rotearFalhas(options);
  const [resposta, schema] = await Promise.all([apiRaw(path, options), contrato]);
  if (!schema) return resposta._data as T;
  const lido = schema.safeParse(resposta._data);
  if (!lido.success) {
    console.error(`Resposta inesperada de ${path}`, lido.error);
    if (rotear) failureBus.publicar({ tipo: 'mensagens', mensagens: [MSG_RESPOSTA_INESPERADA] });
    throw lido.error;
  }
  return lido.data;
}

/** The server's {mensagens} (erroSchema's shape, checked by hand: no zod here), or `padrao` when the body has none. */
function mensagensDe(error: unknown, padrao: string): string[] {
  const mensagens = ((error as { data?: unknown }).data as { mensagens?: unknown } | null | undefined)?.mensagens;
  const validas = Array.isArray(mensagens) && mensagens.every((m) => typeof m === 'string');
  return validas && mensagens.length > 0 ? mensagens : [padrao];
}

function rotearFalha(error: unknown): void {
  if (abortado(error)) return;
  const status = (error as { status?: number }).status;
  // 429: too many wrong current passwords on the password change (its message says to wait).
  if (status === 400 || status === 409 || status === 429) {
    failureBus.publicar({ tipo: 'mensagens', mensagens: mensagensDe(error, MSG_REQUISICAO_RECUSADA) });
  } else if (status === 401) {
    failureBus.publicar({ tipo: 'sessao-perdida', status });
  } else if (status === 403) {
    // Spec 01 §8 reloads the page on a 403; docs/decisoes.md §7 overrides it for every call but /eu (whose caller
    // handles it): reloading lost the user's selection over one refused lookup. The message says why and
    // the screen stays; the shell asks /eu quietly whether the session itself is still good.
    failureBus.publicar({ tipo: 'sem-permissao', mensagens: mensagensDe(error, MSG_SEM_PERMISSAO) });
  } else {
    console.error(error);
    failureBus.publicar({ tipo: 'indisponivel' });
  }
}

function abortado(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string } } | null;
  return e?.name === 'AbortError' || e?.cause?.name === 'AbortError';
}
