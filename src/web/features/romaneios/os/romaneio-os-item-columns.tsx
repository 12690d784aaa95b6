import { css } from '../../../../../styled-system/css';
import { formatBrl } from '../../../../domain/format-brl';
import { formatDateBr } from '../../../../domain/format-date-br';
import { formatNumberBr } from '../../../../domain/format-number-br';
import { Button } from '../../../ui/button';
import type { DataTableColumn } from '../../../ui/data-table';
import type { ItemEmEdicao } from './romaneio-os-form';
import { nomeCliente } from './romaneio-os-itens';

const estilos = {
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  acoes: css({ display: 'flex', gap: '1' }),
};

export const ROTULO_STATUS_ITEM = { EXPEDIDO: 'Expedido', FATURADO: 'Faturado', CANCELADO: 'Cancelado' } as const;

export const nomeItem = (i: ItemEmEdicao) => `item ${i.item}`;

export interface ItemColumnsArgs {
  editar: (i: ItemEmEdicao) => void;
  /** Cancels a saved item, removes one added since the dialog opened; null: read-only. */
  cancelar: ((i: ItemEmEdicao) => void) | null;
  /** Items added since the dialog opened (removed, not cancelled). */
  novo: (i: ItemEmEdicao) => boolean;
  editavel: boolean;
}

const num = (v: string | number | null, decimals?: number) => <span className={estilos.numero}>{v === null ? '' : formatNumberBr(v, decimals === undefined ? {} : { decimals })}</span>;

/** The items grid (spec 03 §3 item fields); the row's buttons are out of the Tab order (Enter/F2 and Delete reach them). */
export function itemColumns(a: ItemColumnsArgs): DataTableColumn<ItemEmEdicao>[] {
  return [
    { id: 'item', kind: 'code', header: 'Item', cell: (i) => i.item },
    { id: 'status', kind: 'code', header: 'Status', cell: (i) => ROTULO_STATUS_ITEM[i.status] },
    { id: 'os', kind: 'code', header: 'O.S.', cell: (i) => i.ordensServico.join(', ') },
    { id: 'pedido', kind: 'code', header: 'Pedido', cell: (i) => i.pedidoId ?? '' },
    { id: 'cliente', kind: 'name', header: 'Cliente', cell: (i) => <span title={nomeCliente(i)}>{nomeCliente(i)}</span> },
    { id: 'entrega', kind: 'date', header: 'Entrega', cell: (i) => formatDateBr(i.dataEntrega) },
    { id: 'notaFiscal', kind: 'code', header: 'Nota fiscal', cell: (i) => i.notaFiscalId ?? '' },
    { id: 'pesoBruto', kind: 'quantity', header: 'Peso bruto (Kg)', cell: (i) => num(i.pesoBruto, 3) },
    { id: 'volumes', kind: 'quantity', header: 'Volumes', cell: (i) => num(i.volumes) },
    { id: 'frete', kind: 'money', header: 'Frete', cell: (i) => <span className={estilos.numero}>{i.frete ? formatBrl(i.frete) : ''}</span> },
    {
      id: 'acoes', kind: 'control',
      header: 'Ações',
      width: '150px',
      cell: (i) => {
        const editavel = a.editavel && i.status !== 'CANCELADO';
        return (
          <span className={estilos.acoes}>
            <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`${editavel ? 'Editar' : 'Visualizar'} ${nomeItem(i)}`} onClick={() => a.editar(i)}>
              {editavel ? 'Editar' : 'Ver'}
            </Button>
            {a.cancelar && i.status !== 'CANCELADO' && (
              <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`${a.novo(i) ? 'Remover' : 'Cancelar'} ${nomeItem(i)}`} onClick={() => a.cancelar?.(i)}>
                {a.novo(i) ? 'Remover' : 'Cancelar'}
              </Button>
            )}
          </span>
        );
      },
    },
  ];
}
