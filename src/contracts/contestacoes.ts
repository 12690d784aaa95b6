import { z } from 'zod';
import { dataIsoSchema, identificadorSchema, transportadoraFiltroSchema, versaoSchema } from './common';

// Disputes with the carrier (contestações; issue 29, docs/decisoes.md §36). The lifecycle: machines/contestacao.ts.

export const STATUS_CONTESTACAO = ['ABERTA', 'ENVIADA', 'ACEITA', 'RECUSADA', 'PARCIAL', 'ENCERRADA'] as const;
export type StatusContestacao = (typeof STATUS_CONTESTACAO)[number];
export const ROTULO_STATUS_CONTESTACAO: Record<StatusContestacao, string> = {
  ABERTA: 'Aberta',
  ENVIADA: 'Enviada',
  ACEITA: 'Aceita',
  RECUSADA: 'Recusada',
  PARCIAL: 'Aceita em parte',
  ENCERRADA: 'Encerrada',
};
/** A dispute in one of these still holds its lines (they block as DIVERGENCIA_ABERTA). */
export const STATUS_CONTESTACAO_EM_ABERTO: readonly StatusContestacao[] = ['ABERTA', 'ENVIADA'];

export const MOTIVOS_CONTESTACAO = [
  'VALOR_ACIMA_TABELA',
  'COBRADO_DUAS_VEZES',
  'CTE_CANCELADO_COBRADO',
  'TAXA_NAO_CONTRATADA',
  'PESO_DIVERGENTE',
  'CTE_NAO_RECONHECIDO',
  'OUTRO',
] as const;
export type MotivoContestacao = (typeof MOTIVOS_CONTESTACAO)[number];
export const ROTULO_MOTIVO_CONTESTACAO: Record<MotivoContestacao, string> = {
  VALOR_ACIMA_TABELA: 'Valor acima da tabela',
  COBRADO_DUAS_VEZES: 'CT-e cobrado duas vezes',
  CTE_CANCELADO_COBRADO: 'CT-e cancelado cobrado',
  TAXA_NAO_CONTRATADA: 'Taxa não contratada',
  PESO_DIVERGENTE: 'Peso divergente',
  CTE_NAO_RECONHECIDO: 'CT-e não reconhecido',
  OUTRO: 'Outro',
};

/** Days the carrier gets to answer, by default. */
export const PRAZO_CONTESTACAO_DIAS = 10;

const motivoSchema = z.enum(MOTIVOS_CONTESTACAO, { error: 'Motivo da contestação desconhecido.' });
const valorSchema = (campo: string) => z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, `${campo}: informe um valor não negativo com até 2 casas decimais.`);
const textoSchema = (campo: string, max: number) => z.string().trim().max(max, `${campo}: no máximo ${max} caracteres.`);

/**
 * POST /contestacoes: open a dispute from CT-es (the CT-e detail or the Fretes list), from fatura lines, or from a
 * whole fatura (every divergent line). Exactly one of the three. The disputed amount per line defaults to the
 * difference billed − audited.
 */
export const contestacaoAbrirSchema = z
  .object({
    ctes: z.array(identificadorSchema()).max(500, 'No máximo 500 CT-es numa contestação.').optional(),
    linhas: z.array(identificadorSchema()).max(500, 'No máximo 500 linhas numa contestação.').optional(),
    fatura: identificadorSchema().optional(),
    motivo: motivoSchema,
    descricao: textoSchema('Descrição', 2000).optional(),
    prazo: dataIsoSchema('Prazo: informe uma data válida (AAAA-MM-DD).').optional(),
  })
  .refine((b) => [b.ctes?.length ? 1 : 0, b.linhas?.length ? 1 : 0, b.fatura ? 1 : 0].reduce((a, n) => a + n, 0) === 1, {
    message: 'Informe os CT-es, as linhas da fatura ou a fatura a contestar (apenas um deles).',
  });
export type ContestacaoAbrir = z.infer<typeof contestacaoAbrirSchema>;

/** POST /contestacoes/{id}/enviar, /encerrar: the version seen. */
export const contestacaoVersaoSchema = z.object({ versao: versaoSchema.unwrap() });

/** POST /contestacoes/{id}/responder: the carrier's answer; PARCIAL gives the accepted value per line (or in total). */
export const contestacaoResponderSchema = z.object({
  versao: versaoSchema.unwrap(),
  resultado: z.enum(['ACEITA', 'RECUSADA', 'PARCIAL'], { error: 'Resposta: aceita, recusada ou aceita em parte.' }),
  /** Total accepted (credit) for PARCIAL, spread over the lines in proportion when `linhas` is absent. */
  valorAceito: valorSchema('Valor aceito').optional(),
  linhas: z.array(z.object({ id: identificadorSchema(), valorAceito: valorSchema('Valor aceito') })).max(500).optional(),
  documentoCredito: textoSchema('Nota de crédito / desconto', 40).optional(),
  observacoes: textoSchema('Observações', 2000).optional(),
});
export type ContestacaoResponder = z.infer<typeof contestacaoResponderSchema>;

export const MSG_CONTESTACAO_NAO_ENCONTRADA = 'Contestação não encontrada.';
export const MSG_NADA_A_CONTESTAR = 'Nada a contestar: nenhuma linha divergente entre as escolhidas.';
export const MSG_VALOR_ACEITO_PARCIAL = 'Informe o valor aceito pela transportadora (aceita em parte).';
export const MSG_VALOR_ACEITO_ACIMA = 'O valor aceito não pode passar do valor contestado.';
export const MSG_UMA_TRANSPORTADORA = 'Uma contestação é de uma só transportadora: escolha CT-es de uma transportadora.';
export const mensagemLinhaJaContestada = (cte: string, numero: number) => `O CT-e ${cte} já está na contestação ${numero}, em aberto.`;

export interface LinhaContestacao {
  id: number;
  faturaCteId: number | null;
  cteId: number | null;
  /** Série/número as billed or as the CT-e says. */
  cte: string;
  valorCobrado: string;
  valorCorreto: string;
  valorContestado: string;
  valorAceito: string | null;
}

export interface Contestacao {
  id: number;
  numero: number;
  status: StatusContestacao;
  motivo: MotivoContestacao;
  descricao: string | null;
  transportadoraCnpj: string;
  transportadora: string;
  faturaId: number | null;
  faturaNumero: string | null;
  valorContestado: string;
  valorAceito: string | null;
  documentoCredito: string | null;
  prazo: string;
  abertaEm: string;
  abertaPor: string;
  enviadaEm: string | null;
  respondidaEm: string | null;
  encerradaEm: string | null;
  linhas: LinhaContestacao[];
  versao: number;
}

export const MSG_LINHA_FATURA_NAO_ENCONTRADA = 'Linha de fatura não encontrada (ou a fatura foi cancelada).';
export const MSG_CTE_NAO_ENCONTRADO_CONTESTACAO = 'CT-e não encontrado.';
export const MSG_FATURA_NAO_ENCONTRADA_CONTESTACAO = 'Fatura não encontrada (ou cancelada).';
export const MSG_LINHA_NAO_E_DA_CONTESTACAO = 'Linha informada não pertence a esta contestação.';

/** GET /contestacoes: page, size, status, transportadora (CNPJ), fatura (id), vencidas (deadline past, still open). */
export const contestacaoListaQuerySchema = z.object({
  page: z.coerce.number({ error: 'A página deve ser um número.' }).int('A página deve ser um número inteiro.').min(0, 'A página não pode ser negativa.').max(100_000, 'A página solicitada está além do limite permitido.').default(0),
  size: z.coerce.number({ error: 'O tamanho da página deve ser um número.' }).int('O tamanho da página deve ser um número inteiro.').min(1, 'O tamanho da página deve ser ao menos 1.').max(200, 'O tamanho da página deve ser no máximo 200.').default(50),
  status: z.enum(STATUS_CONTESTACAO, { error: 'Status da contestação desconhecido.' }).optional(),
  transportadora: transportadoraFiltroSchema,
  fatura: z.coerce.number({ error: 'Fatura: identificador inválido.' }).int('Fatura: identificador inválido.').positive('Fatura: identificador inválido.').max(2_147_483_647, 'Fatura: identificador inválido.').optional(),
  vencidas: z.enum(['true', 'false'], { error: 'Vencidas: true ou false.' }).optional().transform((v) => v === 'true'),
});
export type ContestacaoListaQuery = z.infer<typeof contestacaoListaQuerySchema>;

/** One row of GET /contestacoes (the dispute without its lines). */
export type ContestacaoResumo = Omit<Contestacao, 'linhas'> & { linhas: number; vencida: boolean };

/** GET /contestacoes/{id}/email: the letter as plain text, to copy into an e-mail. */
export interface EmailContestacao {
  assunto: string;
  corpo: string;
}
export const MSG_PRAZO_ANTERIOR_A_HOJE = 'Prazo: informe uma data a partir de hoje.';
