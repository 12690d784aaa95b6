import type { Context } from 'hono';
import { MSG_JSON_INVALIDO } from '../../contracts/erros';
import { badRequest } from './api-error';

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

// Hono caches the body's text but parses it again on every c.req.json(): the parsed value is kept here, per
// request, so the entry check, the guard and the validator share one JSON.parse of a body of up to 1 MB.
const lidos = new WeakMap<object, Promise<unknown>>();

/** The parsed JSON body (once per request); {} when not JSON, like hono/validator. Readers must not mutate it. */
export function readJsonBody(c: Context): Promise<unknown> {
  const tipo = (c.req.header('Content-Type') ?? '').split(';')[0].trim();
  if (!JSON_MEDIA.test(tipo)) return Promise.resolve({});
  let lido = lidos.get(c.req);
  if (!lido) {
    lido = c.req.json().catch(() => {
      throw badRequest(MSG_JSON_INVALIDO);
    });
    lidos.set(c.req, lido);
  }
  return lido;
}
