import { useImperativeHandle, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type DataTableColumn, type DataTableSort } from './data-table';

const acoes = css({ display: 'flex', gap: '1' });
const ALTURA_LINHA = 36;

export interface LocalGridHandle {
  focus: () => void;
  /** First page, first row: where a new item lands (spec 02 §4, new items on top). */
  inicio: () => void;
}

export interface LocalGridProps<T> {
  label: string;
  /** Every row (already filtered): paged here, in the browser. */
  rows: readonly T[];
  columns: DataTableColumn<T>[];
  getRowId: (row: T) => string | number;
  pageSize: number;
  /** The row's name in the action buttons' labels ("Editar Frete peso"). */
  nome: (row: T) => string;
  onEdit?: (row: T) => void;
  onClone?: (row: T) => void;
  onRemove?: (row: T) => void;
  /** The removal question (removals ask for confirmation, spec 02 §2). */
  mensagemRemocao?: (row: T) => string;
  controle?: Ref<LocalGridHandle>;
  /** Sortable columns: the caller sorts `rows` by `sort`; a new order goes back to the first page. */
  sort?: DataTableSort;
  onSortChange?: (sort: DataTableSort) => void;
}

const altC = (e: KeyboardEvent) => e.altKey && !e.ctrlKey && !e.metaKey && (e.key.toLowerCase() === 'c' || e.code === 'KeyC');

/**
 * A client-side paged grid over a list being edited in a dialog (the freight table's local copy). With
 * the grid focused: Enter or F2 edits the selected row, Alt+C clones it, Delete asks to remove it. These
 * keys belong to the focused grid, not to the dialog's layer, because one dialog holds several grids.
 */
export function LocalGrid<T>(props: LocalGridProps<T>) {
  const { rows, pageSize, onEdit, onClone, onRemove, nome } = props;
  const [pagina, setPagina] = useState(0);
  const [selecionado, setSelecionado] = useState(0);
  const [remocao, setRemocao] = useState<T | null>(null);
  const grade = useRef<HTMLDivElement>(null);
  const paginas = Math.max(1, Math.ceil(rows.length / pageSize));
  const atualPagina = Math.min(pagina, paginas - 1);
  const linhas = rows.slice(atualPagina * pageSize, (atualPagina + 1) * pageSize);
  const atual = linhas.length > 0 ? linhas[Math.min(selecionado, linhas.length - 1)] : null;

  useImperativeHandle(props.controle, () => ({
    focus: () => grade.current?.focus(),
    inicio: () => {
      setPagina(0);
      setSelecionado(0);
    },
  }));

  const aoTeclar = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== grade.current || !atual) return;
    const acao =
      e.key === 'F2' && !e.altKey && !e.ctrlKey ? onEdit : e.key === 'Delete' && !e.altKey && !e.ctrlKey ? onRemove && (() => setRemocao(atual)) : altC(e) ? onClone : undefined;
    if (!acao) return;
    e.preventDefault();
    acao(atual);
  };

  const colunaAcoes: DataTableColumn<T> = {
    id: 'acoes', kind: 'control',
    header: 'Ações',
    width: '200px',
    cell: (t) => (
      <span className={acoes}>
        {onEdit && (
          <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Editar ${nome(t)}`} onClick={() => onEdit(t)}>
            Editar
          </Button>
        )}
        {onClone && (
          <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Clonar ${nome(t)}`} onClick={() => onClone(t)}>
            Clonar
          </Button>
        )}
        {onRemove && (
          <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Remover ${nome(t)}`} onClick={() => setRemocao(t)}>
            Remover
          </Button>
        )}
      </span>
    ),
  };
  const comAcoes = onEdit || onClone || onRemove;

  return (
    <div onKeyDown={aoTeclar}>
      <DataTable
        label={props.label}
        columns={comAcoes ? [...props.columns, colunaAcoes] : props.columns}
        rows={linhas}
        getRowId={props.getRowId}
        selectedIndex={selecionado}
        onSelectedIndexChange={setSelecionado}
        onActivate={onEdit}
        height={pageSize * ALTURA_LINHA}
        rowHeight={ALTURA_LINHA}
        gridRef={grade}
        sort={props.sort}
        onSortChange={
          props.onSortChange &&
          ((ordem) => {
            setPagina(0);
            setSelecionado(0);
            props.onSortChange?.(ordem);
          })
        }
        pagination={{
          page: atualPagina,
          pageCount: paginas,
          totalElements: rows.length,
          onPageChange: (p) => {
            setPagina(p);
            setSelecionado(0);
          },
        }}
      />
      {onRemove && (
        <ConfirmDialog
          open={remocao !== null}
          message={remocao ? (props.mensagemRemocao?.(remocao) ?? `Deseja remover "${nome(remocao)}"?`) : ''}
          onConfirm={() => {
            const item = remocao;
            setRemocao(null);
            if (item) onRemove(item);
          }}
          onCancel={() => setRemocao(null)}
        />
      )}
    </div>
  );
}
