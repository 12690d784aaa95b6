import { z } from 'zod';
import { pageSchema } from './common';

/** Spec 01 §3: nome, siglaUf, codigo (IBGE 7 digits), id. */
export const municipioSchema = z.object({
  id: z.number().int(),
  codigo: z.number().int(),
  nome: z.string(),
  siglaUf: z.string(),
});
export type Municipio = z.infer<typeof municipioSchema>;
export const municipioPageSchema = pageSchema(municipioSchema);
