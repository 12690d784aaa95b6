import type { MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * The Content-Security-Policy of every answer (HTML, JS, API): scripts, styles, fonts and calls only from
 * this server, no inline script, never framed. Inline style *attributes* set by React go through the CSSOM
 * and are not affected; images may be data: URLs (icons).
 */
const POLITICA_CONTEUDO = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/** Hono's secure-headers: CSP, nosniff, no referrer, DENY framing, and the rest of its defaults. */
export const cabecalhosSeguranca = (): MiddlewareHandler =>
  secureHeaders({
    contentSecurityPolicy: POLITICA_CONTEUDO,
    referrerPolicy: 'no-referrer',
    xFrameOptions: 'DENY',
    xContentTypeOptions: 'nosniff',
  });

/** API answers carry people's data and tokens: never stored by the browser or a proxy. */
export const semCacheNaApi = (): MiddlewareHandler => async (c, next) => {
  await next();
  c.header('Cache-Control', 'no-store');
};
