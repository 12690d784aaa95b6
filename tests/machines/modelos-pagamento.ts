import type { EventoContestacao } from '../../machines/contestacao';
import type { EventoPagamento } from '../../machines/fatura-pagamento';
import { STATUS_CONTESTACAO, type StatusContestacao } from '../../src/contracts/contestacoes';
import { SITUACOES_PAGAMENTO, type SituacaoPagamento } from '../../src/contracts/pagamentos';

// The states and every event variant (each guard's answers) of the payment-situation and dispute machines,
// shared by their model tests (tests/machines) and their walks through the API (tests/server/ciclo-*.test.ts).

export const ESTADOS_PAGAMENTO: readonly SituacaoPagamento[] = SITUACOES_PAGAMENTO;

export const EVENTOS_PAGAMENTO: readonly EventoPagamento[] = [
  { type: 'CONFERIR', resultado: 'EM_CONFERENCIA' },
  { type: 'CONFERIR', resultado: 'BLOQUEADA' },
  { type: 'CONFERIR', resultado: 'LIBERADA' },
  { type: 'LIBERAR_INCONTROVERSO', soContestacoes: true },
  { type: 'LIBERAR_INCONTROVERSO', soContestacoes: false },
  { type: 'EXPORTAR' },
  { type: 'PAGAR' },
  { type: 'CANCELAR' },
];

export const ESTADOS_CONTESTACAO: readonly StatusContestacao[] = STATUS_CONTESTACAO;

export const EVENTOS_CONTESTACAO: readonly EventoContestacao[] = [
  { type: 'ENVIAR' },
  { type: 'RESPONDER', resultado: 'ACEITA' },
  { type: 'RESPONDER', resultado: 'RECUSADA' },
  { type: 'RESPONDER', resultado: 'PARCIAL' },
  { type: 'ENCERRAR' },
];
