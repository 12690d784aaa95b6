import type { EstadoRomaneio, EventoRomaneioFrete } from '../../machines/romaneio-frete';
import type { EventoRomaneioOs } from '../../machines/romaneio-os';

// The states and every event variant (each guard's both answers) of the two manifest machines, shared by
// their model tests (tests/machines) and their walks through the API (tests/server/ciclo-romaneio-*.test.ts).

export const ESTADOS_ROMANEIO: readonly EstadoRomaneio[] = ['NOVO', 'EXPEDICAO', 'FATURAMENTO', 'FINALIZADO', 'CANCELADO'];

export const EVENTOS_ROMANEIO_FRETE: readonly EventoRomaneioFrete[] = [
  { type: 'SALVAR' },
  { type: 'FATURAR' },
  { type: 'FINALIZAR', completo: true },
  { type: 'FINALIZAR', completo: false },
  { type: 'CANCELAR' },
];

export const EVENTOS_ROMANEIO_OS: readonly EventoRomaneioOs[] = [
  { type: 'SALVAR' },
  { type: 'FATURAR', temDestino: true },
  { type: 'FATURAR', temDestino: false },
  { type: 'FINALIZAR', itensComNota: true },
  { type: 'FINALIZAR', itensComNota: false },
  { type: 'CANCELAR' },
];
