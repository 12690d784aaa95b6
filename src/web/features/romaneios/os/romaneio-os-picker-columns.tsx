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
    id: 'selecao',
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
    { id: 'ordemServico', header: 'O.S.', width: '80px', cell: (l) => l.ordemServico },
    { id: 'pedidoId', header: 'Pedido', width: '80px', cell: (l) => l.pedidoId },
    { id: 'itemId', header: 'Item', width: '70px', cell: (l) => l.itemId },
    { id: 'cliente', header: 'Cliente', cell: (l) => <span title={l.clienteRazaoSocial ?? undefined}>{l.clienteRazaoSocial ?? ''}</span> },
    { id: 'produto', header: 'Produto', cell: (l) => <span title={l.produtoDescricao}>{l.produtoDescricao}</span> },
    { id: 'quantidade', header: 'Quantidade', width: '96px', cell: (l) => num(l.quantidade) },
    { id: 'dataEntrega', header: 'Entrega', width: '96px', cell: (l) => formatDateBr(l.dataEntrega) },
    { id: 'frete', header: 'Frete', width: '96px', cell: (l) => dinheiro(l.frete) },
    { id: 'm2', header: 'm²', width: '80px', cell: (l) => num(l.m2) },
    { id: 'produzida', header: 'Produzida', width: '90px', cell: (l) => num(l.quantidadeProduzida) },
  ];
}

/** Spec 03 §3 "Invoice listing row". */
export function colunasNotasFiscais(m: MarcacaoPicker<NotaFiscalListagem>): DataTableColumn<LinhaPicker<NotaFiscalListagem>>[] {
  return [
    colunaSelecao(m),
    { id: 'notaFiscalId', header: 'Nota fiscal', width: '100px', cell: (l) => l.notaFiscalId },
    { id: 'pedidoId', header: 'Pedido', width: '80px', cell: (l) => l.pedidoId ?? '' },
    { id: 'cliente', header: 'Cliente', cell: (l) => <span title={l.clienteRazaoSocial ?? undefined}>{l.clienteRazaoSocial ?? ''}</span> },
    { id: 'dataEmissao', header: 'Emissão', width: '96px', cell: (l) => formatDateBr(l.dataEmissao) },
    { id: 'frete', header: 'Frete', width: '96px', cell: (l) => dinheiro(l.frete) },
    { id: 'volumes', header: 'Volumes', width: '80px', cell: (l) => num(l.volumes) },
    { id: 'unidade', header: 'Unidade', width: '110px', cell: (l) => l.unidade },
    { id: 'pesoBruto', header: 'Peso bruto (Kg)', width: '120px', cell: (l) => num(l.pesoBruto, 3) },
    { id: 'pesoLiquido', header: 'Peso líquido (Kg)', width: '120px', cell: (l) => num(l.pesoLiquido, 3) },
  ];
}
