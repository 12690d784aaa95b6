import { z } from 'zod';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

const percentual = (campo: string) =>
  z
    .string({ error: `O ${campo} deve ser um número.` })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, `O ${campo} deve ser um percentual entre 0 e 100, com até 4 casas decimais.`)
    .refine((v) => Number(v) <= 100, `O ${campo} deve ser no máximo 100.`);

/** Spec 01 §3: percentages kept as decimal strings (never floats). */
export const ufSchema = z.object({
  id: z.number().int(),
  codigo: z.string(),
  nome: z.string(),
  sigla: z.string(),
  limiteFretePeso: z.string(),
  limiteFreteValor: z.string(),
  versao: z.number().int(),
});
export type Uf = z.infer<typeof ufSchema>;
export const ufPageSchema = pageSchema(ufSchema);

/** POST /ufs: only the two limits change (spec 01 §2, UF limits). */
export const ufLimitesSchema = z.object({
  id: identificadorSchema(),
  limiteFretePeso: percentual('limite de frete peso'),
  limiteFreteValor: percentual('limite de frete valor'),
  versao: versaoSchema,
});
export type UfLimites = z.infer<typeof ufLimitesSchema>;
