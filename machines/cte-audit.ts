import { setup, transition } from 'xstate';
import type { ResultadoAuditoria, StatusCte } from '../src/contracts/cte-status';

// The CT-e status lifecycle (spec 03 §4 "CT-e status"). One machine for both sides: the web enables an
// action when the status's snapshot `can` take its event; the server refuses the same event with 409.

export type EventoCte =
  /** Processing completed the CT-e from the registers and the ERP. */
  | { type: 'PROCESSAR' }
  /** "Reprocess fiscal data": the CT-e is read again; any audit must be redone. */
  | { type: 'REPROCESSAR' }
  /** Audit (Audit Selected, /auditorias-cte/auditar), with its verdict. */
  | { type: 'AUDITAR'; resultado: ResultadoAuditoria }
  /** Review dialog: redo the audit, or change the freight table and audit again. */
  | { type: 'REFAZER_AUDITORIA'; resultado: ResultadoAuditoria }
  | { type: 'TROCAR_TABELA'; resultado: ResultadoAuditoria }
  /** Approve freight (review dialog or bulk approval): the audit becomes REVISADO. */
  | { type: 'APROVAR' }
  /** Disregard, after the confirmation. */
  | { type: 'DESCONSIDERAR' }
  /** A cancellation (protocol or event) was read for this CT-e. */
  | { type: 'CANCELAR' };
export type TipoEventoCte = EventoCte['type'];

const veredito = {
  SUCESSO: 'AUDITADO_SUCESSO',
  OBSERVACOES: 'AUDITADO_OBSERVACOES',
  FALHA: 'AUDITADO_FALHA',
  ERRO: 'AUDITADO_ERRO',
} as const satisfies Record<ResultadoAuditoria, StatusCte>;

/** The four verdict transitions of an audit-like event. */
const auditoria = (tipo: 'AUDITAR' | 'REFAZER_AUDITORIA' | 'TROCAR_TABELA') =>
  (Object.keys(veredito) as ResultadoAuditoria[]).map((r) => ({
    target: `#cte.${veredito[r]}`,
    guard: ({ event }: { event: EventoCte }) => event.type === tipo && event.resultado === r,
  }));

const emQualquerStatusAtivo = {
  DESCONSIDERAR: '#cte.DESCONSIDERADO',
  CANCELAR: '#cte.CANCELADO',
} as const;
/** Statuses an audit may run from ("Not re-auditable: LIDO, DESCONSIDERADO, CANCELADO, AUDITADO_SUCESSO"). */
const reauditavel = { AUDITAR: auditoria('AUDITAR'), REPROCESSAR: '#cte.PROCESSADO' } as const;
/** Review actions (redo audit, approve, change freight table): only AUDITADO_FALHA and AUDITADO_ERRO. */
const revisavel = {
  REFAZER_AUDITORIA: auditoria('REFAZER_AUDITORIA'),
  TROCAR_TABELA: auditoria('TROCAR_TABELA'),
  APROVAR: '#cte.AUDITADO_REVISADO',
} as const;

export const cteAuditMachine = setup({
  types: { events: {} as EventoCte },
}).createMachine({
  id: 'cte',
  initial: 'LIDO',
  states: {
    LIDO: { on: { PROCESSAR: 'PROCESSADO', REPROCESSAR: 'PROCESSADO', ...emQualquerStatusAtivo } },
    PROCESSADO: { on: { ...reauditavel, ...emQualquerStatusAtivo } },
    AUDITADO_SUCESSO: { on: { REPROCESSAR: 'PROCESSADO', ...emQualquerStatusAtivo } },
    AUDITADO_OBSERVACOES: { on: { ...reauditavel, ...emQualquerStatusAtivo } },
    AUDITADO_FALHA: { on: { ...reauditavel, ...revisavel, ...emQualquerStatusAtivo } },
    AUDITADO_ERRO: { on: { ...reauditavel, ...revisavel, ...emQualquerStatusAtivo } },
    // Approved: locked for review; a new audit may still run (the spec lists it as re-auditable).
    AUDITADO_REVISADO: { on: { AUDITAR: auditoria('AUDITAR'), ...emQualquerStatusAtivo } },
    // A disregarded CT-e can still be cancelled by the SEFAZ; a cancelled one is final.
    DESCONSIDERADO: { on: { CANCELAR: 'CANCELADO' } },
    CANCELADO: { type: 'final' },
  },
});

const ROTULO_EVENTO: Record<TipoEventoCte, string> = {
  PROCESSAR: 'processar',
  REPROCESSAR: 'reprocessar os dados fiscais de',
  AUDITAR: 'auditar',
  REFAZER_AUDITORIA: 'refazer a auditoria de',
  TROCAR_TABELA: 'trocar a tabela de frete de',
  APROVAR: 'aprovar o frete de',
  DESCONSIDERAR: 'desconsiderar',
  CANCELAR: 'cancelar',
};

/** Whether a CT-e in `status` may take `evento` (the verdict of an audit event does not matter). */
export function podeTransitar(status: StatusCte, evento: TipoEventoCte): boolean {
  const snapshot = cteAuditMachine.resolveState({ value: status });
  if (evento === 'AUDITAR' || evento === 'REFAZER_AUDITORIA' || evento === 'TROCAR_TABELA') return snapshot.can({ type: evento, resultado: 'SUCESSO' });
  return snapshot.can({ type: evento } as EventoCte);
}

// The answer depends only on (status, event, verdict): a batch of 100,000 CT-es asks a few dozen distinct
// questions, and each answer costs an xstate snapshot and transition (profiled: ~40 µs). Remembered.
const respostas = new Map<string, StatusCte | null>();

/** The status after `evento`, or null when the transition is illegal. */
export function proximoStatus(status: StatusCte, evento: EventoCte): StatusCte | null {
  const chave = `${status} ${evento.type} ${'resultado' in evento ? evento.resultado : ''}`;
  let resposta = respostas.get(chave);
  if (resposta === undefined) {
    const snapshot = cteAuditMachine.resolveState({ value: status });
    resposta = snapshot.can(evento) ? (transition(cteAuditMachine, snapshot, evento)[0].value as StatusCte) : null;
    respostas.set(chave, resposta);
  }
  return resposta;
}

/** The 409 message of an illegal transition. */
export const mensagemTransicaoIlegal = (status: StatusCte, evento: TipoEventoCte) =>
  `Não é possível ${ROTULO_EVENTO[evento]} um CT-e com status ${status}.`;
