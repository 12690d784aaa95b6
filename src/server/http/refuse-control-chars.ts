import type { MiddlewareHandler } from 'hono';
import { MSG_ENDERECO_MAL_CODIFICADO } from '../../contracts/erros';
import { badRequest } from './api-error';
import { podeTerCorpo } from './limite-corpo';
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

/** A part of the URL as the server reads it: decoded only where it has an escape (the rest reads as is). */
function exigirParteSegura(parte: string, formulario = false): void {
  exigirTextoSeguro(parte.includes('%') ? decodificar(parte, formulario) : parte);
}

/**
 * Each decoded path segment, and each decoded query key and value (a=1&b=2), read from the request's
 * absolute URL without building a URL object (one per request, docs/decisoes.md §31).
 */
function exigirUrlSegura(url: string): void {
  const depoisDoEsquema = url.indexOf('//');
  const inicio = depoisDoEsquema < 0 ? -1 : url.indexOf('/', depoisDoEsquema + 2);
  if (inicio < 0) return;
  const hash = url.indexOf('#', inicio);
  const fim = hash < 0 ? url.length : hash;
  // Without an escape nothing is decoded and every part reads as is: the path and the query at once (the
  // separators are neither control characters nor surrogates).
  const escape = url.indexOf('%', inicio);
  if (escape < 0 || escape >= fim) return exigirTextoSeguro(url.slice(inicio, fim));
  const interrogacao = url.indexOf('?', inicio);
  const fimCaminho = interrogacao < 0 || interrogacao > fim ? fim : interrogacao;
  for (const segmento of url.slice(inicio, fimCaminho).split('/')) exigirParteSegura(segmento);
  if (fimCaminho === fim) return;
  for (const par of url.slice(fimCaminho + 1, fim).split('&')) {
    const igual = par.indexOf('=');
    exigirParteSegura(igual < 0 ? par : par.slice(0, igual), true);
    if (igual >= 0) exigirParteSegura(par.slice(igual + 1), true);
  }
}

/**
 * docs/decisoes.md §5: where input enters, before the permission guard and any route. A control character (NUL and
 * the other C0 characters except TAB, LF and CR; DEL) or a lone surrogate in the path, in a query key or
 * value, or in any string or key of a JSON body answers 400 in Portuguese instead of reaching the
 * database; so does a broken percent escape. The JSON body is parsed once (readJsonBody: cached for the
 * guard and the validators).
 */
export const recusarCaracteresDeControle = (): MiddlewareHandler => (c, next) => {
  exigirUrlSegura(c.req.url);
  // The login's own schema refuses the same characters in login and senha, after the login limits have
  // counted the attempt: 50 NUL logins are 30 × 400 and then 429, not an endless 400 outside the limits.
  if (!podeTerCorpo(c) || (c.req.method === 'POST' && c.req.path === '/api/login')) return next();
  return readJsonBody(c).then((corpo) => {
    exigirJsonSeguro(corpo);
    return next();
  });
};
