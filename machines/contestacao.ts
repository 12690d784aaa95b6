import { setup } from 'xstate';
import { ROTULO_STATUS_CONTESTACAO, type StatusContestacao } from '../src/contracts/contestacoes';
import { podeEvento, proximoEstado } from './transicoes';

// A dispute with the carrier (contestação; issue 29, docs/decisoes.md §36): opened from a divergent CT-e, a fatura
// line or a whole fatura (ABERTA); its letter sent to the carrier (ENVIADA); the carrier's answer recorded
// (ACEITA, RECUSADA or PARCIAL, with the accepted value and the credit note / discount number), which settles
// the disputed lines; then ENCERRADA. A dispute still ABERTA may be withdrawn (ENCERRAR: closed without an
// answer, its lines no longer disputed).

export type EventoContestacao =
  | { type: 'ENVIAR' }
  | { type: 'RESPONDER'; resultado: 'ACEITA' | 'RECUSADA' | 'PARCIAL' }
  | { type: 'ENCERRAR' };
export type TipoEventoContestacao = EventoContestacao['type'];

const resposta = (r: string) => ({ event }: { event: EventoContestacao }) => event.type === 'RESPONDER' && event.resultado === r;

export const contestacaoMachine = setup({
  types: { events: {} as EventoContestacao },
  guards: { aceita: resposta('ACEITA'), recusada: resposta('RECUSADA'), parcial: resposta('PARCIAL') },
}).createMachine({
  id: 'contestacao',
  initial: 'ABERTA',
  states: {
    ABERTA: { on: { ENVIAR: 'ENVIADA', ENCERRAR: 'ENCERRADA' } },
    ENVIADA: {
      on: {
        RESPONDER: [
          { target: 'ACEITA', guard: 'aceita' },
          { target: 'RECUSADA', guard: 'recusada' },
          { target: 'PARCIAL', guard: 'parcial' },
        ],
      },
    },
    ACEITA: { on: { ENCERRAR: 'ENCERRADA' } },
    RECUSADA: { on: { ENCERRAR: 'ENCERRADA' } },
    PARCIAL: { on: { ENCERRAR: 'ENCERRADA' } },
    ENCERRADA: { type: 'final' },
  },
});

const ROTULO_EVENTO: Record<TipoEventoContestacao, string> = { ENVIAR: 'enviar', RESPONDER: 'registrar a resposta d', ENCERRAR: 'encerrar' };

export const proximoStatusContestacao = (estado: StatusContestacao, evento: EventoContestacao): StatusContestacao | null =>
  proximoEstado(contestacaoMachine, estado, evento) as StatusContestacao | null;

export function podeContestacao(estado: StatusContestacao, evento: TipoEventoContestacao): boolean {
  const e: EventoContestacao = evento === 'RESPONDER' ? { type: 'RESPONDER', resultado: 'ACEITA' } : { type: evento };
  return podeEvento(contestacaoMachine, estado, e);
}

/** The 409 message of an event the status does not take. */
export function mensagemTransicaoContestacao(estado: StatusContestacao, evento: TipoEventoContestacao, numero?: number | null): string {
  const acao = ROTULO_EVENTO[evento];
  const alvo = acao.endsWith(' d') ? `${acao}a contestação` : `${acao} a contestação`;
  return `Não é possível ${alvo}${numero ? ` ${numero}` : ''} com status ${ROTULO_STATUS_CONTESTACAO[estado]}.`;
}
