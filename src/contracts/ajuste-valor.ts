import { z } from 'zod';

// Ajustar valor (spec 02 §4, "Adjust Value"): a client-side edit of a freight table's local copy.

export const FORMAS_AJUSTE = ['PERCENTUAL', 'VALOR_FIXO'] as const;
export type FormaAjuste = (typeof FORMAS_AJUSTE)[number];
export const ajusteValorSchema = z.object({
  descricao: z.string({ error: 'O elemento de custo é obrigatório' }).trim().min(1, 'O elemento de custo é obrigatório'),
  forma: z.enum(FORMAS_AJUSTE, { error: 'A forma de ajuste é obrigatória' }),
  /** May be negative (a discount). */
  valor: z
    .string({ error: 'O valor do ajuste é obrigatório' })
    .trim()
    .min(1, 'O valor do ajuste é obrigatório')
    .regex(/^-?\d{1,10}(\.\d{1,5})?$/, 'O valor do ajuste deve ser um número com até 5 casas decimais'),
});
export type AjusteValor = z.infer<typeof ajusteValorSchema>;
