import { css } from '../../../../../styled-system/css';
import type { NotaFiscalListagem, OrdemServicoListagem } from '../../../../contracts/ordens-servico';
import { formatBrl } from '../../../../domain/format-brl';
import { formatDateBr } from '../../../../domain/format-date-br';
import { formatNumberBr } from '../../../../domain/format-number-br';
import type { DataTableColumn } from '../../../ui/data-table';

const estilos = {
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  caixa: css({ width: '4', height: '4', accentColor: 'blue.700', _disabled: { cursor: 'not-allowed' } }),
};

/** A picker row with its key (the row) and whether it is already in the manifest. */
export type LinhaPicker<T> = T & { chave: string; incluida: boolean };

export interface MarcacaoPicker<T> {
  marcados: ReadonlySet<string>;
  alternar: (l: LinhaPicker<T>) => void;
  nome: (l: LinhaPicker<T>) => string;
}

const num = (v: string | number | null, decimals?: number) => (
  <span className={estilos.numero}>{v === null ? '' : formatNumberBr(v, decimals === undefined ? {} : { decimals })}</span>
);
const dinheiro = (v: string | null) => <span className={estilos.numero}>{v ? formatBrl(v) : ''}</span>;

function colunaSelecao<T>(m: MarcacaoPicker<T>): DataTableColumn<LinhaPicker<T>> {
  return {
    id: 'selecao', kind: 'control',
    header: 'Selecionar',
    headerContent: <span aria-hidden>✓</span>,
    width: '44px',
    cell: (l) => (
      <input
        type="checkbox"
        tabIndex={-1}
        className={estilos.caixa}
        aria-label={l.incluida ? `${m.nome(l)} já está no romaneio` : `Selecionar ${m.nome(l)}`}
        disabled={l.incluida}
        checked={l.incluida || m.marcados.has(l.chave)}
        onChange={() => m.alternar(l)}
      />
    ),
  };
}

/** Spec 03 §3 "Service-order listing row". */
export function colunasOrdensServico(m: MarcacaoPicker<OrdemServicoListagem>): DataTableColumn<LinhaPicker<OrdemServicoListagem>>[] {
  return [
    colunaSelecao(m),
    { id: 'ordemServico', kind: 'code', header: 'O.S.', cell: (l) => l.ordemServico },
    { id: 'pedidoId', kind: 'code', header: 'Pedido', cell: (l) => l.pedidoId },
    { id: 'itemId', kind: 'code', header: 'Item', cell: (l) => l.itemId },
    { id: 'cliente', kind: 'name', header: 'Cliente', cell: (l) => <span title={l.clienteRazaoSocial ?? undefined}>{l.clienteRazaoSocial ?? ''}</span> },
    { id: 'produto', kind: 'name', header: 'Produto', cell: (l) => <span title={l.produtoDescricao}>{l.produtoDescricao}</span> },
    { id: 'quantidade', kind: 'quantity', header: 'Quantidade', cell: (l) => num(l.quantidade) },
    { id: 'dataEntrega', kind: 'date', header: 'Entrega', cell: (l) => formatDateBr(l.dataEntrega) },
    { id: 'frete', kind: 'money', header: 'Frete', cell: (l) => dinheiro(l.frete) },
    { id: 'm2', kind: 'quantity', header: 'm²', cell: (l) => num(l.m2, 3) },
    { id: 'produzida', kind: 'quantity', header: 'Produzida', cell: (l) => num(l.quantidadeProduzida) },
  ];
}

/** Spec 03 §3 "Invoice listing row". */
export function colunasNotasFiscais(m: MarcacaoPicker<NotaFiscalListagem>): DataTableColumn<LinhaPicker<NotaFiscalListagem>>[] {
  return [
    colunaSelecao(m),
    { id: 'notaFiscalId', kind: 'code', header: 'Nota fiscal', cell: (l) => l.notaFiscalId },
    { id: 'pedidoId', kind: 'code', header: 'Pedido', cell: (l) => l.pedidoId ?? '' },
    { id: 'cliente', kind: 'name', header: 'Cliente', cell: (l) => <span title={l.clienteRazaoSocial ?? undefined}>{l.clienteRazaoSocial ?? ''}</span> },
    { id: 'dataEmissao', kind: 'date', header: 'Emissão', cell: (l) => formatDateBr(l.dataEmissao) },
    { id: 'frete', kind: 'money', header: 'Frete', cell: (l) => dinheiro(l.frete) },
    { id: 'volumes', kind: 'quantity', header: 'Volumes', cell: (l) => num(l.volumes) },
    { id: 'unidade', kind: 'code', header: 'Unidade', cell: (l) => l.unidade },
    { id: 'pesoBruto', kind: 'quantity', header: 'Peso bruto (Kg)', cell: (l) => num(l.pesoBruto, 3) },
    { id: 'pesoLiquido', kind: 'quantity', header: 'Peso líquido (Kg)', cell: (l) => num(l.pesoLiquido, 3) },
  ];
}
