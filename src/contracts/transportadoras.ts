import { z } from 'zod';
import { pageSchema, versaoSchema } from './common';

/** The ERP view's columns (spec 01 §3, vwTransportadora). */
export const vwTransportadoraSchema = z.object({
  pk: z.object({ fornecedorId: z.string() }),
  inscricaoEstadual: z.string().nullable(),
  logradouro: z.string().nullable(),
  complemento: z.string().nullable(),
  cep: z.string().nullable(),
  bairro: z.string().nullable(),
  localidade: z.string().nullable(),
  estado: z.string().nullable(),
  contato: z.string().nullable(),
  telefone1: z.string().nullable(),
  telefone2: z.string().nullable(),
  telefone3: z.string().nullable(),
});

export const transportadoraSchema = z.object({
  id: z.number().int(),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  cnpjFormatado: z.string().nullable(),
  cpfCnpjFormatado: z.string().nullable(),
  municipio: z.object({ id: z.number().int(), codigo: z.number().int(), nome: z.string(), siglaUf: z.string() }).nullable(),
  codigoIbge: z.number().int().nullable(),
  uf: z.string().nullable(),
  ativado: z.boolean(),
  vwTransportadora: vwTransportadoraSchema,
  versao: z.number().int(),
});
export type Transportadora = z.infer<typeof transportadoraSchema>;
export const transportadoraPageSchema = pageSchema(transportadoraSchema);

export const MSG_TRANSPORTADORA_MUNICIPIO = 'Informe o município (IBGE) da transportadora';

/** POST /transportadoras: the ERP owns the other fields; only the IBGE municipality (tab IBGE) and ativado change. */
export const transportadoraCadastroSchema = z.object({
  id: z.number().int().positive(),
  municipio: z.object({ codigo: z.number().int().min(1000000).max(9999999) }, { error: MSG_TRANSPORTADORA_MUNICIPIO }),
  ativado: z.boolean().optional(),
  versao: versaoSchema,
});
export type TransportadoraCadastro = z.infer<typeof transportadoraCadastroSchema>;

/** GET /transportadoras/atualizar and /clientes/atualizar: what the ERP sync did. */
export const sincronizacaoSchema = z.object({ adicionados: z.number().int(), atualizados: z.number().int(), total: z.number().int() });
export type Sincronizacao = z.infer<typeof sincronizacaoSchema>;
