// The CT-e statuses (spec 03 §4 "CT-e status") and an audit's outcome: vocabulary shared by the lifecycle
// machine (machines/cte-audit.ts), the server and the screens.

export const STATUS_CTE = [
  'LIDO',
  'PROCESSADO',
  'AUDITADO_SUCESSO',
  'AUDITADO_OBSERVACOES',
  'AUDITADO_FALHA',
  'AUDITADO_ERRO',
  'AUDITADO_REVISADO',
  'CANCELADO',
  'DESCONSIDERADO',
] as const;
export type StatusCte = (typeof STATUS_CTE)[number];

/** Outcome of one audit (freight-calculation.md, audit verdict). */
export type ResultadoAuditoria = 'SUCESSO' | 'OBSERVACOES' | 'FALHA' | 'ERRO';
