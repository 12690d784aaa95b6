import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** A route that accepts a larger body of one content type (an upload). */
export interface LimiteEspecial {
  metodo: string;
  caminho: string;
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

/** The request-size limit of the API: `padrao` for every body, a route's own for the content type it names. */
export function limiteDoCorpo(padrao: { maximo: number; mensagem: string }, especiais: LimiteEspecial[]): MiddlewareHandler {
  const geral = limite(padrao.maximo, padrao.mensagem);
  const porRota = especiais.map((e) => ({ ...e, limite: limite(e.maximo, e.mensagem) }));
  return (c, next) => {
    if (!podeTerCorpo(c)) return next();
    const especial = porRota.find((e) => e.metodo === c.req.method && e.caminho === c.req.path && e.tipo.test(c.req.header('Content-Type') ?? ''));
    return (especial?.limite ?? geral)(c, next);
  };
}
