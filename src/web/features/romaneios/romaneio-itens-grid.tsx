import { useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { css } from '../../../../styled-system/css';
import { formatBrl } from '../../../domain/format-brl';
import { formatNumberBr } from '../../../domain/format-number-br';
import type { RateioItem } from '../../../domain/romaneios/ratear-frete';
import { Button } from '../../ui/button';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../ui/data-table';
import { chaveLocal } from '../../ui/local-list';
import type { ItemEmEdicao } from './romaneio-frete-form';
import { usePaginaItens } from './use-pagina-itens';

const ALTURA_LINHA = 36;
const estilos = {
  numero: css({ textAlign: 'right', fontVariantNumeric: 'tabular-nums', display: 'block' }),
  acoes: css({ display: 'flex', gap: '1' }),
};

export interface RomaneioItensGridHandle {
  elemento: () => HTMLElement | null;
  /** Whether its tab is the one shown. */
  visivel: () => boolean;
  /** The last item's page, the last item selected: where a new item lands. */
  ultimo: (total: number) => void;
}

export interface RomaneioItensGridProps {
  itens: ItemEmEdicao[];
  rateio: RateioItem[] | null;
  editavel: boolean;
  abrir: (item: ItemEmEdicao) => void;
  remover: (item: ItemEmEdicao) => void;
  controle?: Ref<RomaneioItensGridHandle>;
}

export const nomeItem = (i: ItemEmEdicao) => `nota fiscal ${i.notaFiscalId}`;
export const mensagemRemoverItem = (i: ItemEmEdicao) => `Deseja remover o item da ${nomeItem(i)}?`;
const numero = (texto: string) => <span className={estilos.numero}>{texto}</span>;

/**
 * The manifest's items (spec 03 §2.8: 10 a page, options 10, 20, 30), paged in the browser. With the grid
 * focused: Enter or F2 opens the item, Delete asks to remove it (keys of the focused grid, not the dialog's).
 */
export function RomaneioItensGrid({ itens, rateio, editavel, abrir, remover, controle }: RomaneioItensGridProps) {
  const p = usePaginaItens(itens);
  const [remocao, setRemocao] = useState<ItemEmEdicao | null>(null);
  const grade = useRef<HTMLDivElement>(null);
  const indice = new Map(itens.map((i, n) => [chaveLocal(i), n]));

  useImperativeHandle(controle, () => ({
    elemento: () => grade.current,
    visivel: () => grade.current !== null && !grade.current.closest('[hidden]'),
    ultimo: p.ultimo,
  }));

  const aoTeclar = (e: KeyboardEvent<HTMLDivElement>) => {
    const atual = p.atual;
    if (e.target !== grade.current || !atual || e.altKey || e.ctrlKey || e.metaKey) return;
    if (e.key === 'F2') abrir(atual);
    else if (e.key === 'Delete' && editavel) setRemocao(atual);
    else return;
    e.preventDefault();
  };
  return (
    <div onKeyDown={aoTeclar}>
      <DataTable
        label="Itens do romaneio"
        columns={colunasDosItens({ indice, rateio, editavel, abrir, remover: setRemocao })}
        rows={p.linhas}
        getRowId={chaveLocal}
        selectedIndex={p.selecionado}
        onSelectedIndexChange={p.setSelecionado}
        onActivate={abrir}
        height={Math.min(p.tamanho, 10) * ALTURA_LINHA}
        rowHeight={ALTURA_LINHA}
        gridRef={grade}
        pagination={p.paginacao}
      />
      <ConfirmarRemocao item={remocao} fechar={() => setRemocao(null)} remover={remover} />
    </div>
  );
}

/** "Deseja remover o item da nota fiscal …?": Sim removes it. */
function ConfirmarRemocao({ item, fechar, remover }: { item: ItemEmEdicao | null; fechar: () => void; remover: (item: ItemEmEdicao) => void }) {
  return (
    <ConfirmDialog
      open={item !== null}
      message={item ? mensagemRemoverItem(item) : ''}
      onConfirm={() => {
        fechar();
        if (item) remover(item);
      }}
      onCancel={fechar}
    />
  );
}

interface ColunasArgs {
  /** Each item's position in the whole list (the grid shows one page). */
  indice: Map<string, number>;
  rateio: RateioItem[] | null;
  editavel: boolean;
  abrir: (item: ItemEmEdicao) => void;
  /** Asks first. */
  remover: (item: ItemEmEdicao) => void;
}

/** The items' columns; the row's buttons are out of the Tab order (the grid's keys reach them). */
function colunasDosItens({ indice, rateio, editavel, abrir, remover }: ColunasArgs): DataTableColumn<ItemEmEdicao>[] {
  const posicao = (i: ItemEmEdicao) => indice.get(chaveLocal(i)) ?? -1;
  return [
    { id: 'item', kind: 'code', header: 'Item', cell: (i) => posicao(i) + 1 },
    { id: 'notaFiscal', kind: 'code', header: 'Nota fiscal', cell: (i) => i.notaFiscalId },
    { id: 'pedido', kind: 'code', header: 'Pedido', cell: (i) => i.pedidoId ?? 'Sem pedido' },
    { id: 'cliente', kind: 'name', header: 'Cliente', cell: (i) => <span title={i.clienteNome ?? i.cliente ?? undefined}>{i.clienteNome ?? i.cliente ?? ''}</span> },
    { id: 'volumes', kind: 'quantity', header: 'Volumes', cell: (i) => numero(formatNumberBr(i.volumes)) },
    { id: 'peso', kind: 'quantity', header: 'Peso (Kg)', cell: (i) => numero(formatNumberBr(i.peso, { decimals: 3 })) },
    { id: 'valor', kind: 'money', header: 'Valor da NF', cell: (i) => numero(formatBrl(i.valorNotaFiscal)) },
    { id: 'frete', kind: 'money', header: 'Frete rateado', cell: (i) => numero(formatBrl(rateio?.[posicao(i)]?.item)) },
    {
      id: 'acoes', kind: 'control',
      header: 'Ações',
      width: '150px',
      cell: (i) => (
        <span className={estilos.acoes}>
          <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`${editavel ? 'Editar' : 'Visualizar'} ${nomeItem(i)}`} onClick={() => abrir(i)}>
            {editavel ? 'Editar' : 'Ver'}
          </Button>
          {editavel && (
            <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Remover ${nomeItem(i)}`} onClick={() => remover(i)}>
              Remover
            </Button>
          )}
        </span>
      ),
    },
  ];
}
