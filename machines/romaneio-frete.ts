import { setup } from 'xstate';
import { ROTULO_STATUS_ROMANEIO, type StatusRomaneio } from '../src/contracts/romaneio-status';
import { podeEvento, proximoEstado } from './transicoes';

// The freight-cost manifest (spec 03 §4 "Manifest status"; docs/decisoes.md §24): a new manifest is saved in EXPEDICAO;
// EXPEDICAO → FATURAMENTO → FINALIZADO, each after a confirmation question (the dialog asks; the machine
// only says whether the step is legal); finalizing also needs the freight value and every item's invoice
// number (spec §5); CANCELADO from any saved, not-cancelled state; saving is hidden once FINALIZADO or
// CANCELADO. NOVO is the dialog's unsaved manifest (no id yet), never a stored status.

export type EstadoRomaneio = 'NOVO' | StatusRomaneio;

export type EventoRomaneioFrete =
  | { type: 'SALVAR' }
  /** "Enviar para faturamento", after its question. */
  | { type: 'FATURAR' }
  /** "Finalizar", after its question: `completo` says the freight value and every item's invoice are given. */
  | { type: 'FINALIZAR'; completo: boolean }
  /** From the list, after the warning that it cannot be undone. */
  | { type: 'CANCELAR' };
export type TipoEventoRomaneioFrete = EventoRomaneioFrete['type'];

const cancelavel = { CANCELAR: 'CANCELADO' } as const;

export const romaneioFreteMachine = setup({
  types: { events: {} as EventoRomaneioFrete },
  guards: { completo: ({ event }) => event.type === 'FINALIZAR' && event.completo },
}).createMachine({
  id: 'romaneio-frete',
  initial: 'NOVO',
  states: {
    NOVO: { on: { SALVAR: 'EXPEDICAO' } },
    EXPEDICAO: { on: { SALVAR: 'EXPEDICAO', FATURAR: 'FATURAMENTO', ...cancelavel } },
    FATURAMENTO: { on: { SALVAR: 'FATURAMENTO', FINALIZAR: { target: 'FINALIZADO', guard: 'completo' }, ...cancelavel } },
    FINALIZADO: { on: cancelavel },
    CANCELADO: { type: 'final' },
  },
});

const ROTULO_EVENTO: Record<TipoEventoRomaneioFrete, string> = {
  SALVAR: 'salvar',
  FATURAR: 'enviar para o faturamento',
  FINALIZAR: 'finalizar',
  CANCELAR: 'cancelar',
};

/** Whether a manifest in `estado` may take `evento` (FINALIZAR asked of a complete manifest). */
export function podeRomaneioFrete(estado: EstadoRomaneio, evento: TipoEventoRomaneioFrete): boolean {
  const e: EventoRomaneioFrete = evento === 'FINALIZAR' ? { type: 'FINALIZAR', completo: true } : { type: evento };
  return podeEvento(romaneioFreteMachine, estado, e);
}

/** The status after `evento`, or null when it is illegal. */
export const proximoStatusRomaneioFrete = (estado: EstadoRomaneio, evento: EventoRomaneioFrete): StatusRomaneio | null =>
  proximoEstado(romaneioFreteMachine, estado, evento) as StatusRomaneio | null;

/** The 409 message of an event the status does not take. */
export const mensagemTransicaoRomaneio = (estado: EstadoRomaneio, evento: string, numero?: number | null) =>
  `Não é possível ${ROTULO_EVENTO[evento as TipoEventoRomaneioFrete] ?? evento.toLowerCase()} o romaneio ${numero ?? ''}${numero ? ' ' : ''}com status ${estado === 'NOVO' ? 'Novo' : ROTULO_STATUS_ROMANEIO[estado]}.`;
