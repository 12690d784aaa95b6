import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';

// What a caller of auditarCtes chooses; its own file so the writer and the worker need not import auditar-ctes.ts.

export type EventoAuditoria = 'AUDITAR' | 'REFAZER_AUDITORIA' | 'TROCAR_TABELA';

export interface OpcoesAuditoria {
  /** AUDITAR (Audit Selected, default), REFAZER_AUDITORIA (review dialog) or TROCAR_TABELA. */
  evento?: EventoAuditoria;
  /** TROCAR_TABELA: the only table the engine may use (the caller checked carrier and validity). */
  tabela?: TabelaFrete;
  /**
   * AUDITAR of an approved CT-e (AUDITADO_REVISADO) replaces its approval: only when the user confirmed it
   * (POST /auditorias-cte/auditar {reauditarAprovados: true}); otherwise approved CT-es are skipped.
   */
  reauditarAprovados?: boolean;
  /** CT-es read and written per chunk (default TAMANHO_LOTE; tests use small chunks). */
  tamanhoLote?: number;
}
