import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { describe, expect, it } from 'vitest';
import {
  contestacaoMachine,
  mensagemTransicaoContestacao,
  podeContestacao,
  proximoStatusContestacao,
  type EventoContestacao,
  type TipoEventoContestacao,
} from '../../machines/contestacao';
import type { StatusContestacao } from '../../src/contracts/contestacoes';
import { allStatePaths, oraculoDeCiclo, pathTitle, statePathsOf } from './model-harness';
import { ESTADOS_CONTESTACAO, EVENTOS_CONTESTACAO } from './modelos-pagamento';

// The oracle, from issue 29 ("ABERTA → ENVIADA → ACEITA | RECUSADA | PARCIAL → ENCERRADA") and docs/decisoes.md §36
// (an ABERTA dispute may be withdrawn), independently of the machine.
function esperado(s: StatusContestacao, e: EventoContestacao): StatusContestacao | null {
  switch (e.type) {
    case 'ENVIAR':
      return s === 'ABERTA' ? 'ENVIADA' : null;
    case 'RESPONDER':
      return s === 'ENVIADA' ? e.resultado : null;
    case 'ENCERRAR':
      return s === 'ABERTA' || s === 'ACEITA' || s === 'RECUSADA' || s === 'PARCIAL' ? 'ENCERRADA' : null;
  }
}

const simples = getSimplePaths(contestacaoMachine, { events: EVENTOS_CONTESTACAO } as never);
const oraculo = oraculoDeCiclo<StatusContestacao, EventoContestacao>(contestacaoMachine, 'ABERTA', esperado);

describe('dispute with the carrier (issue 29)', () => {
  it.each(simples.map((p) => [pathTitle(p as never), p] as const))('path %s', (_t, caminho) => oraculo.caminhar(caminho as never));

  it('every state and event: allowed and target exactly as the oracle says; an illegal one changes nothing', () => {
    oraculo.conferirTudo(ESTADOS_CONTESTACAO, EVENTOS_CONTESTACAO, proximoStatusContestacao);
  });

  it('what the dialog enables', () => {
    const tipos: TipoEventoContestacao[] = ['ENVIAR', 'RESPONDER', 'ENCERRAR'];
    expect(Object.fromEntries(ESTADOS_CONTESTACAO.map((s) => [s, tipos.filter((t) => podeContestacao(s, t))]))).toEqual({
      ABERTA: ['ENVIAR', 'ENCERRAR'],
      ENVIADA: ['RESPONDER'],
      ACEITA: ['ENCERRAR'],
      RECUSADA: ['ENCERRAR'],
      PARCIAL: ['ENCERRAR'],
      ENCERRADA: [],
    });
  });

  it('reaches every state, only ENCERRADA is final, and the 409 message names the step and the status', () => {
    const curtos = getShortestPaths(contestacaoMachine, { events: EVENTOS_CONTESTACAO } as never);
    const alcancados = new Set(curtos.flatMap((p) => [p.state.value, ...p.steps.map((s) => s.state.value)].flatMap((v) => statePathsOf(v))));
    for (const s of allStatePaths(contestacaoMachine)) expect(alcancados, s).toContain(s);
    for (const s of ESTADOS_CONTESTACAO) expect(contestacaoMachine.resolveState({ value: s }).status === 'done', s).toBe(s === 'ENCERRADA');
    expect(mensagemTransicaoContestacao('ABERTA', 'RESPONDER', 3)).toBe('Não é possível registrar a resposta da contestação 3 com status Aberta.');
    expect(mensagemTransicaoContestacao('ENCERRADA', 'ENVIAR')).toBe('Não é possível enviar a contestação com status Encerrada.');
  });
});
