import { z } from 'zod';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

// docs/decisoes.md §25: the frete-peso limit is R$/kg, the frete-valor limit a percentage; both 0 to 100, 4 decimals.
const limite = (campo: string, oQue: string) =>
  z
    .string({ error: `O ${campo} deve ser um número.` })
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, `O ${campo} deve ser ${oQue} entre 0 e 100, com até 4 casas decimais.`)
    .refine((v) => Number(v) <= 100, `O ${campo} deve ser no máximo 100.`);

/** The units of the two limits, as the /uf screen and its dialog name them. */
export const UNIDADE_LIMITE_FRETE_PESO = 'R$/kg';
export const UNIDADE_LIMITE_FRETE_VALOR = '%';

/** Spec 01 §3: the limits kept as decimal strings (never floats): frete peso in R$/kg, frete valor in %. */
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
  limiteFretePeso: limite('limite de frete peso', 'um valor em R$/kg'),
  limiteFreteValor: limite('limite de frete valor', 'um percentual'),
  versao: versaoSchema,
});
export type UfLimites = z.infer<typeof ufLimitesSchema>;
