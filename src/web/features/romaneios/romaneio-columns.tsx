import { podeRomaneioFrete } from '../../../../machines/romaneio-frete';
import type { RomaneioLinha } from '../../../contracts/romaneios';
import { formatarDataHora } from '../../../domain/cte/formatar-cte';
import type { DataTableColumn } from '../../ui/data-table';
import { colunasListaRomaneio, type RegrasListaRomaneio, type RomaneioColumnsArgs } from './romaneio-lista-colunas';

/** Spec §4: cancelling from the list takes saved manifests not already cancelled. */
export const podeCancelarDaLista = (r: Pick<RomaneioLinha, 'status'>) => podeRomaneioFrete(r.status, 'CANCELAR');
/** A row the dialog would let the user change (the machine's SALVAR and the edit right). */
export const editavelDaLista = (r: Pick<RomaneioLinha, 'status'>, podeEditar: boolean) => podeEditar && podeRomaneioFrete(r.status, 'SALVAR');

const REGRAS: RegrasListaRomaneio = { pode: podeRomaneioFrete, emissao: (valor) => formatarDataHora(valor) ?? '' };

/** Spec 03 §2.7 columns of the freight-cost manifests (the shared list columns, with this flavour's machine). */
export function romaneioColumns(a: RomaneioColumnsArgs): DataTableColumn<RomaneioLinha>[] {
  return colunasListaRomaneio(a, REGRAS);
}
