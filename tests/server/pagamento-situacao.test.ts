import { describe, expect, it } from 'vitest';
import { proximaSituacaoPagamento, SITUACOES_RECONFERIVEIS } from '../../machines/fatura-pagamento';
import { RESULTADOS_CONFERENCIA, situacaoAposConferencia } from '../../src/server/pagamentos/situacao-resultado';

// The set-based recompute writes situacaoAposConferencia(s, resultado) for the reconferível situations instead of
// running the machine per row: the machine must agree for every one of them and every outcome.

describe('CONFERIR outcome of the recompute', () => {
  it('is what the payment machine says for every reconferível situation and outcome', () => {
    expect(SITUACOES_RECONFERIVEIS).toEqual(['EM_CONFERENCIA', 'BLOQUEADA', 'LIBERADA']);
    for (const s of SITUACOES_RECONFERIVEIS)
      for (const resultado of RESULTADOS_CONFERENCIA)
        expect(situacaoAposConferencia(s, resultado)).toBe(proximaSituacaoPagamento(s, { type: 'CONFERIR', resultado }));
  });

  it('the situations left out are the ones the machine does not reconfer', () => {
    for (const s of ['EXPORTADA', 'PAGA', 'CANCELADA'] as const) expect(proximaSituacaoPagamento(s, { type: 'CONFERIR', resultado: 'LIBERADA' })).toBeNull();
  });
});
