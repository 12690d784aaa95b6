import { z } from 'zod';
import { pageSchema, versaoSchema } from './common';

export const TIPOS_CLIENTE = ['MATRIZ', 'FILIAL', 'UNICO'] as const;

/** The ERP view's columns (spec 01 §3, vwCliente). posicao ATIVO shows as active; anything else does not. */
export const vwClienteSchema = z.object({
  pk: z.object({ clienteId: z.string() }),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  cpfCnpjFormatado: z.string().nullable(),
  tipo: z.enum(TIPOS_CLIENTE),
  posicao: z.string(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  grupoRazaoSocial: z.string().nullable(),
  grupoNomeFantasia: z.string().nullable(),
  grupoCpfCnpjFormatado: z.string().nullable(),
});
export type VwCliente = z.infer<typeof vwClienteSchema>;
export const vwClientePageSchema = pageSchema(vwClienteSchema);

export const clienteSchema = z.object({
  id: z.number().int(),
  descricaoAmigavel: z.string().nullable(),
  ativado: z.boolean(),
  vwCliente: vwClienteSchema,
  versao: z.number().int(),
});
export type Cliente = z.infer<typeof clienteSchema>;
export const clientePageSchema = pageSchema(clienteSchema);

/** POST /clientes: the ERP owns the rest; the friendly description and ativado are ours. */
export const clienteCadastroSchema = z.object({
  id: z.number().int().positive(),
  descricaoAmigavel: z.string().trim().max(150, 'A descrição amigável deve ter no máximo 150 caracteres').nullish(),
  ativado: z.boolean().optional(),
  versao: versaoSchema,
});
export type ClienteCadastro = z.infer<typeof clienteCadastroSchema>;

/** GET /vw-clientes/listar-ficha-financeira row: the group's customers with their financial position. */
export const fichaFinanceiraSchema = z.array(vwClienteSchema);
