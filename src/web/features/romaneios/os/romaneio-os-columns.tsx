import { podeRomaneioOs } from '../../../../../machines/romaneio-os';
import type { RomaneioLinha } from '../../../../contracts/romaneios';
import { formatDateBr } from '../../../../domain/format-date-br';
import { FUSO_SAO_PAULO } from '../../../../domain/sao-paulo-date';
import type { DataTableColumn } from '../../../ui/data-table';
import { colunasListaRomaneio, type RegrasListaRomaneio, type RomaneioColumnsArgs } from '../romaneio-lista-colunas';

const hora = new Intl.DateTimeFormat('pt-BR', { timeZone: FUSO_SAO_PAULO, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** "10/03/2025 14:05" in São Paulo; a bare date shows without a time. */
export function dataHoraBr(valor: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(valor)) return formatDateBr(valor);
  const d = new Date(valor);
  return Number.isNaN(d.getTime()) ? '' : `${formatDateBr(d)} ${hora.format(d)}`;
}

/** Spec §4: cancelling from the list takes saved manifests not already cancelled. */
export const podeCancelarDaLista = (r: Pick<RomaneioLinha, 'status'>) => podeRomaneioOs(r.status, 'CANCELAR');

const REGRAS: RegrasListaRomaneio = { pode: podeRomaneioOs, emissao: dataHoraBr };

/** Spec 03 §2.7 columns of the O.S. manifests (the shared list columns, with this flavour's machine). */
export function romaneioOsColumns(a: RomaneioColumnsArgs): DataTableColumn<RomaneioLinha>[] {
  return colunasListaRomaneio(a, REGRAS);
}
