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

/** GET /municipios/findByNomeOrCodigo?municipio=texto: accent- and case-insensitive name, or the exact IBGE code (≤ 20 answers). */
export const municipioBuscaQuerySchema = z.object({
  municipio: z.string({ error: 'Informe o nome ou o código do município.' }).trim().min(1, 'Informe o nome ou o código do município.').max(100, 'O texto de busca é longo demais.'),
  size: z.coerce.number({ error: 'O tamanho deve ser um número.' }).int('O tamanho deve ser um número inteiro.').min(1, 'O tamanho deve ser ao menos 1.').max(20, 'O tamanho deve ser no máximo 20.').default(20),
});
export const municipiosSchema = z.array(municipioSchema);
