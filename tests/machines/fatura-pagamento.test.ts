import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  faturaPagamentoMachine,
  mensagemTransicaoPagamento,
  podePagamento,
  proximaSituacaoPagamento,
  SITUACOES_RECONFERIVEIS,
  type EventoPagamento,
  type TipoEventoPagamento,
} from '../../machines/fatura-pagamento';
import type { SituacaoPagamento } from '../../src/contracts/pagamentos';
import { allStatePaths, oraculoDeCiclo, pathTitle, statePathsOf } from './model-harness';
import { ESTADOS_PAGAMENTO, EVENTOS_PAGAMENTO } from './modelos-pagamento';

// The oracle, written from issue 29 ("EM_CONFERENCIA → BLOQUEADA ⇄ LIBERADA → EXPORTADA → PAGA, with CANCELADA from
// any state before EXPORTADA") and docs/decisoes.md §36, independently of the machine.
function esperado(s: SituacaoPagamento, e: EventoPagamento): SituacaoPagamento | null {
  const antesDeExportar = s === 'EM_CONFERENCIA' || s === 'BLOQUEADA' || s === 'LIBERADA';
  switch (e.type) {
    case 'CONFERIR':
      return antesDeExportar ? e.resultado : null;
    case 'LIBERAR_INCONTROVERSO':
      return s === 'BLOQUEADA' && e.soContestacoes ? 'LIBERADA' : null;
    case 'EXPORTAR':
      return s === 'LIBERADA' ? 'EXPORTADA' : null;
    case 'PAGAR':
      return s === 'EXPORTADA' ? 'PAGA' : null;
    case 'CANCELAR':
      return antesDeExportar ? 'CANCELADA' : null;
  }
}

const simples = getSimplePaths(faturaPagamentoMachine, { events: EVENTOS_PAGAMENTO } as never);
const oraculo = oraculoDeCiclo<SituacaoPagamento, EventoPagamento>(faturaPagamentoMachine, 'EM_CONFERENCIA', esperado);

describe('payment situation of a fatura (issue 29)', () => {
  it.each(simples.map((p) => [pathTitle(p as never), p] as const))('path %s', (_t, caminho) => oraculo.caminhar(caminho as never));

  it('every state and event: allowed and target exactly as the oracle says; an illegal one changes nothing', () => {
    oraculo.conferirTudo(ESTADOS_PAGAMENTO, EVENTOS_PAGAMENTO, proximaSituacaoPagamento);
  });

  it('what the screens enable, and the situations the recompute may move', () => {
    const tipos: TipoEventoPagamento[] = ['CONFERIR', 'LIBERAR_INCONTROVERSO', 'EXPORTAR', 'PAGAR', 'CANCELAR'];
    expect(Object.fromEntries(ESTADOS_PAGAMENTO.map((s) => [s, tipos.filter((t) => podePagamento(s, t))]))).toEqual({
      EM_CONFERENCIA: ['CONFERIR', 'CANCELAR'],
      BLOQUEADA: ['CONFERIR', 'LIBERAR_INCONTROVERSO', 'CANCELAR'],
      LIBERADA: ['CONFERIR', 'EXPORTAR', 'CANCELAR'],
      EXPORTADA: ['PAGAR'],
      PAGA: [],
      CANCELADA: [],
    });
    expect(SITUACOES_RECONFERIVEIS).toEqual(['EM_CONFERENCIA', 'BLOQUEADA', 'LIBERADA']);
  });

  it('reaches every state, PAGA and CANCELADA are final, and the 409 message names the step and the situation', () => {
    const curtos = getShortestPaths(faturaPagamentoMachine, { events: EVENTOS_PAGAMENTO } as never);
    const alcancados = new Set(curtos.flatMap((p) => [p.state.value, ...p.steps.map((s) => s.state.value)].flatMap((v) => statePathsOf(v))));
    for (const s of allStatePaths(faturaPagamentoMachine)) expect(alcancados, s).toContain(s);
    for (const s of ESTADOS_PAGAMENTO) expect(faturaPagamentoMachine.resolveState({ value: s }).status === 'done', s).toBe(s === 'PAGA' || s === 'CANCELADA');
    expect(mensagemTransicaoPagamento('BLOQUEADA', 'EXPORTAR', '4512')).toBe('Não é possível exportar para o contas a pagar a fatura 4512 com situação Bloqueada.');
    expect(mensagemTransicaoPagamento('EXPORTADA', 'CANCELAR')).toBe('Não é possível cancelar a fatura com situação Exportada.');
    expect(mensagemTransicaoPagamento('LIBERADA', 'PAGAR', '7')).toBe('Não é possível registrar o pagamento da fatura 7 com situação Liberada.');
  });
});
