import { setup } from 'xstate';
import type { OrigemItemRomaneioOs, StatusItemRomaneioOs, StatusRomaneio } from '../src/contracts/romaneio-status';
import type { EstadoRomaneio } from './romaneio-frete';
import { podeEvento, proximoEstado } from './transicoes';

// The service-order manifest (spec 03 §4, §5 "Service-order manifest"; docs/decisoes.md §24): a new manifest is saved
// in EXPEDICAO; invoicing (EXPEDICAO → FATURAMENTO) requires a destination; it is finalized from any saved
// state (finalizing also saves) and finalizing requires an invoice on every item ('Nota fiscal não
// informada a O.S {n}.'); CANCELADO from any saved, not-cancelled state; saving is hidden once FINALIZADO or
// CANCELADO. Its items have their own lifecycle (itemRomaneioOsMachine). Messages: mensagemTransicaoRomaneio.

export type EventoRomaneioOs =
  | { type: 'SALVAR' }
  /** Invoicing: `temDestino` says the destination municipality is given. */
  | { type: 'FATURAR'; temDestino: boolean }
  /** Finalize (and save): `itensComNota` says every item that is not cancelled has its invoice. */
  | { type: 'FINALIZAR'; itensComNota: boolean }
  | { type: 'CANCELAR' };
export type TipoEventoRomaneioOs = EventoRomaneioOs['type'];

/** Finalize (from any saved state) and cancel, taken by EXPEDICAO and FATURAMENTO alike. */
const emEstadoSalvo = {
  FINALIZAR: { target: 'FINALIZADO', guard: 'itensComNota' },
  CANCELAR: 'CANCELADO',
} as const;

export const romaneioOsMachine = setup({
  types: { events: {} as EventoRomaneioOs },
  guards: {
    temDestino: ({ event }) => event.type === 'FATURAR' && event.temDestino,
    itensComNota: ({ event }) => event.type === 'FINALIZAR' && event.itensComNota,
  },
}).createMachine({
  id: 'romaneio-os',
  initial: 'NOVO',
  states: {
    NOVO: { on: { SALVAR: 'EXPEDICAO' } },
    EXPEDICAO: { on: { ...emEstadoSalvo, SALVAR: 'EXPEDICAO', FATURAR: { target: 'FATURAMENTO', guard: 'temDestino' } } },
    FATURAMENTO: { on: { ...emEstadoSalvo, SALVAR: 'FATURAMENTO' } },
    FINALIZADO: { on: { CANCELAR: 'CANCELADO' } },
    CANCELADO: { type: 'final' },
  },
});

/** Whether a manifest in `estado` may take `evento` (guards asked of a manifest that meets them). */
export function podeRomaneioOs(estado: EstadoRomaneio, evento: TipoEventoRomaneioOs): boolean {
  const e: EventoRomaneioOs =
    evento === 'FATURAR' ? { type: 'FATURAR', temDestino: true } : evento === 'FINALIZAR' ? { type: 'FINALIZAR', itensComNota: true } : { type: evento };
  return podeEvento(romaneioOsMachine, estado, e);
}

/** The status after `evento`, or null when it is illegal. */
export const proximoStatusRomaneioOs = (estado: EstadoRomaneio, evento: EventoRomaneioOs): StatusRomaneio | null =>
  proximoEstado(romaneioOsMachine, estado, evento) as StatusRomaneio | null;

// ---------------------------------------------------------------------------------------------------
// Items: EXPEDIDO when taken from a service order, FATURADO when taken from an invoice or once the service
// order's invoice is filled in; CANCELADO from either (a cancelled item counts for nothing).

export type EventoItemRomaneioOs = { type: 'FATURAR' } | { type: 'CANCELAR' };

export const itemRomaneioOsMachine = setup({ types: { events: {} as EventoItemRomaneioOs } }).createMachine({
  id: 'item-romaneio-os',
  initial: 'EXPEDIDO',
  states: {
    EXPEDIDO: { on: { FATURAR: 'FATURADO', CANCELAR: 'CANCELADO' } },
    FATURADO: { on: { CANCELAR: 'CANCELADO' } },
    CANCELADO: { type: 'final' },
  },
});

/** An item's first status by where it came from (spec §3 "Item origem"). */
export const statusInicialItem = (origem: OrigemItemRomaneioOs): StatusItemRomaneioOs => (origem === 'OS' ? 'EXPEDIDO' : 'FATURADO');

export const proximoStatusItem = (status: StatusItemRomaneioOs, evento: EventoItemRomaneioOs): StatusItemRomaneioOs | null =>
  proximoEstado(itemRomaneioOsMachine, status, evento) as StatusItemRomaneioOs | null;
