import { z } from 'zod';

export const notaVersaoSchema = z.object({ tipo: z.enum(['CORRECAO', 'ADICAO']), nota: z.string() });
export const versaoNotasSchema = z.object({ id: z.number().int(), detalhes: z.array(notaVersaoSchema) });
export type VersaoNotas = z.infer<typeof versaoNotasSchema>;
export const versoesSchema = z.array(versaoNotasSchema);
