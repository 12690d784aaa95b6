import type { EstadoRomaneio } from '../../../machines/romaneio-frete';
import { mensagemTransicaoRomaneio } from '../../../machines/romaneio-frete';
import { proximoStatusItem, proximoStatusRomaneioOs, statusInicialItem, type EventoRomaneioOs, type TipoEventoRomaneioOs } from '../../../machines/romaneio-os';
import { ROTULO_STATUS_ROMANEIO, type StatusItemRomaneioOs, type StatusRomaneio } from '../../contracts/romaneio-status';
import { MSG_DESTINO_NAO_INFORMADO, mensagemNotaNaoInformadaOs } from '../../contracts/romaneios';
import type { RomaneioOsSalvar } from '../../contracts/romaneios-salvar';
import { ApiError, badRequest } from '../http/api-error';

// The lifecycle of a service-order manifest's save (spec 03 §4, §5; the header of contracts/romaneios-salvar.ts):
// the event is read from the pair (stored status, sent status) and asked of machines/romaneio-os.ts.
//
// Status codes (our choice where the spec is silent): an event the stored status does not take (finalize a
// CANCELADO one, save a FINALIZADO one, send back to EXPEDICAO) is a conflict with the record: 409 with the
// machine's message. A guard that fails (finalize with an item lacking its invoice) and an item status the
// item machine cannot reach are problems of the data sent, which the user fixes in the dialog: 400, like the
// other required fields.

const ROTULO_STATUS_ITEM_ROMANEIO_OS: Record<StatusItemRomaneioOs, string> = { EXPEDIDO: 'Expedido', FATURADO: 'Faturado', CANCELADO: 'Cancelado' };

/** The 400 of an item whose sent status its origin cannot reach (only this one: a NOTA_FISCAL item is never EXPEDIDO). */
export const mensagemStatusItemInvalido = (item: number, status: StatusItemRomaneioOs, origem: string) =>
  `Item ${item}: um item de ${origem === 'OS' ? 'O.S.' : 'nota fiscal'} não pode ter o status ${ROTULO_STATUS_ITEM_ROMANEIO_OS[status]}.`;

/** The event a save asks for: same status (or none) SALVAR; → FATURAMENTO FATURAR; → FINALIZADO FINALIZAR; → CANCELADO CANCELAR. */
export function eventoDoPar(armazenado: EstadoRomaneio, enviado: StatusRomaneio | undefined): TipoEventoRomaneioOs | null {
  if (enviado === undefined || enviado === armazenado || (armazenado === 'NOVO' && enviado === 'EXPEDICAO')) return 'SALVAR';
  if (enviado === 'FATURAMENTO') return 'FATURAR';
  if (enviado === 'FINALIZADO') return 'FINALIZAR';
  if (enviado === 'CANCELADO') return 'CANCELAR';
  // Back to EXPEDICAO from a later status: no event takes a manifest there.
  return null;
}

/** The 409 of a pair no event of the machine takes. */
export function transicaoIlegal(armazenado: EstadoRomaneio, evento: TipoEventoRomaneioOs | null, numero: number | null, enviado?: StatusRomaneio): ApiError {
  const acao = evento ?? `voltar para ${enviado ? ROTULO_STATUS_ROMANEIO[enviado] : 'outro status'}`;
  return new ApiError(409, [mensagemTransicaoRomaneio(armazenado, acao, numero)]);
}

type ItemSalvar = RomaneioOsSalvar['itens'][number];

/**
 * The status each item is saved with: a new item (no status sent) starts at statusInicialItem(origem); a
 * sent CANCELADO stays; an EXPEDIDO item whose invoice is now filled takes FATURAR (FATURADO). The save
 * carries no item identity (items are replaced as sent), so a sent status is checked against what the item
 * machine reaches from the item's origin: 400 otherwise.
 */
export function statusDosItens(itens: readonly ItemSalvar[]): StatusItemRomaneioOs[] {
  // The machine's answers, once per status (a manifest has up to 2,000 items).
  const faturar = new Map<StatusItemRomaneioOs, StatusItemRomaneioOs | null>();
  const aposFaturar = (s: StatusItemRomaneioOs) => (faturar.has(s) ? faturar.get(s)! : faturar.set(s, proximoStatusItem(s, { type: 'FATURAR' })).get(s)!);
  return itens.map((it, i) => {
    const inicial = statusInicialItem(it.origem);
    if (it.status === 'CANCELADO') return 'CANCELADO';
    const base = it.status ?? inicial;
    if (base !== inicial && aposFaturar(inicial) !== base) throw badRequest(mensagemStatusItemInvalido(i + 1, base, it.origem));
    if (base === 'EXPEDIDO' && it.notaFiscalId) return aposFaturar('EXPEDIDO')!;
    return base;
  });
}

/** The first item (not cancelled) without its invoice, named by its first O.S. or, without one, by its number. */
export function itemSemNota(itens: readonly ItemSalvar[], status: readonly StatusItemRomaneioOs[]): string | null {
  const i = itens.findIndex((it, k) => status[k] !== 'CANCELADO' && !it.notaFiscalId);
  if (i < 0) return null;
  return itens[i].ordensServico[0] ?? String(i + 1);
}

/** The event of the save, or 409 when the stored status does not take it even with its guard met. */
export function eventoLegal(armazenado: EstadoRomaneio, enviado: StatusRomaneio | undefined, numero: number | null): TipoEventoRomaneioOs {
  const tipo = eventoDoPar(armazenado, enviado);
  if (tipo === null) throw transicaoIlegal(armazenado, null, numero, enviado);
  const comGuardaAtendida: EventoRomaneioOs =
    tipo === 'FATURAR' ? { type: 'FATURAR', temDestino: true } : tipo === 'FINALIZAR' ? { type: 'FINALIZAR', itensComNota: true } : { type: tipo };
  if (proximoStatusRomaneioOs(armazenado, comGuardaAtendida) === null) throw transicaoIlegal(armazenado, tipo, numero);
  return tipo;
}

/**
 * The status after a legal event, its guard asked with the data sent: 400 when it fails (FATURAR without a
 * destination; FINALIZAR with an item, not cancelled, lacking its invoice: mensagemNotaNaoInformadaOs).
 */
export function statusApos(
  armazenado: EstadoRomaneio,
  tipo: TipoEventoRomaneioOs,
  dados: Pick<RomaneioOsSalvar, 'destino' | 'itens'>,
  statusItens: readonly StatusItemRomaneioOs[],
): StatusRomaneio {
  const semNota = tipo === 'FINALIZAR' ? itemSemNota(dados.itens, statusItens) : null;
  const evento: EventoRomaneioOs =
    tipo === 'FATURAR' ? { type: 'FATURAR', temDestino: dados.destino != null } : tipo === 'FINALIZAR' ? { type: 'FINALIZAR', itensComNota: semNota === null } : { type: tipo };
  const status = proximoStatusRomaneioOs(armazenado, evento);
  if (status !== null) return status;
  throw badRequest(semNota !== null ? mensagemNotaNaoInformadaOs(semNota) : MSG_DESTINO_NAO_INFORMADO);
}
