import type { StatusAuditoria, StatusCte } from '../../../contracts/ctes';

/** The status icons of the list and their legend (spec 03 §2.1 "A legend panel explains the status icons"). */
export const ICONE_STATUS: Record<StatusCte, { icone: string; rotulo: string }> = {
  LIDO: { icone: '○', rotulo: 'Lido' },
  PROCESSADO: { icone: '◐', rotulo: 'Processado, aguardando auditoria' },
  AUDITADO_SUCESSO: { icone: '✔', rotulo: 'Auditado com sucesso' },
  AUDITADO_OBSERVACOES: { icone: '✎', rotulo: 'Auditado com observações' },
  AUDITADO_FALHA: { icone: '✖', rotulo: 'Auditado com falha' },
  AUDITADO_ERRO: { icone: '⚠', rotulo: 'Erro na auditoria' },
  AUDITADO_REVISADO: { icone: '★', rotulo: 'Auditoria revisada (aprovado)' },
  CANCELADO: { icone: '⊘', rotulo: 'Cancelado' },
  DESCONSIDERADO: { icone: '−', rotulo: 'Desconsiderado' },
};

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

export const ROTULO_TOMADOR: Record<string, string> = {
  REMETENTE: 'Remetente',
  EXPEDIDOR: 'Expedidor',
  RECEBEDOR: 'Recebedor',
  DESTINATARIO: 'Destinatário',
  OUTROS: 'Outros',
  TODOS: 'Todos',
};

export const ROTULO_AGRUPAMENTO: Record<string, string> = { '': 'Todos', CANDIDATO: 'Candidato', AGRUPADO: 'Agrupado' };

export const TIPO_CTE = ['Normal', 'Complemento', 'Anulação', 'Substituto'];
export const TIPO_SERVICO = ['Normal', 'Subcontratação', 'Redespacho', 'Redespacho intermediário', 'Multimodal'];
