import { validator } from 'hono/validator';
import type { z } from 'zod';
import { parseOrBadRequest } from './parse-or-bad-request';

/** Validates a request part with a contract schema; failures become 400 {mensagens} in Portuguese. */
export const validate = <T extends 'json' | 'query' | 'param', S extends z.ZodType>(target: T, schema: S) =>
  validator(target, (valor): z.output<S> => parseOrBadRequest(schema, valor));
