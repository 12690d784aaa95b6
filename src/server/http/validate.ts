import { validator } from 'hono/validator';
import type { z } from 'zod';
import { parseOrBadRequest } from './parse-or-bad-request';
import { readJsonBody } from './read-json-body';

/**
 * Validates a request part with a contract schema; failures become 400 {mensagens} in Portuguese. The JSON
 * body is the one readJsonBody already parsed for the entry check (hono's validator would parse it again).
 */
export function validate<T extends 'json' | 'query' | 'param', S extends z.ZodType>(target: T, schema: S) {
  const validar = (valor: unknown): z.output<S> => parseOrBadRequest(schema, valor);
  const padrao = validator(target, validar);
  if (target !== 'json') return padrao;
  const corpo: typeof padrao = async (c, next) => {
    c.req.addValidatedData('json', validar(await readJsonBody(c)) as object);
    await next();
  };
  return corpo;
}
