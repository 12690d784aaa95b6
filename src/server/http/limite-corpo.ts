import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { LIMITES_PLANILHA, MSG_PLANILHA_GRANDE } from '../../contracts/planilha-tabela';

/** A route that accepts a larger body of one content type (an upload). */
export interface LimiteEspecial {
  metodo: string;
  /** The path, or a pattern of it (a route with an :id). */
  caminho: string | RegExp;
  tipo: RegExp;
  maximo: number;
  mensagem: string;
}

/**
 * Whether the request may carry a body. Asking the request for one (c.req.raw.body) makes the node adapter
 * build a whole Request with an AbortSignal, the larger part of a small GET's cost (docs/decisoes.md §31), so GET and
 * HEAD (a body the adapter never reads) and, from the node server, an HTTP/1 request with neither
 * Content-Length nor Transfer-Encoding (no body: RFC 9112 §6.3) answer false without asking.
 */
export function podeTerCorpo(c: Context): boolean {
  const metodo = c.req.method;
  if (metodo === 'GET' || metodo === 'HEAD') return false;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (incoming?.httpVersionMajor === 1 && incoming.headers['content-length'] === undefined && incoming.headers['transfer-encoding'] === undefined) return false;
  return c.req.raw.body !== null;
}

// 413: the rest of the body is never read, so the connection cannot be reused: say so (Connection: close)
// instead of announcing keep-alive and then dropping it.
const limite = (maximo: number, mensagem: string) =>
  bodyLimit({ maxSize: maximo, onError: (c) => c.json({ mensagens: [mensagem] }, 413, { Connection: 'close' }) });

const MULTIPART = /^multipart\/form-data\s*(;|$)/i;
// The form's own bytes (boundaries, part headers, the readjustment's fields) on top of the file: the routes measure
// the file itself against LIMITES_PLANILHA.bytes and answer the same 413.
const FOLGA_FORMULARIO = 64 * 1024;

/**
 * Issue 32: a freight table's workbook, imported (POST /api/tabelas-frete/planilha) or proposed to a readjustment
 * (POST /api/tabelas-frete/{id}/reajuste), up to LIMITES_PLANILHA.bytes. Always in force, after the caller's own.
 */
export const LIMITES_PLANILHAS: readonly LimiteEspecial[] = [
  { metodo: 'POST', caminho: '/api/tabelas-frete/planilha', tipo: MULTIPART, maximo: LIMITES_PLANILHA.bytes + FOLGA_FORMULARIO, mensagem: MSG_PLANILHA_GRANDE },
  { metodo: 'POST', caminho: /^\/api\/tabelas-frete\/\d+\/reajuste$/, tipo: MULTIPART, maximo: LIMITES_PLANILHA.bytes + FOLGA_FORMULARIO, mensagem: MSG_PLANILHA_GRANDE },
];

const doCaminho = (caminho: LimiteEspecial['caminho'], path: string) => (typeof caminho === 'string' ? caminho === path : caminho.test(path));

/** The request-size limit of the API: `padrao` for every body, a route's own for the content type it names. */
export function limiteDoCorpo(padrao: { maximo: number; mensagem: string }, especiais: LimiteEspecial[]): MiddlewareHandler {
  const geral = limite(padrao.maximo, padrao.mensagem);
  const porRota = [...especiais, ...LIMITES_PLANILHAS].map((e) => ({ ...e, limite: limite(e.maximo, e.mensagem) }));
  return (c, next) => {
    if (!podeTerCorpo(c)) return next();
    const especial = porRota.find((e) => e.metodo === c.req.method && doCaminho(e.caminho, c.req.path) && e.tipo.test(c.req.header('Content-Type') ?? ''));
    return (especial?.limite ?? geral)(c, next);
  };
}
