import { z } from 'zod';
import { dataIsoSchema, identificadorSchema, listQuerySchema, transportadoraFiltroSchema, versaoSchema } from './common';

// From verdict to payment (issue 29; docs/decisoes.md §36): the payment situation of a fatura, the company's
// release rules, the export to payables, the /pagamentos screen and the carriers' scorecard. The two lifecycle
// machines: machines/fatura-pagamento.ts and machines/contestacao.ts (disputes: contestacoes.ts).

export const SITUACOES_PAGAMENTO = ['EM_CONFERENCIA', 'BLOQUEADA', 'LIBERADA', 'EXPORTADA', 'PAGA', 'CANCELADA'] as const;
export type SituacaoPagamento = (typeof SITUACOES_PAGAMENTO)[number];
export const ROTULO_SITUACAO_PAGAMENTO: Record<SituacaoPagamento, string> = {
  EM_CONFERENCIA: 'Em conferência',
  BLOQUEADA: 'Bloqueada',
  LIBERADA: 'Liberada',
  EXPORTADA: 'Exportada',
  PAGA: 'Paga',
  CANCELADA: 'Cancelada',
};
export const situacaoPagamentoSchema = z.enum(SITUACOES_PAGAMENTO, { error: 'Situação de pagamento desconhecida.' });

// ---------------------------------------------------------------------------------------------------
// Release rules (Configuração › Pagamento, admin): which situations of a line block its fatura. All on by default.

export const REGRAS_BLOQUEIO = [
  'DIVERGENCIA_ABERTA',
  'CTE_NAO_ENCONTRADO',
  'CTE_NAO_AUDITADO',
  'AUDITORIA_FALHA',
  'CTE_CANCELADO_COBRADO',
  'CTE_JA_COBRADO',
  'VALOR_ACIMA_AUDITADO',
  'VENCIMENTO_CURTO',
] as const;
export type RegraBloqueio = (typeof REGRAS_BLOQUEIO)[number];

export interface DescricaoRegra {
  rotulo: string;
  /** What a line blocked by it tells (the fatura detail's reason). */
  motivo: string;
  /** Who may unblock it, and how. */
  quemDesbloqueia: string;
}

export const REGRAS: Record<RegraBloqueio, DescricaoRegra> = {
  DIVERGENCIA_ABERTA: {
    rotulo: 'Divergência em aberto',
    motivo: 'Valor faturado diferente do valor cobrado no CT-e, ou contestação em aberto.',
    quemDesbloqueia: 'Aprovador com alçada (aprovação do CT-e) ou resposta da transportadora à contestação.',
  },
  CTE_NAO_ENCONTRADO: {
    rotulo: 'CT-e não encontrado',
    motivo: 'CT-e cobrado na fatura não encontrado no sistema.',
    quemDesbloqueia: 'Quem lê os CT-es (importar o XML do CT-e) ou contestação do CT-e.',
  },
  CTE_NAO_AUDITADO: {
    rotulo: 'CT-e não auditado',
    motivo: 'CT-e ainda não auditado.',
    quemDesbloqueia: 'A auditoria automática (Processar CT-es) ou quem audita os fretes.',
  },
  AUDITORIA_FALHA: {
    rotulo: 'Auditoria com falha ou erro',
    motivo: 'A auditoria do CT-e falhou ou terminou com erro.',
    quemDesbloqueia: 'Aprovador com alçada para a diferença (aprovação do CT-e) ou contestação.',
  },
  CTE_CANCELADO_COBRADO: {
    rotulo: 'CT-e cancelado cobrado',
    motivo: 'CT-e cancelado, desconsiderado, substituído ou anulado, mas cobrado na fatura.',
    quemDesbloqueia: 'Contestação com a transportadora (CT-e cancelado cobrado).',
  },
  CTE_JA_COBRADO: {
    rotulo: 'CT-e já cobrado em outra fatura',
    motivo: 'CT-e já cobrado em outra fatura.',
    quemDesbloqueia: 'Contestação com a transportadora (CT-e cobrado duas vezes) ou cancelamento da outra fatura.',
  },
  VALOR_ACIMA_AUDITADO: {
    rotulo: 'Valor acima do auditado',
    motivo: 'Valor faturado acima do valor auditado além da tolerância.',
    quemDesbloqueia: 'Aprovador com alçada para a diferença ou contestação.',
  },
  VENCIMENTO_CURTO: {
    rotulo: 'Vencimento antes do fim da conferência',
    motivo: 'O vencimento da fatura é anterior ao prazo da conferência.',
    quemDesbloqueia: 'Aprovador com alçada para a fatura (liberação da fatura).',
  },
};

/** Days the conferência needs after a fatura is read: a due date before that blocks (VENCIMENTO_CURTO). */
export const PRAZO_CONFERENCIA_PADRAO = 3;

export const regrasPagamentoSchema = z.object({
  bloqueios: z.object(Object.fromEntries(REGRAS_BLOQUEIO.map((r) => [r, z.boolean({ error: `${REGRAS[r].rotulo}: informe ligada ou desligada.` })])) as Record<RegraBloqueio, z.ZodBoolean>),
  /** A fatura whose only blocks are disputed lines may be released for the undisputed amount. */
  pagarIncontroverso: z.boolean({ error: 'Pagar o incontroverso: informe sim ou não.' }),
  prazoConferenciaDias: z.number({ error: 'Prazo da conferência: informe os dias.' }).int('Prazo da conferência: informe dias inteiros.').min(0, 'Prazo da conferência: no mínimo 0 dias.').max(60, 'Prazo da conferência: no máximo 60 dias.'),
  versao: versaoSchema,
});
export type RegrasPagamento = z.infer<typeof regrasPagamentoSchema>;
export const REGRAS_PAGAMENTO_PADRAO: Omit<RegrasPagamento, 'versao'> = {
  bloqueios: Object.fromEntries(REGRAS_BLOQUEIO.map((r) => [r, true])) as Record<RegraBloqueio, boolean>,
  pagarIncontroverso: true,
  prazoConferenciaDias: PRAZO_CONFERENCIA_PADRAO,
};

/** One reason a fatura is not released: the rule, the line (null: the fatura as a whole), what and who. */
export interface BloqueioPagamento {
  regra: RegraBloqueio;
  /** The 353/555 line id and its CT-e (série/número as billed); null for a fatura-level rule. */
  faturaCteId: number | null;
  cte: string | null;
  motivo: string;
  quemDesbloqueia: string;
}

/** What GET /faturas rows and the fatura detail carry about payment. */
export interface PagamentoFatura {
  situacaoPagamento: SituacaoPagamento;
  /** Lines (or the fatura) blocking it, by rule: at most a page of reasons in the list, all of them in the detail. */
  bloqueios: BloqueioPagamento[];
  /** Value to pay (what the audit accepts, less disputes' discounts), disputed and discounted (decimal strings). */
  valorAPagar: string;
  valorContestado: string;
  descontoContestacoes: string;
}

// ---------------------------------------------------------------------------------------------------
// Messages.

export const MSG_REGRAS_SALVAS = 'Regras de liberação salvas: as faturas em conferência foram reconferidas.';
export const MSG_NADA_A_EXPORTAR = 'Nenhuma fatura liberada a exportar.';
export const mensagemExportacao = (n: number, total: string) => `${n} fatura(s) exportada(s) para o contas a pagar, total ${total}.`;
export const MSG_INCONTROVERSO_DESLIGADO = 'As regras da empresa não permitem pagar o valor incontroverso: ligue a opção em Configuração › Pagamento.';
export const MSG_BLOQUEIOS_ALEM_CONTESTACAO = 'A fatura tem bloqueios que não são contestações em aberto: resolva-os antes de liberar o incontroverso.';

// ---------------------------------------------------------------------------------------------------
// Calls.

/** GET /pagamentos: faturas by payment situation, carrier and due date, with totals. */
export const pagamentosQuerySchema = z.object({
  situacao: situacaoPagamentoSchema.optional(),
  transportadora: transportadoraFiltroSchema,
  vencimentoInicio: dataIsoSchema('Vencimento inicial: informe uma data válida (AAAA-MM-DD).').optional(),
  vencimentoFim: dataIsoSchema('Vencimento final: informe uma data válida (AAAA-MM-DD).').optional(),
});
export type PagamentosQuery = z.infer<typeof pagamentosQuerySchema>;

/** Totals per carrier and due date (the /pagamentos screen's summary). */
export interface TotalPagamentos {
  transportadoraCnpj: string;
  transportadora: string;
  dataVencimento: string | null;
  aPagar: string;
  bloqueado: string;
  contestado: string;
  faturas: number;
}

/** POST /pagamentos/liberar-incontroverso, /pagamentos/pagar: faturas with the version seen. */
export const faturasVersaoSchema = z.object({
  faturas: z.array(z.object({ id: identificadorSchema(), versao: versaoSchema.unwrap() }), { error: 'Informe as faturas.' }).min(1, 'Informe ao menos uma fatura.').max(500, 'No máximo 500 faturas de uma vez.'),
});

/** One export run (POST /pagamentos/exportar answers it; GET /pagamentos/exportacoes/{id}/csv gives its file again). */
export interface ExportacaoPagamento {
  id: number;
  feitaEm: string;
  faturas: number;
  valorTotal: string;
  mensagens: string[];
}

/** Columns of the payables CSV, in order. */
export const COLUNAS_EXPORTACAO_PAGAMENTO = [
  'CNPJ da transportadora',
  'Transportadora',
  'Nº da fatura',
  'Vencimento',
  'Valor faturado',
  'Desconto de contestações',
  'Valor a pagar',
  'Banco',
  'Agência',
  'Conta',
] as const;

/** Scorecard: per carrier and month (GET /pagamentos/desempenho?inicio&fim, months YYYY-MM). */
const MES = /^\d{4}-(0[1-9]|1[0-2])$/;
export const desempenhoQuerySchema = z.object({
  inicio: z.string().regex(MES, 'Mês inicial: informe AAAA-MM.'),
  fim: z.string().regex(MES, 'Mês final: informe AAAA-MM.'),
  // Compared only when both are months (an invalid one already has its message).
}).refine((q) => !MES.test(q.inicio) || !MES.test(q.fim) || q.inicio <= q.fim, { message: 'Período informado inválido, o mês final deve ser maior ou igual ao inicial.' });

export interface DesempenhoTransportadora {
  transportadoraCnpj: string;
  transportadora: string;
  mes: string;
  ctesCobrados: number;
  /** % of the billed CT-es with a divergence, 0–100 with 1 decimal (half-up, once). */
  percentualDivergente: string;
  valorCobradoAMais: string;
  valorRecuperado: string;
  /** Average days from sending a dispute to the carrier's answer; null when none answered. */
  diasMediosResposta: string | null;
}

// ---------------------------------------------------------------------------------------------------
// The /pagamentos API's own calls and answers (server: src/server/pagamentos/, routes/pagamentos.ts).

export const TAMANHOS_PAGINA_PAGAMENTOS = [50, 100, 200] as const;
const MSG_TAMANHO_PAGAMENTOS = 'O tamanho da página deve ser 50, 100 ou 200.';

/** GET /pagamentos: the filter plus the page (sizes 50/100/200, like GET /faturas) and sort=campo[,asc|desc]. */
export const pagamentosListaQuerySchema = pagamentosQuerySchema
  .extend({
    page: listQuerySchema.shape.page,
    size: z.coerce
      .number({ error: MSG_TAMANHO_PAGAMENTOS })
      .refine((n) => (TAMANHOS_PAGINA_PAGAMENTOS as readonly number[]).includes(n), MSG_TAMANHO_PAGAMENTOS)
      .default(50),
    sort: listQuerySchema.shape.sort,
  })
  .refine((q) => !q.vencimentoInicio || !q.vencimentoFim || q.vencimentoInicio <= q.vencimentoFim, {
    message: 'Período de vencimento inválido, a data final deve ser maior ou igual que a inicial.',
  });
export type PagamentosListaQuery = z.infer<typeof pagamentosListaQuerySchema>;

/** POST /pagamentos/exportar: every LIBERADA fatura, optionally of one carrier and due-date range. */
export const exportarPagamentosSchema = pagamentosQuerySchema.omit({ situacao: true });
export type ExportarPagamentos = z.infer<typeof exportarPagamentosSchema>;

/** The answer of POST /pagamentos/exportar: the run made, or none (nothing LIBERADA) with MSG_NADA_A_EXPORTAR. */
export interface ResultadoExportacao {
  exportacao: ExportacaoPagamento | null;
  mensagens: string[];
}

/** The answer of POST /pagamentos/pagar and /liberar-incontroverso: each fatura as written. */
export interface ResultadoAcaoPagamento {
  mensagens: string[];
  faturas: { id: number; versao: number; situacaoPagamento: SituacaoPagamento }[];
}

export const mensagemFaturasPagas = (n: number) => `${n} fatura(s) registrada(s) como paga(s).`;
export const mensagemIncontrovesoLiberado = (n: number) => `${n} fatura(s) liberada(s) pelo valor incontroverso.`;
export const MSG_EXPORTACAO_NAO_ENCONTRADA = 'Exportação para o contas a pagar não encontrada.';
export const MSG_FATURA_REPETIDA = 'A mesma fatura foi informada mais de uma vez.';
