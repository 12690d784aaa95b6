import { setup } from 'xstate';
import { ROTULO_SITUACAO_PAGAMENTO, type SituacaoPagamento } from '../src/contracts/pagamentos';
import { podeEvento, proximoEstado } from './transicoes';

// The payment situation of a fatura (issue 29; docs/decisoes.md §36): from the verdict to payment.
// EM_CONFERENCIA → BLOQUEADA ⇄ LIBERADA → EXPORTADA → PAGA; CANCELADA from any state before EXPORTADA.
// The server's recompute (whenever a CT-e it bills, an audit, an approval, a dispute, a rule or the fatura
// changes) is CONFERIR with its outcome: lines still waiting for their audit → EM_CONFERENCIA; a rule blocks
// → BLOQUEADA; every line passes → LIBERADA. Once exported the fatura is the payables system's: nothing the
// console recomputes moves it. LIBERAR_INCONTROVERSO releases a blocked fatura whose only blocks are lines under
// an open dispute, for the undisputed amount, when the company's rules allow it ("pagar o incontroverso").

export type EventoPagamento =
  | { type: 'CONFERIR'; resultado: 'EM_CONFERENCIA' | 'BLOQUEADA' | 'LIBERADA' }
  /** `soContestacoes`: every block left is a line under an open dispute, and the rules allow paying the rest. */
  | { type: 'LIBERAR_INCONTROVERSO'; soContestacoes: boolean }
  | { type: 'EXPORTAR' }
  | { type: 'PAGAR' }
  | { type: 'CANCELAR' };
export type TipoEventoPagamento = EventoPagamento['type'];

const conferir = {
  CONFERIR: [
    { target: 'EM_CONFERENCIA', guard: 'paraConferencia' },
    { target: 'BLOQUEADA', guard: 'paraBloqueada' },
    { target: 'LIBERADA', guard: 'paraLiberada' },
  ],
  CANCELAR: 'CANCELADA',
} as const;

const resultado = (r: string) => ({ event }: { event: EventoPagamento }) => event.type === 'CONFERIR' && event.resultado === r;

export const faturaPagamentoMachine = setup({
  types: { events: {} as EventoPagamento },
  guards: {
    paraConferencia: resultado('EM_CONFERENCIA'),
    paraBloqueada: resultado('BLOQUEADA'),
    paraLiberada: resultado('LIBERADA'),
    soContestacoes: ({ event }) => event.type === 'LIBERAR_INCONTROVERSO' && event.soContestacoes,
  },
}).createMachine({
  id: 'fatura-pagamento',
  initial: 'EM_CONFERENCIA',
  states: {
    EM_CONFERENCIA: { on: conferir },
    BLOQUEADA: { on: { ...conferir, LIBERAR_INCONTROVERSO: { target: 'LIBERADA', guard: 'soContestacoes' } } },
    LIBERADA: { on: { ...conferir, EXPORTAR: 'EXPORTADA' } },
    EXPORTADA: { on: { PAGAR: 'PAGA' } },
    PAGA: { type: 'final' },
    CANCELADA: { type: 'final' },
  },
});

const ROTULO_EVENTO: Record<TipoEventoPagamento, string> = {
  CONFERIR: 'reconferir',
  LIBERAR_INCONTROVERSO: 'liberar o valor incontroverso d',
  EXPORTAR: 'exportar para o contas a pagar',
  PAGAR: 'registrar o pagamento d',
  CANCELAR: 'cancelar',
};

/** The situation after `evento`, or null when the machine refuses it. */
export const proximaSituacaoPagamento = (estado: SituacaoPagamento, evento: EventoPagamento): SituacaoPagamento | null =>
  proximoEstado(faturaPagamentoMachine, estado, evento) as SituacaoPagamento | null;

/** Whether `estado` takes the event (LIBERAR_INCONTROVERSO asked with only disputed lines blocking). */
export function podePagamento(estado: SituacaoPagamento, evento: TipoEventoPagamento): boolean {
  const e: EventoPagamento =
    evento === 'CONFERIR'
      ? { type: 'CONFERIR', resultado: 'LIBERADA' }
      : evento === 'LIBERAR_INCONTROVERSO'
        ? { type: 'LIBERAR_INCONTROVERSO', soContestacoes: true }
        : { type: evento };
  return podeEvento(faturaPagamentoMachine, estado, e);
}

/** The situations the server's recompute may move (the set-based recompute updates only these). */
export const SITUACOES_RECONFERIVEIS: readonly SituacaoPagamento[] = (['EM_CONFERENCIA', 'BLOQUEADA', 'LIBERADA', 'EXPORTADA', 'PAGA', 'CANCELADA'] as const).filter((s) =>
  podePagamento(s, 'CONFERIR'),
);

/** The 409 message of an event the situation does not take. */
export function mensagemTransicaoPagamento(estado: SituacaoPagamento, evento: TipoEventoPagamento, numero?: string | null): string {
  const acao = ROTULO_EVENTO[evento];
  const alvo = acao.endsWith(' d') ? `${acao}a fatura` : `${acao} a fatura`;
  return `Não é possível ${alvo}${numero ? ` ${numero}` : ''} com situação ${ROTULO_SITUACAO_PAGAMENTO[estado]}.`;
}
