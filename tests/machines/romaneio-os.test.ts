import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import type { EstadoRomaneio } from '../../machines/romaneio-frete';
import {
  itemRomaneioOsMachine,
  podeRomaneioOs,
  proximoStatusItem,
  proximoStatusRomaneioOs,
  romaneioOsMachine,
  statusInicialItem,
  type EventoItemRomaneioOs,
  type EventoRomaneioOs,
  type TipoEventoRomaneioOs,
} from '../../machines/romaneio-os';
import { STATUS_ITEM_ROMANEIO_OS, type StatusItemRomaneioOs } from '../../src/contracts/romaneio-status';
import { allStatePaths, oraculoDeCiclo, pathTitle, statePathsOf } from './model-harness';
import { ESTADOS_ROMANEIO, EVENTOS_ROMANEIO_OS } from './modelos-romaneio';

const ESTADOS = ESTADOS_ROMANEIO;
const EVENTOS = EVENTOS_ROMANEIO_OS;

// The oracle, from spec 03 §4/§5 and docs/decisoes.md §24: finalize from any saved state; invoicing needs a destination.
function esperado(estado: EstadoRomaneio, e: EventoRomaneioOs): EstadoRomaneio | null {
  const emAberto = estado === 'EXPEDICAO' || estado === 'FATURAMENTO';
  switch (e.type) {
    case 'SALVAR':
      return estado === 'NOVO' ? 'EXPEDICAO' : emAberto ? estado : null;
    case 'FATURAR':
      return estado === 'EXPEDICAO' && e.temDestino ? 'FATURAMENTO' : null;
    case 'FINALIZAR':
      return emAberto && e.itensComNota ? 'FINALIZADO' : null;
    case 'CANCELAR':
      return estado !== 'NOVO' && estado !== 'CANCELADO' ? 'CANCELADO' : null;
  }
}

describe('service-order manifest machine (spec 03 §4, §5)', () => {
  const simples = getSimplePaths(romaneioOsMachine, { events: EVENTOS } as any);
  const oraculo = oraculoDeCiclo<EstadoRomaneio, EventoRomaneioOs>(romaneioOsMachine, 'NOVO', esperado);

  it.each(simples.map((p) => [pathTitle(p as any), p] as const))('path %s', (_t, caminho) => oraculo.caminhar(caminho as any));

  it('every state and event as the oracle says; an illegal one changes nothing', () => {
    oraculo.conferirTudo(ESTADOS, EVENTOS, proximoStatusRomaneioOs);
  });

  it('what the dialog enables', () => {
    const tipos: TipoEventoRomaneioOs[] = ['SALVAR', 'FATURAR', 'FINALIZAR', 'CANCELAR'];
    expect(Object.fromEntries(ESTADOS.map((s) => [s, tipos.filter((t) => podeRomaneioOs(s, t))]))).toEqual({
      NOVO: ['SALVAR'],
      EXPEDICAO: ['SALVAR', 'FATURAR', 'FINALIZAR', 'CANCELAR'],
      FATURAMENTO: ['SALVAR', 'FINALIZAR', 'CANCELAR'],
      FINALIZADO: ['CANCELAR'],
      CANCELADO: [],
    });
  });

  it('reaches every state and only CANCELADO is final', () => {
    const curtos = getShortestPaths(romaneioOsMachine, { events: EVENTOS } as any);
    const alcancados = new Set(curtos.flatMap((p) => [p.state.value, ...p.steps.map((s) => s.state.value)].flatMap((v) => statePathsOf(v))));
    for (const s of allStatePaths(romaneioOsMachine)) expect(alcancados, s).toContain(s);
    for (const s of ESTADOS) expect(romaneioOsMachine.resolveState({ value: s }).status === 'done', s).toBe(s === 'CANCELADO');
  });
});

describe('service-order manifest items', () => {
  const EVENTOS_ITEM: EventoItemRomaneioOs[] = [{ type: 'FATURAR' }, { type: 'CANCELAR' }];
  const esperadoItem = (s: StatusItemRomaneioOs, e: EventoItemRomaneioOs): StatusItemRomaneioOs | null =>
    e.type === 'FATURAR' ? (s === 'EXPEDIDO' ? 'FATURADO' : null) : s === 'CANCELADO' ? null : 'CANCELADO';

  it.each(getSimplePaths(itemRomaneioOsMachine, { events: EVENTOS_ITEM } as any).map((p) => [pathTitle(p as any), p] as const))('path %s', (_t, caminho) => {
    const ator = createActor(itemRomaneioOsMachine).start();
    for (const passo of caminho.steps) {
      ator.send(passo.event as EventoItemRomaneioOs);
      expect(ator.getSnapshot().value).toEqual(passo.state.value);
    }
  });

  it('every status and event as the oracle says; the first status by origin', () => {
    for (const s of STATUS_ITEM_ROMANEIO_OS) for (const e of EVENTOS_ITEM) expect(proximoStatusItem(s, e), `${s} + ${e.type}`).toBe(esperadoItem(s, e));
    expect([statusInicialItem('OS'), statusInicialItem('NOTA_FISCAL')]).toEqual(['EXPEDIDO', 'FATURADO']);
  });
});
