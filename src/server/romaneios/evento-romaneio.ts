import {
  mensagemTransicaoRomaneio,
  proximoStatusRomaneioFrete,
  podeRomaneioFrete,
  type EstadoRomaneio,
  type TipoEventoRomaneioFrete,
} from '../../../machines/romaneio-frete';
import { MSG_FRETE_PARA_FINALIZAR } from '../../contracts/romaneios';
import type { StatusRomaneio } from '../../contracts/romaneio-status';
import { ApiError } from '../http/api-error';

// A save of a freight-cost manifest carries the status it should have afterwards (src/contracts/romaneios-salvar.ts):
// the same one (or none) is SALVAR, FATURAMENTO is FATURAR, FINALIZADO is FINALIZAR, CANCELADO is CANCELAR;
// EXPEDICAO is SALVAR only from NOVO (a new manifest). The machine (machines/romaneio-frete.ts) says whether
// the stored status takes the event; an illegal step is 409 with its message.

/** Sending a saved manifest back to EXPEDICAO: no event of the machine takes it (the 409 names the step). */
const DEVOLVER = 'DEVOLVER À EXPEDIÇÃO';

const EVENTO_DO_STATUS: Record<Exclude<StatusRomaneio, 'EXPEDICAO'>, TipoEventoRomaneioFrete> = {
  FATURAMENTO: 'FATURAR',
  FINALIZADO: 'FINALIZAR',
  CANCELADO: 'CANCELAR',
};

/** The event a save from `estado` to `enviado` asks for (a text outside the machine when none does). */
export function eventoDoSalvar(estado: EstadoRomaneio, enviado: StatusRomaneio | undefined): TipoEventoRomaneioFrete | typeof DEVOLVER {
  if (enviado === undefined || enviado === estado) return 'SALVAR';
  if (enviado === 'EXPEDICAO') return estado === 'NOVO' ? 'SALVAR' : DEVOLVER;
  return EVENTO_DO_STATUS[enviado];
}

/**
 * The status after the save, or 409: the machine's message for an illegal step; MSG_FRETE_PARA_FINALIZAR
 * when FINALIZAR is legal but the manifest is not complete (every item's invoice is required by the schema,
 * so `completo` is the freight value: given and above zero).
 */
export function statusAposSalvar(
  estado: EstadoRomaneio,
  enviado: StatusRomaneio | undefined,
  numero: number | null,
  valorFrete: string | null,
): { evento: TipoEventoRomaneioFrete; status: StatusRomaneio } {
  const evento = eventoDoSalvar(estado, enviado);
  if (evento === DEVOLVER || !podeRomaneioFrete(estado, evento)) throw new ApiError(409, [mensagemTransicaoRomaneio(estado, evento, numero)]);
  const completo = valorFrete !== null && Number(valorFrete) > 0;
  const status = proximoStatusRomaneioFrete(estado, evento === 'FINALIZAR' ? { type: 'FINALIZAR', completo } : { type: evento });
  if (status === null) throw new ApiError(409, [MSG_FRETE_PARA_FINALIZAR]);
  return { evento, status };
}
