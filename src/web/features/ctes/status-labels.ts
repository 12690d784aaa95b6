import { STATUS_CTE, type StatusAuditoria, type StatusCte } from '../../../contracts/ctes';
import { ROTULO_STATUS_CTE, ROTULO_TOMADOR as ROTULO_TOMADOR_CTE } from '../../../domain/cte/rotulos-cte';

// The CT-e's own codes (status, tomador, tpCTe, tpServ, units, ICMS groups) are labelled in
// src/domain/cte/rotulos-cte.ts, shared with the calculation PDF; the screen's own vocabulary is here.
export { ROTULO_STATUS_CTE, ROTULO_TIPO_ES, TIPO_CTE, TIPO_SERVICO } from '../../../domain/cte/rotulos-cte';

const ICONES: Record<StatusCte, string> = {
  LIDO: '○',
  PROCESSADO: '◐',
  AUDITADO_SUCESSO: '✔',
  AUDITADO_OBSERVACOES: '✎',
  AUDITADO_FALHA: '✖',
  AUDITADO_ERRO: '⚠',
  AUDITADO_REVISADO: '★',
  CANCELADO: '⊘',
  DESCONSIDERADO: '−',
};

/** The status icons of the list and their legend (spec 03 §2.1 "A legend panel explains the status icons"). */
export const ICONE_STATUS = Object.fromEntries(STATUS_CTE.map((s) => [s, { icone: ICONES[s], rotulo: ROTULO_STATUS_CTE[s] }])) as Record<
  StatusCte,
  { icone: string; rotulo: string }
>;

export const ROTULO_FILTRO_STATUS: Record<string, string> = {
  '': 'Todos',
  LIDO: 'Lido',
  PROCESSADO: 'Processado',
  AUDITADO: 'Auditado',
  CANCELADO: 'Cancelado',
  DESCONSIDERADO: 'Desconsiderado',
};

export const ROTULO_AUDITORIA: Record<StatusAuditoria, string> = {
  SUCESSO: 'Sucesso',
  OBSERVACOES: 'Observações',
  FALHA: 'Falha',
  ERRO: 'Erro',
  REVISADO: 'Revisado',
};

/** The payer, and the filter's "Todos". */
export const ROTULO_TOMADOR: Record<string, string> = { ...ROTULO_TOMADOR_CTE, TODOS: 'Todos' };

export const ROTULO_AGRUPAMENTO: Record<string, string> = { '': 'Todos', CANDIDATO: 'Candidato', AGRUPADO: 'Agrupado' };

