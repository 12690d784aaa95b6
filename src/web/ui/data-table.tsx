import { useId, useImperativeHandle, useRef, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { cx, sva } from '../../../styled-system/css';
import { DataTablePager, type DataTablePagerProps } from './data-table-pager';
import { useAvailableHeight } from './use-available-height';

const tableRecipe = sva({
  slots: ['grid', 'header', 'headerCell', 'sortButton', 'body', 'row', 'cell', 'empty'],
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
    cell: { px: '3', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
    empty: { px: '3', py: '6', textAlign: 'center', color: 'gray.600', fontSize: 'sm' },
  },
});

export interface DataTableColumn<T> {
  id: string;
  header: string;
  /** Shown in the header cell instead of the text (a "select all" checkbox); `header` still names the column. */
  headerContent?: ReactNode;
  cell: (row: T) => ReactNode;
  /** CSS grid track, e.g. "1fr" or "120px". */
  width?: string;
  sortable?: boolean;
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
  const colunas = { gridTemplateColumns: columns.map((c) => c.width ?? '1fr').join(' ') };
  const selecionado = rows.length > 0 ? Math.min(Math.max(selectedIndex, 0), rows.length - 1) : -1;

  const mover = (indice: number) => {
    if (rows.length === 0) return;
    const i = Math.min(Math.max(indice, 0), rows.length - 1);
    onSelectedIndexChange(i);
    virtualizer.scrollToIndex(i, { align: 'auto' });
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
      Enter: () => selecionado >= 0 && onActivate?.(rows[selecionado], selecionado),
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
        aria-colcount={columns.length}
        aria-busy={props.loading || undefined}
        aria-activedescendant={selecionado >= 0 ? `${id}-linha-${selecionado}` : undefined}
        tabIndex={0}
        className={s.grid}
        onKeyDown={aoTeclar}
      >
        <div role="rowgroup">
          <div role="row" aria-rowindex={1} className={s.header} style={colunas}>
            {columns.map((c) => (
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
              <div role="gridcell" aria-colspan={columns.length} className={s.empty}>
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
                    onClick={() => onSelectedIndexChange(v.index)}
                    onDoubleClick={() => onActivate?.(row, v.index)}
                  >
                    {columns.map((c) => (
                      <div key={c.id} role="gridcell" className={s.cell}>
                        {c.cell(row)}
                      </div>
                    ))}
                  </div>
                );
              })}
            </div>
          )}
        </div>
      </div>
      {props.pagination && <DataTablePager {...props.pagination} onEdge={() => grade.current?.focus()} />}
    </div>
  );
}
