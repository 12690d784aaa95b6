import type { ResultadoAuditoria, StatusCte } from '../../contracts/cte-status';
import { proximoStatus } from '../../../machines/cte-audit';
import type { EventoAuditoria } from './auditar-ctes';

// The machine's answer depends only on (status, event, verdict): a batch of 100,000 CT-es asks it a few
// dozen distinct questions, and each answer costs an xstate snapshot and transition (profiled: ~40 µs).
const respostas = new Map<string, StatusCte | null>();

/** proximoStatus for an audit event, remembered. */
export function statusAposAuditoria(status: StatusCte, evento: EventoAuditoria, resultado: ResultadoAuditoria): StatusCte | null {
  const chave = `${status} ${evento} ${resultado}`;
  let r = respostas.get(chave);
  if (r === undefined) respostas.set(chave, (r = proximoStatus(status, { type: evento, resultado })));
  return r;
}
