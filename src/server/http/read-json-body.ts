import type { Context } from 'hono';
import { MSG_JSON_INVALIDO } from '../../contracts/erros';
import { badRequest } from './api-error';

const JSON_MEDIA = /^application\/([\w.-]+\+)?json$/i;

/** The parsed JSON body (cached by Hono, so the validator reads the same value); {} when not JSON, like hono/validator. */
export async function readJsonBody(c: Context): Promise<unknown> {
  const tipo = (c.req.header('Content-Type') ?? '').split(';')[0].trim();
  if (!JSON_MEDIA.test(tipo)) return {};
  try {
    return await c.req.json();
  } catch {
    throw badRequest(MSG_JSON_INVALIDO);
  }
}
