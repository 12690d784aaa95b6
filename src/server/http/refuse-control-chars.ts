import type { MiddlewareHandler } from 'hono';
import { MSG_ENDERECO_MAL_CODIFICADO } from '../../contracts/erros';
import { badRequest } from './api-error';
import { readJsonBody } from './read-json-body';
import { exigirJsonSeguro, exigirTextoSeguro } from './texto-seguro';

/** A percent-encoded part of the URL, decoded; a broken escape ("%E0%A4%A", "%") is a 400, never a 500. */
function decodificar(parte: string, formulario = false): string {
  try {
    return decodeURIComponent(formulario ? parte.replace(/\+/g, ' ') : parte);
  } catch {
    throw badRequest(MSG_ENDERECO_MAL_CODIFICADO);
  }
}

/** Each decoded path segment, and each decoded query key and value (a=1&b=2). */
function exigirUrlSegura(url: URL): void {
  for (const segmento of url.pathname.split('/')) exigirTextoSeguro(decodificar(segmento));
  for (const par of url.search.slice(1).split('&')) {
    const igual = par.indexOf('=');
    const [chave, valor] = igual < 0 ? [par, ''] : [par.slice(0, igual), par.slice(igual + 1)];
    exigirTextoSeguro(decodificar(chave, true));
    exigirTextoSeguro(decodificar(valor, true));
  }
}

/**
 * Issue 12: where input enters, before the permission guard and any route. A control character (NUL and
 * the other C0 characters except TAB, LF and CR; DEL) or a lone surrogate in the path, in a query key or
 * value, or in any string or key of a JSON body answers 400 in Portuguese instead of reaching the
 * database; so does a broken percent escape. The JSON body is parsed once (readJsonBody: cached for the
 * guard and the validators).
 */
export const recusarCaracteresDeControle = (): MiddlewareHandler => async (c, next) => {
  exigirUrlSegura(new URL(c.req.url));
  // The login's own schema refuses the same characters in login and senha, after the login limits have
  // counted the attempt: 50 NUL logins are 30 × 400 and then 429, not an endless 400 outside the limits.
  if (c.req.raw.body && !(c.req.method === 'POST' && c.req.path === '/api/login')) exigirJsonSeguro(await readJsonBody(c));
  await next();
};
