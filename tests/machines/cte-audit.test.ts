import { getShortestPaths, getSimplePaths } from '@xstate/graph';
import { createActor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { cteAuditMachine, mensagemTransicaoIlegal, podeTransitar, proximoStatus, type EventoCte, type TipoEventoCte } from '../../machines/cte-audit';
import { STATUS_CTE, type ResultadoAuditoria, type StatusCte } from '../../src/contracts/cte-status';
import { allStatePaths, oraculoDeCiclo, pathTitle, statePathsOf } from './model-harness';

const RESULTADOS: ResultadoAuditoria[] = ['SUCESSO', 'OBSERVACOES', 'FALHA', 'ERRO'];
const DE_AUDITORIA = ['AUDITAR', 'REFAZER_AUDITORIA', 'TROCAR_TABELA'] as const;
const SIMPLES = ['PROCESSAR', 'REPROCESSAR', 'APROVAR', 'DESCONSIDERAR', 'CANCELAR'] as const;
const EVENTOS: EventoCte[] = [...DE_AUDITORIA.flatMap((type) => RESULTADOS.map((resultado) => ({ type, resultado }))), ...SIMPLES.map((type) => ({ type }))];

// The oracle, written from spec 03 §4 independently of the machine: which events each status takes.
const REAUDITAVEIS: StatusCte[] = ['PROCESSADO', 'AUDITADO_OBSERVACOES', 'AUDITADO_FALHA', 'AUDITADO_ERRO', 'AUDITADO_REVISADO'];
const REVISAVEIS: StatusCte[] = ['AUDITADO_FALHA', 'AUDITADO_ERRO'];
function esperado(status: StatusCte, e: EventoCte): StatusCte | null {
  const veredito = (r: ResultadoAuditoria) => `AUDITADO_${r}` as StatusCte;
  switch (e.type) {
    case 'PROCESSAR':
      return status === 'LIDO' ? 'PROCESSADO' : null;
    case 'REPROCESSAR':
      return ['LIDO', 'PROCESSADO', 'AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_FALHA', 'AUDITADO_ERRO'].includes(status) ? 'PROCESSADO' : null;
    case 'AUDITAR':
      return REAUDITAVEIS.includes(status) ? veredito(e.resultado) : null;
    case 'REFAZER_AUDITORIA':
    case 'TROCAR_TABELA':
      return REVISAVEIS.includes(status) ? veredito(e.resultado) : null;
    case 'APROVAR':
      return REVISAVEIS.includes(status) ? 'AUDITADO_REVISADO' : null;
    case 'DESCONSIDERAR':
      return status === 'CANCELADO' || status === 'DESCONSIDERADO' ? null : 'DESCONSIDERADO';
    case 'CANCELAR':
      return status === 'CANCELADO' ? null : 'CANCELADO';
  }
}

describe('CT-e status machine (spec 03 §4)', () => {
  const curtos = getShortestPaths(cteAuditMachine, { events: EVENTOS } as any);

  it.each(curtos.map((p) => [pathTitle(p as any), p] as const))('reaches %s on the real actor', (_t, caminho) => {
    const ator = createActor(cteAuditMachine).start();
    for (const passo of caminho.steps) {
      ator.send(passo.event as EventoCte);
      expect(ator.getSnapshot().value).toEqual(passo.state.value);
    }
  });

  const oraculo = oraculoDeCiclo<StatusCte, EventoCte>(cteAuditMachine, 'LIDO', esperado);

  it('walks every simple path of the model on the real actor, each step as the oracle says', () => {
    const caminhos = getSimplePaths(cteAuditMachine, { events: EVENTOS } as any);
    expect(caminhos.length).toBeGreaterThan(100);
    for (const caminho of caminhos) oraculo.caminhar(caminho as any);
  });

  it('every status and every event: allowed and target exactly as the spec says; illegal ones change nothing', () => {
    oraculo.conferirTudo(STATUS_CTE, EVENTOS, proximoStatus);
    for (const status of STATUS_CTE)
      for (const evento of EVENTOS)
        expect(podeTransitar(status, evento.type), `${status} pode ${evento.type}`).toBe(esperado(status, evento) !== null);
  });

  it('reaches every state, and only CANCELADO is final', () => {
    const alcancados = new Set(curtos.flatMap((p) => [p.state.value, ...p.steps.map((s) => s.state.value)].flatMap((v) => statePathsOf(v))));
    for (const s of allStatePaths(cteAuditMachine)) expect(alcancados, s).toContain(s);
    for (const status of STATUS_CTE) expect(cteAuditMachine.resolveState({ value: status }).status === 'done', status).toBe(status === 'CANCELADO');
  });

  it('the Audit Selected rule: LIDO, DESCONSIDERADO, CANCELADO and AUDITADO_SUCESSO are skipped', () => {
    expect(STATUS_CTE.filter((s) => !podeTransitar(s, 'AUDITAR'))).toEqual(['LIDO', 'AUDITADO_SUCESSO', 'CANCELADO', 'DESCONSIDERADO']);
    expect(STATUS_CTE.filter((s) => podeTransitar(s, 'APROVAR'))).toEqual(['AUDITADO_FALHA', 'AUDITADO_ERRO']);
  });

  it('names an illegal transition in Portuguese', () => {
    const eventos: TipoEventoCte[] = ['APROVAR', 'AUDITAR'];
    expect(eventos.map((e) => mensagemTransicaoIlegal('AUDITADO_SUCESSO', e))).toEqual([
      'Não é possível aprovar o frete de um CT-e com status AUDITADO_SUCESSO.',
      'Não é possível auditar um CT-e com status AUDITADO_SUCESSO.',
    ]);
  });
});
