import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import {
  mensagemTransicaoMinuta,
  minutaMachine,
  podeMinuta,
  proximoStatusMinuta,
  type EventoMinuta,
  type TipoEventoMinuta,
} from '../../machines/minuta-confirmation';
import { STATUS_MINUTA, type StatusMinuta } from '../../src/contracts/minutas';
import { allStatePaths, oraculoDeCiclo, pathTitle, statePathsOf } from './model-harness';

const EVENTOS: EventoMinuta[] = [
  { type: 'EDITAR' },
  { type: 'EXCLUIR' },
  { type: 'CONFIRMAR', completa: true },
  { type: 'CONFIRMAR', completa: false },
  { type: 'CONVERTER' },
];
const TIPOS: TipoEventoMinuta[] = ['EDITAR', 'EXCLUIR', 'CONFIRMAR', 'CONVERTER'];

// The oracle, written from spec 03 §4 and docs/decisoes.md §21 independently of the machine: PENDENTE is editable and
// deletable and confirms only when complete; PREENCHIDO (confirmed) is locked and only converts; PROCESSADO is final.
function esperado(status: StatusMinuta, e: EventoMinuta): StatusMinuta | null {
  switch (e.type) {
    case 'EDITAR':
    case 'EXCLUIR':
      return status === 'PENDENTE' ? 'PENDENTE' : null;
    case 'CONFIRMAR':
      return status === 'PENDENTE' && e.completa ? 'PREENCHIDO' : null;
    case 'CONVERTER':
      return status === 'PREENCHIDO' ? 'PROCESSADO' : null;
  }
}

describe('minuta lifecycle machine (spec 03 §4)', () => {
  const curtos = getShortestPaths(minutaMachine, { events: EVENTOS } as any);

  it.each(curtos.map((p) => [pathTitle(p as any), p] as const))('reaches %s on the real actor', (_t, caminho) => {
    const ator = createActor(minutaMachine).start();
    for (const passo of caminho.steps) {
      ator.send(passo.event as EventoMinuta);
      expect(ator.getSnapshot().value).toEqual(passo.state.value);
    }
  });

  const oraculo = oraculoDeCiclo<StatusMinuta, EventoMinuta>(minutaMachine, 'PENDENTE', esperado);
  const simples = getSimplePaths(minutaMachine, { events: EVENTOS } as any);

  it.each(simples.map((p) => [pathTitle(p as any), p] as const))('simple path %s, each step as the oracle says', (_t, caminho) => oraculo.caminhar(caminho as any));

  it('every status and every event: allowed and target exactly as the oracle says; illegal ones change nothing', () => {
    expect(simples.length).toBeGreaterThanOrEqual(3);
    oraculo.conferirTudo(STATUS_MINUTA, EVENTOS, proximoStatusMinuta);
  });

  it('podeMinuta is what the screen enables: edit and delete only PENDENTE, confirm a complete PENDENTE, convert a PREENCHIDO', () => {
    const tabela = Object.fromEntries(STATUS_MINUTA.map((s) => [s, TIPOS.filter((t) => podeMinuta(s, t))]));
    expect(tabela).toEqual({ PENDENTE: ['EDITAR', 'EXCLUIR', 'CONFIRMAR'], PREENCHIDO: ['CONVERTER'], PROCESSADO: [] });
  });

  it('an incomplete minuta cannot be confirmed, and confirmation is irreversible (no event leads back to PENDENTE)', () => {
    expect(proximoStatusMinuta('PENDENTE', { type: 'CONFIRMAR', completa: false })).toBeNull();
    for (const status of ['PREENCHIDO', 'PROCESSADO'] as const)
      for (const evento of EVENTOS) expect(proximoStatusMinuta(status, evento)).not.toBe('PENDENTE');
  });

  it('reaches every state, and only PROCESSADO is final', () => {
    const alcancados = new Set(curtos.flatMap((p) => [p.state.value, ...p.steps.map((s) => s.state.value)].flatMap((v) => statePathsOf(v))));
    for (const s of allStatePaths(minutaMachine)) expect(alcancados, s).toContain(s);
    for (const status of STATUS_MINUTA) expect(minutaMachine.resolveState({ value: status }).status === 'done', status).toBe(status === 'PROCESSADO');
  });

  it('names an illegal event in Portuguese, with the status as the screen shows it', () => {
    expect(mensagemTransicaoMinuta('PREENCHIDO', 'EDITAR', '123')).toBe('Não é possível editar a minuta 123 com status Confirmado.');
    expect(mensagemTransicaoMinuta('PROCESSADO', 'CONFIRMAR')).toBe('Não é possível confirmar a minuta com status Processado.');
  });
});
