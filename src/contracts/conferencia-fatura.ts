import type { StatusCte } from './cte-status';

// The check of a fatura against the CT-es of the database (the list's Conferência column, the Dados Principais
// card, the Fretes tab's lines) and duplicate billing (docs/decisoes.md §17). The fatura itself: faturas.ts.

export const MSG_CTE_NAO_ENCONTRADO_FATURA = 'CT-e não encontrado';

/** The check of a fatura against the CT-es of the database, in short (list column "Conferência"). */
export interface ResumoConferencia {
  /** Every CT-e found, billed as charged, and audited with success or approved: the fatura can be paid. */
  conferida: boolean;
  /** CT-e lines needing a person: not found, billed ≠ charged, audit failed or in error, not audited yet. */
  divergencias: number;
}

/** The full check (Dados Principais card "Conferência"). */
export interface ConferenciaFatura extends ResumoConferencia {
  ctes: number;
  encontrados: number;
  naoEncontrados: number;
  /** Found but not audited yet (LIDO, PROCESSADO). */
  naoAuditados: number;
  /** AUDITADO_SUCESSO and AUDITADO_OBSERVACOES. */
  auditados: number;
  /** AUDITADO_REVISADO (approved by a supervisor). */
  aprovados: number;
  falhas: number;
  erros: number;
  /** CANCELADO or DESCONSIDERADO CT-es billed in the fatura. */
  cancelados: number;
  /** Lines billing a CT-e that an earlier fatura not cancelled (or an earlier line) already bills: never paid twice. */
  jaCobrados: number;
  /** Lines whose billed value differs from the CT-e's charged value. */
  valorDivergente: number;
  /** Sum of the 353/555 values. */
  valorFaturado: string;
  /** Sum of the found CT-es' charged values (valor cobrado). */
  valorCobrado: string;
  /** What should be paid: the correct value of approved CT-es plus the audit value of successful ones. */
  valorAPagar: string;
}

/** Situation of one CT-e line of a fatura (the Fretes tab's "Conferência" column). */
export const SITUACOES_CTE_FATURA = ['JA_COBRADO', 'NAO_ENCONTRADO', 'NAO_AUDITADO', 'AUDITADO', 'APROVADO', 'FALHA', 'ERRO', 'CANCELADO'] as const;
export type SituacaoCteFatura = (typeof SITUACOES_CTE_FATURA)[number];
export const ROTULO_SITUACAO_CTE_FATURA: Record<SituacaoCteFatura, string> = {
  JA_COBRADO: 'Cobrança em duplicidade',
  NAO_ENCONTRADO: MSG_CTE_NAO_ENCONTRADO_FATURA,
  NAO_AUDITADO: 'Não auditado',
  AUDITADO: 'Auditado',
  APROVADO: 'Aprovado',
  FALHA: 'Auditoria com falha',
  ERRO: 'Auditoria com erro',
  CANCELADO: 'CT-e cancelado ou desconsiderado',
};

/** One 353/555 line (spec §3 ctes[]{numero, dataEmissao, nomeRemetente, nomeDestinatario, valorFrete}) with its check. */
export interface CteFatura {
  /** The line's own id (stable order: the file's). */
  id: number;
  /** Line of the file. */
  linha: number;
  serie: string;
  numero: string;
  dataEmissao: string | null;
  /** From the matched CT-e; else the CNPJ of the line, formatted; null when the line has none. */
  nomeRemetente: string | null;
  nomeDestinatario: string | null;
  /** The value billed in the fatura (353/555); null on a 1999-style line. */
  valorFrete: string | null;
  chave: string | null;
  /** The matched CT-e (null: "CT-e não encontrado"). */
  cteId: number | null;
  statusCte: StatusCte | null;
  valorCobrado: string | null;
  valorAuditoria: string | null;
  valorCorreto: string | null;
  situacao: SituacaoCteFatura;
  /** Billed ≠ charged (or billed on a CT-e not found). */
  valorDivergente: boolean;
  /** Needs a person (see ResumoConferencia.divergencias). */
  divergente: boolean;
  /** Why, in Portuguese (empty when conferido). */
  motivos: string[];
  /** JA_COBRADO: the fatura whose line bills this CT-e first (the CT-e stays linked to it). */
  jaCobradoEm: CobrancaAnterior | null;
}

/** The first billing of a CT-e billed again (docs/decisoes.md §17, duplicate billing). */
export interface CobrancaAnterior {
  faturaId: number;
  /** The 352/552 número of that line's document. */
  numero: string;
  /** Its issue date (YYYY-MM-DD). */
  dataEmissao: string;
}


/** "já cobrado na fatura {n} de {dd/mm/aaaa}": the line's reason (the date already formatted), short enough for the column. */
export const mensagemJaCobrado = (numero: string, dataBr: string) => `Já cobrado na fatura ${numero} de ${dataBr}.`;

/** Enter on a line whose CT-e the console has not read (issue 28): why nothing opens, and what to do. */
export const mensagemCteNaoEncontradoAoAbrir = (numero: string) => `CT-e ${numero} não encontrado no sistema: leia o XML do CT-e para vê-lo.`;
