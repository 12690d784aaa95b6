import type { z } from 'zod';
import { badRequest } from './api-error';
import { zodMessagePtBr, zodMessages } from './zod-messages';

/** Parses with a contract schema; a failure throws 400 with the schema's (or our) Portuguese messages. */
export function parseOrBadRequest<S extends z.ZodType>(schema: S, valor: unknown): z.output<S> {
  const resultado = schema.safeParse(valor, { error: zodMessagePtBr });
  if (!resultado.success) throw badRequest(...zodMessages(resultado.error));
  return resultado.data;
}
