import { css } from '../../../../styled-system/css';
import { ROTULO_STATUS_FATURA, type FaturaLinha } from '../../../contracts/faturas';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';
import { ConferenciaIndicator } from './conferencia-indicator';

const estilos = {
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  cancelada: css({ color: 'red.700', fontWeight: 'semibold' }),
};

/** Spec 03 §2.4 result columns, plus "Conferência" (docs/decisoes.md §15) and the status; the view button is out of the Tab order (Enter/F2). */
export function faturaColumns(ver: (f: FaturaLinha) => void): DataTableColumn<FaturaLinha>[] {
  return [
    { id: 'nomeArquivo', header: 'Arquivo', cell: (f) => <span title={f.nomeArquivo}>{f.nomeArquivo}</span> },
    { id: 'documento', header: 'Documento', width: '120px', cell: (f) => f.documento },
    { id: 'numeroDocumento', header: 'Nº documento', width: '120px', sortable: true, cell: (f) => f.numeroDocumento },
    { id: 'transportadora', header: 'Transportadora', sortable: true, cell: (f) => <span title={f.transportadora.cnpj}>{f.transportadora.razaoSocial}</span> },
    { id: 'dataEmissao', header: 'Emissão', width: '110px', sortable: true, cell: (f) => formatDateBr(f.dataEmissao) },
    { id: 'dataVencimento', header: 'Vencimento', width: '110px', sortable: true, cell: (f) => formatDateBr(f.dataVencimento) },
    { id: 'quantidade', header: 'Qtde CT-es', width: '100px', cell: (f) => <span className={estilos.numero}>{formatNumberBr(f.quantidade)}</span> },
    { id: 'valorTotal', header: 'Valor total', width: '130px', sortable: true, cell: (f) => <span className={estilos.numero}>{formatBrl(f.valorTotal)}</span> },
    { id: 'conferencia', header: 'Conferência', width: '150px', cell: (f) => <ConferenciaIndicator conferencia={f.conferencia} /> },
    {
      id: 'status',
      header: 'Status',
      width: '100px',
      cell: (f) => <span className={f.status === 'CANCELADO' ? estilos.cancelada : undefined}>{ROTULO_STATUS_FATURA[f.status]}</span>,
    },
    {
      id: 'acoes',
      header: 'Ações',
      width: '80px',
      cell: (f) => (
        <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Visualizar fatura ${f.numeroDocumento}`} title="Visualizar Fatura" onClick={() => ver(f)}>
          Ver
        </Button>
      ),
    },
  ];
}
