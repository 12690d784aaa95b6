import { ofetch, type FetchResponse } from 'ofetch';
import type { ZodType } from 'zod';
import { erroSchema } from '../../contracts/common';
import { API_BASE_POR_EMPRESA } from './api-config';
import { buildQuery } from './build-query';
import { failureBus } from './failure-bus';
import { inFlight } from './in-flight';
import { lerEmpresa, lerSessao } from './session-storage';

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
}

// Retries belong to the unavailable dialog (spec 01 §8), never to the transport.
const $fetch = ofetch.create({ retry: 0 });

export const MSG_RESPOSTA_INESPERADA = 'O servidor enviou uma resposta inesperada.';
const MSG_REQUISICAO_RECUSADA = 'A requisição foi recusada pelo servidor.';

/** One call to the API: company base address, Authorization except on /public paths, failure routing. */
export async function apiRaw(path: string, options: ApiOptions = {}): Promise<FetchResponse<unknown>> {
  const sessao = lerSessao();
  const empresa = sessao?.empresa ?? lerEmpresa();
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (sessao && !path.includes('/public')) headers.Authorization = `Bearer ${sessao.token}`;
  inFlight.iniciar();
  try {
    return await $fetch.raw(`${path}${buildQuery(options.query)}`, {
      baseURL: API_BASE_POR_EMPRESA[empresa],
      method: options.method ?? 'GET',
      body: options.body as Record<string, unknown> | undefined,
      headers,
      signal: options.signal,
      ...(options.responseType ? { responseType: options.responseType } : {}),
    });
  } catch (error) {
    if (options.rotearFalhas !== false) rotearFalha(error);
    throw error;
  } finally {
    inFlight.terminar();
  }
}

/** A call whose answer is parsed with its zod contract. */
export async function api<T>(path: string, schema: ZodType<T> | null, options: ApiOptions = {}): Promise<T> {
  const resposta = await apiRaw(path, options);
  if (!schema) return resposta._data as T;
  const lido = schema.safeParse(resposta._data);
  if (!lido.success) {
    console.error(`Resposta inesperada de ${path}`, lido.error);
    if (options.rotearFalhas !== false) failureBus.publicar({ tipo: 'mensagens', mensagens: [MSG_RESPOSTA_INESPERADA] });
    throw lido.error;
  }
  return lido.data;
}

function rotearFalha(error: unknown): void {
  if (abortado(error)) return;
  const status = (error as { status?: number }).status;
  if (status === 400 || status === 409) {
    const corpo = erroSchema.safeParse((error as { data?: unknown }).data);
    const mensagens = corpo.success && corpo.data.mensagens.length > 0 ? corpo.data.mensagens : [MSG_REQUISICAO_RECUSADA];
    failureBus.publicar({ tipo: 'mensagens', mensagens });
  } else if (status === 401) {
    failureBus.publicar({ tipo: 'sessao-perdida', status });
  } else if (status === 403) {
    // Spec 01 §8: a 403 triggers the reload; /eu then decides whether the session survives.
    failureBus.publicar({ tipo: 'recarregar' });
  } else {
    console.error(error);
    failureBus.publicar({ tipo: 'indisponivel' });
  }
}

function abortado(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string } } | null;
  return e?.name === 'AbortError' || e?.cause?.name === 'AbortError';
}
