import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  mensagemTransicaoRomaneio,
  podeRomaneioFrete,
  proximoStatusRomaneioFrete,
  romaneioFreteMachine,
  type EstadoRomaneio,
  type EventoRomaneioFrete,
  type TipoEventoRomaneioFrete,
} from '../../machines/romaneio-frete';
import { allStatePaths, oraculoDeCiclo, pathTitle, statePathsOf } from './model-harness';
import { ESTADOS_ROMANEIO, EVENTOS_ROMANEIO_FRETE } from './modelos-romaneio';

const ESTADOS = ESTADOS_ROMANEIO;
const EVENTOS = EVENTOS_ROMANEIO_FRETE;

// The oracle, written from spec 03 §4/§5 and docs/decisoes.md §24 independently of the machine.
function esperado(estado: EstadoRomaneio, e: EventoRomaneioFrete): EstadoRomaneio | null {
  const salvo = estado !== 'NOVO';
  switch (e.type) {
    case 'SALVAR':
      return estado === 'NOVO' ? 'EXPEDICAO' : estado === 'EXPEDICAO' || estado === 'FATURAMENTO' ? estado : null;
    case 'FATURAR':
      return estado === 'EXPEDICAO' ? 'FATURAMENTO' : null;
    case 'FINALIZAR':
      return estado === 'FATURAMENTO' && e.completo ? 'FINALIZADO' : null;
    case 'CANCELAR':
      return salvo && estado !== 'CANCELADO' ? 'CANCELADO' : null;
  }
}

const simples = getSimplePaths(romaneioFreteMachine, { events: EVENTOS } as any);
const oraculo = oraculoDeCiclo<EstadoRomaneio, EventoRomaneioFrete>(romaneioFreteMachine, 'NOVO', esperado);

describe('freight-cost manifest machine (spec 03 §4)', () => {
  // One test per path of the model: each step on the real actor lands where the oracle says.
  it.each(simples.map((p) => [pathTitle(p as any), p] as const))('path %s', (_t, caminho) => oraculo.caminhar(caminho as any));

  it('every state and event: allowed and target exactly as the oracle says; an illegal one changes nothing', () => {
    oraculo.conferirTudo(ESTADOS, EVENTOS, proximoStatusRomaneioFrete);
  });

  it('what the dialog enables: saving hidden once FINALIZADO or CANCELADO; cancel from any saved, not-cancelled state', () => {
    const tipos: TipoEventoRomaneioFrete[] = ['SALVAR', 'FATURAR', 'FINALIZAR', 'CANCELAR'];
    expect(Object.fromEntries(ESTADOS.map((s) => [s, tipos.filter((t) => podeRomaneioFrete(s, t))]))).toEqual({
      NOVO: ['SALVAR'],
      EXPEDICAO: ['SALVAR', 'FATURAR', 'CANCELAR'],
      FATURAMENTO: ['SALVAR', 'FINALIZAR', 'CANCELAR'],
      FINALIZADO: ['CANCELAR'],
      CANCELADO: [],
    });
  });

  it('reaches every state, only CANCELADO is final, and the 409 message names the step and the status', () => {
    const curtos = getShortestPaths(romaneioFreteMachine, { events: EVENTOS } as any);
    const alcancados = new Set(curtos.flatMap((p) => [p.state.value, ...p.steps.map((s) => s.state.value)].flatMap((v) => statePathsOf(v))));
    for (const s of allStatePaths(romaneioFreteMachine)) expect(alcancados, s).toContain(s);
    for (const s of ESTADOS) expect(romaneioFreteMachine.resolveState({ value: s }).status === 'done', s).toBe(s === 'CANCELADO');
    expect(mensagemTransicaoRomaneio('FINALIZADO', 'SALVAR', 12)).toBe('Não é possível salvar o romaneio 12 com status Finalizado.');
    expect(mensagemTransicaoRomaneio('EXPEDICAO', 'FINALIZAR')).toBe('Não é possível finalizar o romaneio com status Expedição.');
  });
});
