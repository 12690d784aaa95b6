import { useId, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cx, sva } from '../../../styled-system/css';
import { colunasQueCabem, KINDS_INTEIROS, trilha, useMedidasDaGrade, type ColumnaDimensionavel } from './data-table-layout';
import { DataTablePager, type DataTablePagerProps } from './data-table-pager';
import { useAvailableHeight } from './use-available-height';

const tableRecipe = sva({
  slots: ['grid', 'header', 'headerCell', 'sortButton', 'body', 'row', 'cell', 'empty', 'fora', 'motivo'],
  base: {
    grid: {
      borderWidth: '1px',
      borderColor: 'gray.200',
      borderRadius: 'md',
      bg: 'white',
      outline: 'none',
      _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
    },
    header: { display: 'grid', bg: 'gray.50', borderBottomWidth: '1px', borderColor: 'gray.200', fontSize: 'xs', fontWeight: 'semibold', color: 'gray.700', textTransform: 'uppercase' },
    headerCell: { px: '3', py: '2', display: 'flex', alignItems: 'center' },
    sortButton: { cursor: 'pointer', textTransform: 'uppercase', fontWeight: 'semibold', _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' } },
    body: { overflowY: 'auto', position: 'relative' },
    row: {
      display: 'grid',
      alignItems: 'center',
      position: 'absolute',
      left: '0',
      right: '0',
      fontSize: 'sm',
      borderBottomWidth: '1px',
      borderColor: 'gray.100',
      cursor: 'default',
      '&[aria-selected=true]': { bg: 'blue.50', boxShadow: 'inset 3px 0 0 token(colors.blue.700)' },
      '&[data-muted=true]': { color: 'gray.500' },
    },
    cell: {
      px: '3',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      '&[data-kind=money], &[data-kind=quantity]': { textAlign: 'right' },
      '& > [data-medida]': { display: 'inline-block', verticalAlign: 'middle' },
    },
    empty: { px: '3', py: '6', textAlign: 'center', color: 'gray.600', fontSize: 'sm' },
    fora: { fontSize: 'xs', color: 'gray.600', pt: '1' },
    motivo: { fontSize: 'sm', color: 'amber.900', pt: '1', '&:empty': { pt: '0' } },
  },
});

/** A column: its kind decides its width (data-table-layout.ts); `width` is a minimum, or a name's share ("2fr"). */
export interface DataTableColumn<T> extends ColumnaDimensionavel {
  /** Shown in the header cell instead of the text (a "select all" checkbox); `header` still names the column. */
  headerContent?: ReactNode;
  cell: (row: T) => ReactNode;
}

export interface DataTableSort {
  field: string;
  direction: 'asc' | 'desc';
}

export interface DataTableProps<T> {
  label: string;
  columns: DataTableColumn<T>[];
  rows: T[];
  getRowId: (row: T) => string | number;
  selectedIndex: number;
  onSelectedIndexChange: (index: number) => void;
  onActivate?: (row: T, index: number) => void;
  /**
   * Why a row does not open, said on Enter or double-click in the grid's status line instead of nothing:
   * a text for every row (a grid without onActivate: the profile may not open its records), or per row
   * (null: that row opens with onActivate).
   */
  semAbrir?: string | ((row: T) => string | null);
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
  pagination?: DataTablePagerProps;
  loading?: boolean;
  isRowMuted?: (row: T) => boolean;
  /** A class for the whole row (the Fretes screen colours additional charges not grouped). */
  rowClassName?: (row: T) => string | undefined;
  /** Space on the focused grid: toggles the row's checkbox (lists with a selection column). */
  onToggle?: (row: T, index: number) => void;
  /** Fixed body height in px (a dialog's grid of N rows); absent: the height left in the window. */
  height?: number;
  rowHeight?: number;
  gridRef?: Ref<HTMLDivElement>;
}

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;

/**
 * Server-paginated grid: only visible rows are in the DOM (@tanstack/react-virtual). The grid holds the
 * focus and points at the selected row (aria-activedescendant): arrows, Home/End, PageUp/PageDown, Enter.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { label, columns, rows, getRowId, selectedIndex, onSelectedIndexChange, onActivate, sort, onSortChange } = props;
  const { rowHeight = 36 } = props;
  const id = useId();
  const corpo = useRef<HTMLDivElement>(null);
  const grade = useRef<HTMLDivElement>(null);
  useImperativeHandle(props.gridRef, () => grade.current!, []);
  const disponivel = useAvailableHeight(corpo, props.height === undefined);
  const height = props.height ?? disponivel;
  const s = tableRecipe();
  // No flushSync: React 19 warns when it runs inside a render; a frame of lag while scrolling is fine.
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => corpo.current,
    estimateSize: () => rowHeight,
    overscan: 6,
    useFlushSync: false,
  });
  const { medidas, largura, completo } = useMedidasDaGrade(grade);
  const [focada, setFocada] = useState(false);
  // The reason a row does not open; n renews the node, so the same reason said twice is read out twice.
  const [motivo, setMotivoBruto] = useState({ texto: '', n: 0 });
  const setMotivo = (texto: string) => setMotivoBruto((m) => ({ texto, n: m.n + 1 }));
  const visiveis = colunasQueCabem(columns, medidas, largura);
  const ocultas = columns.filter((c) => !visiveis.includes(c));
  const colunas = { gridTemplateColumns: visiveis.map((c) => trilha(c, medidas[c.id])).join(' ') };
  const selecionado = rows.length > 0 ? Math.min(Math.max(selectedIndex, 0), rows.length - 1) : -1;

  const mover = (indice: number) => {
    if (rows.length === 0) return;
    const i = Math.min(Math.max(indice, 0), rows.length - 1);
    setMotivo('');
    onSelectedIndexChange(i);
    virtualizer.scrollToIndex(i, { align: 'auto' });
  };

  // Enter and double-click: open the row, or say why it does not open (never silently nothing).
  const ativar = (indice: number) => {
    const row = rows[indice];
    const porque = typeof props.semAbrir === 'function' ? props.semAbrir(row) : onActivate ? null : props.semAbrir;
    if (porque) setMotivo(porque);
    else onActivate?.(row, indice);
  };

  const aoTeclar = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || e.altKey || e.ctrlKey || e.metaKey) return;
    const porPagina = Math.max(1, Math.floor(height / rowHeight) - 1);
    const acoes: Record<string, () => void> = {
      ArrowDown: () => mover(selecionado + 1),
      ArrowUp: () => mover(selecionado - 1),
      Home: () => mover(0),
      End: () => mover(rows.length - 1),
      PageDown: () => mover(selecionado + porPagina),
      PageUp: () => mover(selecionado - porPagina),
      Enter: () => selecionado >= 0 && ativar(selecionado),
    };
    if (props.onToggle) acoes[' '] = () => selecionado >= 0 && props.onToggle?.(rows[selecionado], selecionado);
    const acao = acoes[e.key];
    if (!acao) return;
    e.preventDefault();
    acao();
  };

  const ordenar = (campo: string) =>
    onSortChange?.({ field: campo, direction: sort?.field === campo && sort.direction === 'asc' ? 'desc' : 'asc' });

  return (
    <div>
      <div
        ref={grade}
        role="grid"
        aria-label={label}
        aria-rowcount={rows.length + 1}
        aria-colcount={visiveis.length}
        aria-busy={props.loading || undefined}
        aria-activedescendant={selecionado >= 0 ? `${id}-linha-${selecionado}` : undefined}
        tabIndex={0}
        className={s.grid}
        onKeyDown={aoTeclar}
        onFocus={(e) => e.target === e.currentTarget && setFocada(true)}
        onBlur={() => setFocada(false)}
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={s.header} style={colunas}>
            {visiveis.map((c) => (
              <div
                key={c.id}
                role="columnheader"
                className={s.headerCell}
                aria-sort={c.sortable ? (sort?.field === c.id ? ARIA_SORT[sort.direction] : 'none') : undefined}
              >
                {c.sortable && onSortChange ? (
                  <button type="button" className={s.sortButton} onClick={() => ordenar(c.id)}>
                    {c.header}
                    <span aria-hidden>{sort?.field === c.id ? (sort.direction === 'asc' ? ' ▲' : ' ▼') : ' ↕'}</span>
                  </button>
                ) : (
                  (c.headerContent ?? c.header)
                )}
              </div>
            ))}
          </div>
        </div>
        {/* Out of the Tab order: Chromium makes a scroller a tab stop of its own, and the grid already scrolls it. */}
        <div role="rowgroup" ref={corpo} className={s.body} style={{ height: rows.length === 0 ? undefined : height }} tabIndex={-1}>
          {rows.length === 0 ? (
            <div role="row" aria-rowindex={2}>
              <div role="gridcell" aria-colspan={visiveis.length} className={s.empty}>
                {props.loading ? 'Carregando…' : 'Nenhum registro encontrado'}
              </div>
            </div>
          ) : (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((v) => {
                const row = rows[v.index];
                return (
                  <div
                    key={getRowId(row)}
                    id={`${id}-linha-${v.index}`}
                    role="row"
                    aria-rowindex={v.index + 2}
                    aria-selected={v.index === selecionado}
                    data-muted={props.isRowMuted?.(row) || undefined}
                    className={cx(s.row, props.rowClassName?.(row))}
                    style={{ ...colunas, height: v.size, transform: `translateY(${v.start}px)` }}
                    onClick={() => {
                      if (v.index !== selecionado) setMotivo('');
                      onSelectedIndexChange(v.index);
                    }}
                    onDoubleClick={() => ativar(v.index)}
                  >
                    {visiveis.map((c) => (
                      <Celula key={c.id} coluna={c} row={row} className={s.cell ?? ''} />
                    ))}
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>
      {ocultas.length > 0 && (
        <div className={s.fora} data-fora-da-largura="">
          Fora desta largura: {ocultas.map((c) => c.header).join(', ')}{props.onActivate ? ' (Enter abre o registro)' : ''}.
        </div>
      )}
      {props.semAbrir !== undefined && (
        <div role="status" className={s.motivo} data-sem-abrir="">
          {motivo.texto && <span key={motivo.n}>{motivo.texto}</span>}
        </div>
      )}
      {props.pagination && <DataTablePager {...props.pagination} detalhe={focada ? completo : ''} onEdge={() => grade.current?.focus()} />}
      {!props.pagination && focada && completo && <div className={s.fora}>{completo}</div>}
    </div>
  );
}

/** A cell: content-sized kinds measure their content (data-medida); names and text are cut (data-flex names the column). */
function Celula<T>({ coluna, row, className }: { coluna: DataTableColumn<T>; row: T; className: string }) {
  const inteira = KINDS_INTEIROS.has(coluna.kind);
  return (
    <div role="gridcell" className={className} data-kind={coluna.kind} data-flex={inteira ? undefined : coluna.header}>
      {inteira ? <span data-medida={coluna.id}>{coluna.cell(row)}</span> : coluna.cell(row)}
    </div>
  );
}
