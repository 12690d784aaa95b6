import { z } from 'zod';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

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
  id: identificadorSchema(),
  municipio: z.object({ codigo: z.number().int().min(1000000).max(9999999) }, { error: MSG_TRANSPORTADORA_MUNICIPIO }),
  ativado: z.boolean().optional(),
  versao: versaoSchema,
});
export type TransportadoraCadastro = z.infer<typeof transportadoraCadastroSchema>;

/** GET /transportadoras/atualizar and /clientes/atualizar: what the ERP sync did. */
export const sincronizacaoSchema = z.object({ adicionados: z.number().int(), atualizados: z.number().int(), total: z.number().int() });
export type Sincronizacao = z.infer<typeof sincronizacaoSchema>;

const booleanoQuery = z
  .enum(['true', 'false'], { error: 'Use true ou false.' })
  .optional()
  .transform((v) => v === 'true');

/** GET /transportadoras/listar-simples: transportadora = razão social, nome fantasia, CNPJ (digits or formatted) or code. */
export const transportadoraListaQuerySchema = z.object({
  transportadora: z.string().max(200, 'O texto de busca é longo demais.').optional(),
  /** true: deactivated carriers are listed too. */
  desativados: booleanoQuery,
  search: z.string().max(2000, 'A expressão de busca é longa demais.').optional(),
  sort: z.string().max(200, 'A ordenação é longa demais.').optional(),
  page: z.coerce.number({ error: 'A página deve ser um número.' }).int('A página deve ser um número inteiro.').min(0, 'A página não pode ser negativa.').default(0),
  size: z.coerce
    .number({ error: 'O tamanho da página deve ser um número.' })
    .int('O tamanho da página deve ser um número inteiro.')
    .min(1, 'O tamanho da página deve ser ao menos 1.')
    .max(300, 'O tamanho da página deve ser no máximo 300.')
    .default(50),
});

/** GET /transportadoras?transportadora=texto (autocomplete, active carriers, at most 20). */
export const transportadoraAutoCompletarQuerySchema = z.object({
  transportadora: z.string().max(200, 'O texto de busca é longo demais.').optional(),
  size: z.coerce.number({ error: 'O tamanho deve ser um número.' }).int('O tamanho deve ser um número inteiro.').min(1, 'O tamanho deve ser ao menos 1.').max(20, 'O tamanho deve ser no máximo 20.').default(20),
});
export const transportadorasSchema = z.array(transportadoraSchema);
export const MSG_MUNICIPIO_NAO_ENCONTRADO = 'Município não encontrado para o código IBGE informado';
