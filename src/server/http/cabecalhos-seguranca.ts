import type { ServerResponse } from 'node:http';
import type { MiddlewareHandler } from 'hono';

/**
 * The Content-Security-Policy of every answer (HTML, JS, API): scripts, styles, fonts and calls only from
 * this server, no inline script, never framed. Inline style *attributes* set by React go through the CSSOM
 * and are not affected; images may be data: URLs (icons).
 */
const POLITICA_CONTEUDO =
  "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; " +
  "object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/**
 * What hono's secureHeaders() answered with our options (CSP above, no referrer, DENY framing, nosniff and
 * the rest of its defaults); tests/server/caminho-http.test.ts keeps the two equal. Written out so
 * an answer costs a few setHeader calls instead of a Headers object (docs/decisoes.md §31).
 */
export const CABECALHOS_SEGURANCA: readonly (readonly [string, string])[] = [
  ['Cross-Origin-Resource-Policy', 'same-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Origin-Agent-Cluster', '?1'],
  ['Referrer-Policy', 'no-referrer'],
  ['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-DNS-Prefetch-Control', 'off'],
  ['X-Download-Options', 'noopen'],
  ['X-Frame-Options', 'DENY'],
  ['X-Permitted-Cross-Domain-Policies', 'none'],
  ['X-XSS-Protection', '0'],
  ['Content-Security-Policy', POLITICA_CONTEUDO],
];

/** API answers carry people's data and tokens: never stored by the browser or a proxy. */
const SEM_CACHE = ['Cache-Control', 'no-store'] as const;
const DA_API = [...CABECALHOS_SEGURANCA, SEM_CACHE];

const ehApi = (caminho: string) => caminho === '/api' || caminho.startsWith('/api/');

/**
 * The security headers of every answer (API, static files, index.html, errors), and no-store on the API's.
 * Under the node server they go straight on the node response before the route runs: the adapter then
 * writes them with the answer, and a JSON answer keeps its direct write (touching the answer's headers
 * after next() builds a Headers object per request, and c.header() would rebuild the answer as a stream).
 * Elsewhere (app.request in tests) they go on the answer's headers afterwards. Either way a header the
 * route set itself is kept (a download's own Cache-Control, say).
 */
export const cabecalhosSeguranca = (): MiddlewareHandler => (c, next) => {
  const lista = ehApi(c.req.path) ? DA_API : CABECALHOS_SEGURANCA;
  const resposta = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (resposta && typeof resposta.setHeader === 'function' && !resposta.headersSent) {
    for (const [nome, valor] of lista) resposta.setHeader(nome, valor);
    return next();
  }
  return next().then(() => {
    const cabecalhos = c.res.headers;
    for (const [nome, valor] of lista) if (!cabecalhos.has(nome)) cabecalhos.set(nome, valor);
  });
};
