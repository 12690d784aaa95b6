import { z } from 'zod';
import { resultadoCalculoSchema } from './calculo-frete';
import { dataIsoSchema } from './common';
import { DIAS_MAXIMOS_PERIODO, MSG_PERIODO_LONGO } from './relatorios';

// Issue 32: what a carrier's proposed readjustment would have cost over a past period. POST
// /tabelas-frete/{id}/reajuste (JSON body, or multipart with `arquivo` = a proposed table's workbook and the same
// fields as form fields); `?formato=pdf|xlsx` answers the report as a file instead of JSON. The CT-es are the
// period's CT-es audited with table {id}; each is priced again with the readjusted table by the audit's own engine.
// Nothing is stored.

/** The reports' own bound (relatorios.ts). */
export const MAX_DIAS_REAJUSTE = DIAS_MAXIMOS_PERIODO;
/** The CT-es listed in the JSON answer (largest difference first); the .xlsx lists them all. */
export const MAX_CTES_REAJUSTE_TELA = 1000;

const percentualSchema = (campo: string) =>
  z
    .string({ error: `${campo}: informe um número.` })
    .trim()
    .regex(/^-?\d{1,3}(?:[.,]\d{1,4})?$/, `${campo}: informe um percentual como 10 ou 7,5.`)
    // A cut beyond −100 % would make prices negative.
    .refine((v) => !/^-/.test(v) || /^-(?:100(?:[.,]0*)?|\d{1,2}(?:[.,]\d*)?)$/.test(v), `${campo}: a redução não pode passar de 100 %.`);

export const reajusteParametrosSchema = z.object({
  dataIni: dataIsoSchema('Informe o início do período (AAAA-MM-DD).'),
  dataFim: dataIsoSchema('Informe o fim do período (AAAA-MM-DD).'),
  /** Applied to every element without its own percentage ("10" = +10 %). */
  percentualGeral: percentualSchema('Reajuste geral').nullish().transform((v) => v ?? null),
  /** Per element, by its description (as the table names it). */
  percentuais: z.array(z.object({ descricao: z.string().trim().min(1).max(100), percentual: percentualSchema('Reajuste do elemento') })).max(100).default([]),
});
export type ReajusteParametros = z.infer<typeof reajusteParametrosSchema>;

export const MSG_REAJUSTE_SEM_PROPOSTA = 'Informe um percentual de reajuste ou envie a tabela proposta.';
export const MSG_REAJUSTE_PERIODO_INVERTIDO = 'O fim do período vem antes do início.';
export const MSG_REAJUSTE_PERIODO_LONGO = MSG_PERIODO_LONGO;
export const MSG_REAJUSTE_SEM_CTES = 'Nenhum CT-e auditado com esta tabela no período.';
/** A percentage named an element the table does not have. */
export const mensagemElementoDesconhecido = (descricao: string) => `A tabela não tem elemento de custo "${descricao}".`;
/** The same element given twice in `percentuais`. */
export const mensagemElementoRepetido = (descricao: string) => `O elemento de custo "${descricao}" foi informado mais de uma vez.`;
export const MSG_REAJUSTE_OUTRA_TRANSPORTADORA = 'A tabela proposta é de outra transportadora.';
/** The trace route: the CT-e is not among the period's CT-es audited with the table. */
export const MSG_REAJUSTE_CTE_FORA = 'Este CT-e não está entre os CT-es auditados com esta tabela no período.';

export const FORMATOS_REAJUSTE = ['json', 'pdf', 'xlsx'] as const;
export const reajusteQuerySchema = z.object({
  formato: z.enum(FORMATOS_REAJUSTE, { error: 'Formato inválido: use json, pdf ou xlsx.' }).default('json'),
});

const dinheiro = z.string();
const comparacaoSchema = z.object({
  ctes: z.number().int(),
  /** What the stored audits expected. */
  esperado: dinheiro,
  /** What the carriers charged. */
  cobrado: dinheiro,
  /** What the readjusted table gives. */
  simulado: dinheiro,
});
export type ComparacaoReajuste = z.infer<typeof comparacaoSchema>;

export const cteReajusteSchema = z.object({
  id: z.number().int(),
  numero: z.number().int().nullable(),
  dataEmissao: z.string(),
  ufDestino: z.string().nullable(),
  esperado: dinheiro,
  cobrado: dinheiro,
  simulado: dinheiro,
  /** simulado − esperado. */
  diferenca: dinheiro,
  /** The engine's message when the readjusted table does not price the CT-e (then simulado = "0.00"). */
  falha: z.string().nullable(),
});
export type CteReajuste = z.infer<typeof cteReajusteSchema>;

export const resultadoReajusteSchema = z.object({
  tabela: z.object({ id: z.number().int(), versao: z.number().int(), transportadora: z.object({ id: z.number().int(), razaoSocial: z.string() }) }),
  dataIni: z.string(),
  dataFim: z.string(),
  /** "Reajuste geral de 10 %" / "Tabela proposta: arquivo.xlsx". */
  proposta: z.string(),
  total: comparacaoSchema,
  porUf: z.array(comparacaoSchema.extend({ uf: z.string() })),
  porElemento: z.array(z.object({ descricao: z.string(), esperado: dinheiro, simulado: dinheiro })),
  ctes: z.array(cteReajusteSchema),
  /** All the CT-es simulated (ctes holds at most MAX_CTES_REAJUSTE_TELA). */
  totalCtes: z.number().int(),
  /** Carrier's CT-es audited in the period with another table (not simulated). */
  outrasTabelas: z.number().int(),
});
export type ResultadoReajuste = z.infer<typeof resultadoReajusteSchema>;

/** POST /tabelas-frete/{id}/reajuste/ctes/{cteId}: one CT-e's trace under the readjusted table (same body). */
export const tracoReajusteSchema = z.object({
  cte: cteReajusteSchema,
  /** The engine's result under the readjusted table (its lines and trace), as the audit shows it. */
  calculo: resultadoCalculoSchema,
});
export type TracoReajuste = z.infer<typeof tracoReajusteSchema>;
