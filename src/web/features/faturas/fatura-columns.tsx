import { css } from '../../../../styled-system/css';
import { ROTULO_STATUS_FATURA, type FaturaLinha } from '../../../contracts/faturas';
import { ROTULO_SITUACAO_PAGAMENTO } from '../../../contracts/pagamentos';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import { formatNumberBr } from '../../../domain/format-number-br';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';
import { ConferenciaIndicator } from './conferencia-indicator';

const estilos = {
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  cancelada: css({ color: 'red.700', fontWeight: 'semibold' }),
  bloqueada: css({ color: 'red.700', fontWeight: 'semibold' }),
};

/** The payment situation (its label says it, the colour only repeats it); a blocked one's rules are the tooltip. */
function celulaPagamento(f: FaturaLinha) {
  const bloqueada = f.situacaoPagamento === 'BLOQUEADA';
  const regras = [...new Set(f.bloqueios.map((b) => b.motivo))].join('; ');
  return (
    <span className={bloqueada ? estilos.bloqueada : undefined} title={regras || undefined} data-situacao={f.situacaoPagamento}>
      {ROTULO_SITUACAO_PAGAMENTO[f.situacaoPagamento]}
    </span>
  );
}

/** Spec 03 §2.4 result columns, plus "Conferência" (docs/decisoes.md §15) and the status; the view button is out of the Tab order (Enter/F2). */
export function faturaColumns(ver: (f: FaturaLinha) => void): DataTableColumn<FaturaLinha>[] {
  return [
    { id: 'nomeArquivo', kind: 'text', opcional: true, header: 'Arquivo', cell: (f) => <span title={f.nomeArquivo}>{f.nomeArquivo}</span> },
    { id: 'documento', kind: 'code', opcional: true, header: 'Documento', cell: (f) => f.documento },
    { id: 'numeroDocumento', kind: 'code', header: 'Nº documento', sortable: true, cell: (f) => f.numeroDocumento },
    { id: 'transportadora', kind: 'name', header: 'Transportadora', sortable: true, cell: (f) => <span title={f.transportadora.cnpj}>{f.transportadora.razaoSocial}</span> },
    { id: 'dataEmissao', kind: 'date', header: 'Emissão', sortable: true, cell: (f) => formatDateBr(f.dataEmissao) },
    { id: 'dataVencimento', kind: 'date', header: 'Vencimento', sortable: true, cell: (f) => formatDateBr(f.dataVencimento) },
    { id: 'quantidade', kind: 'quantity', header: 'Qtde CT-es', cell: (f) => <span className={estilos.numero}>{formatNumberBr(f.quantidade)}</span> },
    { id: 'valorTotal', kind: 'money', header: 'Valor total', sortable: true, cell: (f) => <span className={estilos.numero}>{formatBrl(f.valorTotal)}</span> },
    { id: 'conferencia', kind: 'control', header: 'Conferência', width: '150px', cell: (f) => <ConferenciaIndicator conferencia={f.conferencia} /> },
    {
      // Cancelada also shows as the payment situation: at 1366 px this column is the first to go.
      id: 'status', kind: 'code', opcional: true,
      header: 'Status',
      cell: (f) => <span className={f.status === 'CANCELADO' ? estilos.cancelada : undefined}>{ROTULO_STATUS_FATURA[f.status]}</span>,
    },
    { id: 'situacaoPagamento', kind: 'code', header: 'Pagamento', cell: celulaPagamento },
    {
      id: 'acoes', kind: 'control',
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
