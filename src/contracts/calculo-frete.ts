import { z } from 'zod';
import { dataIsoSchema, INTEIRO_MAXIMO } from './common';
import { transportadoraRefSchema } from './tabela-frete-modelo';
import { decimalTexto, dinheiroSchema, idNumeroSchema, quantidadeSchema } from './tabela-frete-tipos';

// ---- Calculation (spec 02 §3 calculation request and result; freight-calculation.md).

export const MSG_CALCULO_DATA = 'A data de despacho é obrigatória';
export const MSG_CALCULO_CLIENTE = 'O cliente é obrigatório';
export const MSG_CALCULO_ORIGEM = 'A origem é obrigatória';
export const MSG_CALCULO_DESTINO = 'O destino é obrigatório';
export const MSG_CALCULO_VALOR = 'O valor da carga é obrigatório';
export const MSG_CALCULO_PESO = 'O peso é obrigatório';
export const MSG_CALCULO_TIPO_VEICULO = 'O tipo de veículo é obrigatório';
/** Spec 02 §9: "Default selection value "0". Vehicle type option "Qualquer" means any." */
export const TIPO_VEICULO_QUALQUER = 0;

/** Absent, null or "" answer `mensagem` (spec 02 §5 "O/A X é obrigatório(a)"); anything else goes to `schema`. */
const obrigatorio = <T extends z.ZodType>(schema: T, mensagem: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    schema
      .optional()
      .refine((v) => v !== undefined, mensagem)
      .transform((v) => v as z.output<T>),
  );

export const pedidoCalculoSchema = z.object({
  dataDespacho: obrigatorio(dataIsoSchema('A data de despacho é inválida.'), MSG_CALCULO_DATA),
  /** Absent: every carrier with a table in force. */
  transportadora: idNumeroSchema.nullish().transform((v) => v ?? null),
  /** Customer CNPJ (or CPF), digits or formatted. */
  cliente: obrigatorio(
    z
      .string({ error: MSG_CALCULO_CLIENTE })
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^(\d{11}|\d{14})$/, 'O CNPJ do cliente é inválido.')),
    MSG_CALCULO_CLIENTE,
  ),
  valor: obrigatorio(dinheiroSchema('Valor da carga'), MSG_CALCULO_VALOR),
  peso: obrigatorio(quantidadeSchema('Peso'), MSG_CALCULO_PESO),
  codigoOrigem: obrigatorio(z.coerce.number({ error: 'O código da origem é inválido.' }).int().min(1000000, 'O código IBGE da origem é inválido.').max(9999999, 'O código IBGE da origem é inválido.'), MSG_CALCULO_ORIGEM),
  codigoDestino: obrigatorio(z.coerce.number({ error: 'O código do destino é inválido.' }).int().min(1000000, 'O código IBGE do destino é inválido.').max(9999999, 'O código IBGE do destino é inválido.'), MSG_CALCULO_DESTINO),
  /** Vehicle type id; 0 = "Qualquer". */
  tipoVeiculo: obrigatorio(z.coerce.number({ error: 'O tipo de veículo é inválido.' }).int().min(0).max(INTEIRO_MAXIMO), MSG_CALCULO_TIPO_VEICULO),
  /** Fraction: 0.12 for 12 %. */
  icms: decimalTexto(/^0(\.\d{1,6})?$/, 'O ICMS deve ser um percentual entre 0 e 99,9999.').nullish().transform((v) => v ?? '0'),
  /** Km; absent: great-circle distance between the municipalities (an estimate). */
  distancia: quantidadeSchema('Distância').nullish().transform((v) => v ?? null),
  /** Deliveries in a grouping (desdeEntrega). */
  entregas: z.number({ error: 'O número de entregas deve ser um número.' }).int().min(1, 'O número de entregas deve ser ao menos 1.').max(999).nullish().transform((v) => v ?? 1),
});
export type PedidoCalculo = z.infer<typeof pedidoCalculoSchema>;
export type PedidoCalculoEntrada = z.input<typeof pedidoCalculoSchema>;

export const STATUS_CALCULO = ['SUCESSO', 'FALHA'] as const;
export type StatusCalculo = (typeof STATUS_CALCULO)[number];
export const NIVEIS_ELEMENTO = ['TABELA', 'PERCURSO', 'INCIDENCIA'] as const;
export type NivelElemento = (typeof NIVEIS_ELEMENTO)[number];
/** ELEMENTO: a cost element; AJUSTE_PERCURSO: raise to the route minimum / cut to its maximum; IMPOSTO: the ICMS line. */
export const TIPOS_LINHA = ['ELEMENTO', 'AJUSTE_PERCURSO', 'IMPOSTO'] as const;

export const linhaCalculoSchema = z.object({
  descricao: z.string(),
  valor: z.string(),
  tipo: z.enum(TIPOS_LINHA),
  nivel: z.enum(NIVEIS_ELEMENTO).nullable(),
});
export type LinhaCalculo = z.infer<typeof linhaCalculoSchema>;

/** One result per carrier; the lines add up to valorTotal (2 decimals). */
export const resultadoCalculoSchema = z.object({
  transportadora: transportadoraRefSchema,
  tabelaFrete: z.object({ id: z.number().int().nullable(), inicio: z.string().nullable(), fim: z.string().nullable() }).nullable(),
  percurso: z.object({ id: z.number().int().nullable(), descricao: z.string() }).nullable(),
  status: z.enum(STATUS_CALCULO),
  elementosCusto: z.array(linhaCalculoSchema),
  valorTotal: z.string(),
  mensagens: z.array(z.string()),
  /** Every step, in Portuguese, for "Detalhes do cálculo". */
  traco: z.array(z.string()),
});
export type ResultadoCalculo = z.infer<typeof resultadoCalculoSchema>;
export const resultadosCalculoSchema = z.array(resultadoCalculoSchema);

/**
 * POST /tabelas-frete/imprimir: the request whose calculations are printed. The server calculates again
 * rather than print figures sent by the browser, so a quotation always matches the tables.
 */
export const impressaoCotacaoSchema = z.object({
  pedido: pedidoCalculoSchema,
  /** Carriers to print (default: every result). */
  transportadoras: z.array(idNumeroSchema).max(500).nullish().transform((v) => v ?? null),
});
export type ImpressaoCotacao = z.infer<typeof impressaoCotacaoSchema>;
