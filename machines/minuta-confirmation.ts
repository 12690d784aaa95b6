import { setup, transition } from 'xstate';
import { ROTULO_STATUS_MINUTA, type StatusMinuta } from '../src/contracts/minutas';

// The minuta lifecycle (spec 03 §4 "Minuta status"; docs/decisoes.md §21): PENDENTE → PREENCHIDO (confirm, only when
// complete; irreversible) → PROCESSADO (converted into a CT-e). Edit and delete only while PENDENTE. One
// machine for both sides: the screen enables an action when the status's snapshot `can` take its event; the
// server refuses the same event with 409 and mensagemTransicaoMinuta.

export type EventoMinuta =
  /** Save the minuta (the modal's Salvar). */
  | { type: 'EDITAR' }
  /** Delete it (after the confirmation). */
  | { type: 'EXCLUIR' }
  /** Confirm it ("Confirmar Selecionados"): `completa` is completude-minuta's verdict on it. */
  | { type: 'CONFIRMAR'; completa: boolean }
  /** "Converter CT-es": a CT-e was created from it, or it was linked to one already read. */
  | { type: 'CONVERTER' };
export type TipoEventoMinuta = EventoMinuta['type'];

export const minutaMachine = setup({
  types: { events: {} as EventoMinuta },
  guards: { completa: ({ event }) => event.type === 'CONFIRMAR' && event.completa },
}).createMachine({
  id: 'minuta',
  initial: 'PENDENTE',
  states: {
    // Editing and deleting leave the status as it is (a deleted minuta is gone: nothing is left to walk).
    PENDENTE: { on: { EDITAR: 'PENDENTE', EXCLUIR: 'PENDENTE', CONFIRMAR: { target: 'PREENCHIDO', guard: 'completa' } } },
    PREENCHIDO: { on: { CONVERTER: 'PROCESSADO' } },
    PROCESSADO: { type: 'final' },
  },
});

const ROTULO_EVENTO: Record<TipoEventoMinuta, string> = {
  EDITAR: 'editar',
  EXCLUIR: 'excluir',
  CONFIRMAR: 'confirmar',
  CONVERTER: 'converter em CT-e',
};

/** Whether a minuta in `status` may take `evento` (CONFIRMAR asked of a complete minuta). */
export function podeMinuta(status: StatusMinuta, evento: TipoEventoMinuta): boolean {
  const snapshot = minutaMachine.resolveState({ value: status });
  return snapshot.can(evento === 'CONFIRMAR' ? { type: 'CONFIRMAR', completa: true } : ({ type: evento } as EventoMinuta));
}

/** The status after `evento`, or null when the transition is illegal. */
export function proximoStatusMinuta(status: StatusMinuta, evento: EventoMinuta): StatusMinuta | null {
  const snapshot = minutaMachine.resolveState({ value: status });
  if (!snapshot.can(evento)) return null;
  const [proximo] = transition(minutaMachine, snapshot, evento);
  return proximo.value as StatusMinuta;
}

/** The 409 message of an event the status does not take (an incomplete minuta has its own: mensagemMinutaIncompleta). */
export const mensagemTransicaoMinuta = (status: StatusMinuta, evento: TipoEventoMinuta, numero?: string | null) =>
  `Não é possível ${ROTULO_EVENTO[evento]} a minuta ${numero ?? ''}${numero ? ' ' : ''}com status ${ROTULO_STATUS_MINUTA[status]}.`;
