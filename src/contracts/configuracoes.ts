import { isValidCnpj } from '@brazilian-utils/brazilian-utils';
import { z } from 'zod';
import { identificadorSchema, versaoSchema } from './common';
import { OCORRENCIA_AUSENTE } from './ocorrencias';

// Spec 01 §2/§9: days for the XML load, 0 to 180, default 30.
export const DIAS_XML_MINIMO = 0;
export const DIAS_XML_MAXIMO = 180;
export const DIAS_XML_PADRAO = 30;
// freight-calculation.md: audit tolerance, the larger of an amount (default R$ 0,10) and a percentage (default 0 %).
export const TOLERANCIA_VALOR_PADRAO = '0.10';
export const TOLERANCIA_PERCENTUAL_PADRAO = '0';

const clienteRefSchema = z.object({ id: identificadorSchema() });
export const clienteResumoSchema = z.object({
  id: z.number().int(),
  razaoSocial: z.string(),
  cpfCnpjFormatado: z.string().nullable(),
  clienteId: z.string(),
});

export const configuracaoSchema = z.object({
  enderecoEntrada: z.string().nullable(),
  enderecoSaida: z.string().nullable(),
  enderecoErro: z.string().nullable(),
  dataEmissaoCte: z.string().nullable(),
  integrarFaturamento: z.boolean(),
  entradas: z.array(clienteResumoSchema),
  tomadores: z.array(clienteResumoSchema),
  toleranciaValor: z.string(),
  toleranciaPercentual: z.string(),
  versao: z.number().int(),
  /** Issue 31: a charged accessorial with no matching occurrence is a failure or an observation (optional: older fakes). */
  ocorrenciaAusente: z.enum(OCORRENCIA_AUSENTE).optional(),
  /** docs/decisoes.md §18: the company's DOCCOB folders (EDI_DIR), read-only; null when the server has no EDI_DIR (optional: older fakes). */
  pastasDoccob: z.object({ entrada: z.string(), saida: z.string(), erro: z.string() }).nullish(),
  /** The company's legal name, CNPJ (digits) and address, as the transport contract names it (optional: older fakes). */
  razaoSocial: z.string().nullish(),
  cnpj: z.string().nullish(),
  endereco: z.string().nullish(),
});
export type Configuracao = z.infer<typeof configuracaoSchema>;

export const MSG_CNPJ_EMPRESA_INVALIDO = 'O CNPJ da empresa é inválido.';
export const RAZAO_SOCIAL_MAXIMO = 200;
export const ENDERECO_EMPRESA_MAXIMO = 300;

/** A text of the company's data: trimmed, empty → null (cleared); absent → undefined (kept as stored). */
const textoEmpresa = (maximo: number, mensagem: string) =>
  z
    .string({ error: mensagem })
    .trim()
    .max(maximo, mensagem)
    .nullish()
    .transform((v) => (v === undefined ? undefined : v || null));

/** The company's CNPJ, digits or formatted, check digits verified; empty → null, absent → undefined (kept). */
const cnpjEmpresa = z
  .string({ error: MSG_CNPJ_EMPRESA_INVALIDO })
  .trim()
  .max(20, MSG_CNPJ_EMPRESA_INVALIDO)
  .nullish()
  .transform((v) => (v === undefined ? undefined : v ? v.replace(/[.\-/\s]/g, '') : null))
  .refine((v) => !v || (/^\d{14}$/.test(v) && isValidCnpj(v)), MSG_CNPJ_EMPRESA_INVALIDO);

/** POST /configuracoes: folders and the last CT-e date are read-only (spec 01 §2). */
export const configuracaoCadastroSchema = z.object({
  integrarFaturamento: z.boolean({ error: 'Integrar faturamento deve ser verdadeiro ou falso.' }),
  entradas: z.array(clienteRefSchema).max(500),
  tomadores: z.array(clienteRefSchema).max(500),
  toleranciaValor: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'A tolerância em valor deve ser um valor em reais não negativo, com até 2 casas decimais.'),
  toleranciaPercentual: z
    .string()
    .trim()
    .regex(/^\d{1,3}(\.\d{1,4})?$/, 'A tolerância percentual deve ser um número entre 0 e 100.')
    .refine((v) => Number(v) <= 100, 'A tolerância percentual deve ser no máximo 100.'),
  // The company's data ("Dados da empresa"): each one absent is kept as stored, null or empty clears it.
  razaoSocial: textoEmpresa(RAZAO_SOCIAL_MAXIMO, `A razão social deve ter no máximo ${RAZAO_SOCIAL_MAXIMO} caracteres.`),
  cnpj: cnpjEmpresa,
  endereco: textoEmpresa(ENDERECO_EMPRESA_MAXIMO, `O endereço deve ter no máximo ${ENDERECO_EMPRESA_MAXIMO} caracteres.`),
  /** Absent: kept as stored. */
  ocorrenciaAusente: z.enum(OCORRENCIA_AUSENTE, { error: 'Cobrança acessória sem ocorrência: escolha Falha ou Observação.' }).optional(),
  versao: versaoSchema,
});
export type ConfiguracaoCadastro = z.infer<typeof configuracaoCadastroSchema>;

export const carregarXmlSchema = z.object({
  dias: z.coerce
    .number({ error: 'A quantidade de dias deve ser um número.' })
    .int('A quantidade de dias deve ser um número inteiro.')
    .min(DIAS_XML_MINIMO, `A quantidade de dias deve ser no mínimo ${DIAS_XML_MINIMO}.`)
    .max(DIAS_XML_MAXIMO, `A quantidade de dias deve ser no máximo ${DIAS_XML_MAXIMO}.`),
});
export const MSG_CLIENTE_DESCONHECIDO = 'Cliente não encontrado: verifique as listas Entradas e Tomadores.';
