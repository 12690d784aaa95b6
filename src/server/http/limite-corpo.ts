import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/** A route that accepts a larger body of one content type (an upload). */
export interface LimiteEspecial {
  metodo: string;
  caminho: string;
  tipo: RegExp;
  maximo: number;
  mensagem: string;
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
    const especial = porRota.find((e) => e.metodo === c.req.method && e.caminho === c.req.path && e.tipo.test(c.req.header('Content-Type') ?? ''));
    return (especial?.limite ?? geral)(c, next);
  };
}
