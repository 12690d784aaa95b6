import { css } from '../../../../styled-system/css';
import type { FaturaLinha } from '../../../contracts/faturas';
import { REGRAS, ROTULO_SITUACAO_PAGAMENTO } from '../../../contracts/pagamentos';
import { formatBrl } from '../../../domain/format-brl';
import { formatDateBr } from '../../../domain/format-date-br';
import type { DataTableColumn } from '../../ui/data-table';

const estilos = {
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  caixa: css({ width: '4', height: '4', accentColor: 'blue.700' }),
  bloqueada: css({ color: 'red.700', fontWeight: 'semibold' }),
  bloqueios: css({ overflow: 'hidden', textOverflow: 'ellipsis' }),
};

export interface PagamentoColumnsArgs {
  marcados: ReadonlySet<number>;
  todasMarcadas: boolean;
  algumaMarcada: boolean;
  alternar: (f: FaturaLinha) => void;
  alternarTodas: () => void;
}

/** The fatura's blocking rules in short: each rule's label once, in the order the server gave them. */
export function textoBloqueios(f: Pick<FaturaLinha, 'bloqueios'>): string {
  return [...new Set(f.bloqueios.map((b) => REGRAS[b.regra]?.rotulo ?? b.regra))].join('; ');
}

const dinheiro = (valor: string) => <span className={estilos.numero}>{formatBrl(valor)}</span>;

function CaixaTodas({ a }: { a: PagamentoColumnsArgs }) {
  return (
    <input
      type="checkbox"
      tabIndex={-1}
      className={estilos.caixa}
      aria-label="Selecionar todas as faturas da página"
      checked={a.todasMarcadas}
      ref={(el) => {
        if (el) el.indeterminate = a.algumaMarcada && !a.todasMarcadas;
      }}
      onChange={a.alternarTodas}
    />
  );
}

/** Nº, Transportadora, Emissão, Vencimento, Situação, the values and the blocks; the checkbox is out of the Tab order (Espaço). */
export function pagamentoColumns(a: PagamentoColumnsArgs): DataTableColumn<FaturaLinha>[] {
  return [
    {
      id: 'selecao', kind: 'control',
      header: 'Selecionar',
      headerContent: <CaixaTodas a={a} />,
      width: '44px',
      cell: (f) => (
        <input type="checkbox" tabIndex={-1} className={estilos.caixa} aria-label={`Selecionar fatura ${f.numeroDocumento}`} checked={a.marcados.has(f.id)} onChange={() => a.alternar(f)} />
      ),
    },
    { id: 'numeroDocumento', kind: 'code', header: 'Nº', sortable: true, cell: (f) => f.numeroDocumento },
    { id: 'transportadora', kind: 'name', header: 'Transportadora', sortable: true, cell: (f) => <span title={f.transportadora.cnpj}>{f.transportadora.razaoSocial}</span> },
    { id: 'dataEmissao', kind: 'date', header: 'Emissão', sortable: true, cell: (f) => formatDateBr(f.dataEmissao) },
    { id: 'dataVencimento', kind: 'date', header: 'Vencimento', sortable: true, cell: (f) => formatDateBr(f.dataVencimento) },
    {
      id: 'situacaoPagamento', kind: 'code',
      header: 'Situação',
      cell: (f) => <span className={f.situacaoPagamento === 'BLOQUEADA' ? estilos.bloqueada : undefined}>{ROTULO_SITUACAO_PAGAMENTO[f.situacaoPagamento]}</span>,
    },
    { id: 'valorTotal', kind: 'money', header: 'Valor faturado', sortable: true, cell: (f) => dinheiro(f.valorTotal) },
    { id: 'valorAPagar', kind: 'money', header: 'A pagar', cell: (f) => dinheiro(f.valorAPagar) },
    { id: 'valorContestado', kind: 'money', header: 'Contestado', cell: (f) => dinheiro(f.valorContestado) },
    {
      id: 'bloqueios', kind: 'text',
      header: 'Bloqueios',
      cell: (f) => {
        const texto = textoBloqueios(f);
        return <span className={estilos.bloqueios} title={texto}>{texto || '—'}</span>;
      },
    },
  ];
}
