import { sql, type SQL } from 'drizzle-orm';
import type { SituacaoPagamento } from '../../contracts/pagamentos';
import { SITUACOES_RECONFERIVEIS } from '../../../machines/fatura-pagamento';

// The CONFERIR outcome of the set-based recompute (issue 29; docs/decisoes.md §36): what the SQL writes for a
// reconferível fatura, per outcome. tests/server/pagamento-situacao.test.ts asserts that the machine
// (proximaSituacaoPagamento(s, CONFERIR{resultado})) agrees for every reconferível situation and outcome, so the
// recompute need not run xstate per row.

export type ResultadoConferencia = 'EM_CONFERENCIA' | 'BLOQUEADA' | 'LIBERADA';
export const RESULTADOS_CONFERENCIA: readonly ResultadoConferencia[] = ['EM_CONFERENCIA', 'BLOQUEADA', 'LIBERADA'];

/** The situation a reconferível fatura takes on CONFERIR with this outcome (the same whatever it was). */
export const situacaoAposConferencia = (_atual: SituacaoPagamento, resultado: ResultadoConferencia): SituacaoPagamento => resultado;

/** `coluna in (the situations the recompute moves)`, as SQL text literals. */
export const reconferivel = (coluna: SQL | string): SQL =>
  sql`${typeof coluna === 'string' ? sql.raw(coluna) : coluna} in (${sql.raw(SITUACOES_RECONFERIVEIS.map((s) => `'${s}'`).join(', '))})`;
