import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { ConfirmDialog } from './confirm-dialog';
import { DataTable, type DataTableColumn } from './data-table';
import { KeyCombo } from './key-combo';
import { useGridJump } from './use-grid-jump';
import type { CadastroList } from './use-cadastro-list';

const estilos = {
  titulo: css({ fontSize: 'xl', fontWeight: 'semibold', mb: '3' }),
  barra: css({ display: 'flex', alignItems: 'flex-end', gap: '3', mb: '3', flexWrap: 'wrap' }),
  busca: css({ display: 'flex', alignItems: 'flex-end', gap: '2', flex: '1', minWidth: '280px', flexWrap: 'wrap', '& > div': { flex: '1', minWidth: '140px' } }),
  andamento: css({ fontSize: 'sm', color: 'gray.700', mb: '2', '&:empty': { display: 'none' } }),
  alternar: css({ display: 'flex', alignItems: 'center', gap: '2', fontSize: 'sm', py: '1.5', cursor: 'pointer', '& input': { width: '4', height: '4', accentColor: 'blue.700' } }),
};

export interface CadastroListScreenProps<T, F extends Record<string, string>> {
  titulo: string;
  rotuloBusca: string;
  /** The search button's label (default "Pesquisar"; spec 02 names it "Procurar" on the freight tables). */
  rotuloPesquisar?: string;
  estado: CadastroList<T, F>;
  /** The filter fields, inside the search form (Enter submits). */
  filtros: ReactNode;
  columns: DataTableColumn<T>[];
  getRowId: (t: T) => string | number;
  /** Enter / double-click on a row; absent: the profile may not open the records, and Enter says `semAbrir`. */
  onActivate?: (t: T) => void;
  /** Why Enter opens nothing when there is no onActivate (mensagemSemAbrir), said under the grid. */
  semAbrir?: string;
  isRowMuted?: (t: T) => boolean;
  comDesativados?: boolean;
  /** "Novo …" button label, shown only when creating is allowed. */
  novo?: { rotulo: string; run: () => void } | null;
  botoes?: ReactNode;
  /** The removal question; absent for registers without removal. */
  mensagemExclusao?: (t: T) => string;
  children?: ReactNode;
}

/** The layout every register list shares (spec 01 §2): search form, toggle, New, grid, removal confirmation. */
export function CadastroListScreen<T, F extends Record<string, string>>(props: CadastroListScreenProps<T, F>) {
  const { estado: t, titulo } = props;
  const idTitulo = useId();
  const filtros = useRef<HTMLFormElement>(null);
  const grade = useRef<HTMLDivElement>(null);
  useGridJump(filtros, grade);
  return (
    <section aria-labelledby={idTitulo}>
      <h1 id={idTitulo} className={estilos.titulo}>
        {titulo}
      </h1>
      <div className={estilos.barra}>
        <form
          ref={filtros}
          role="search"
          aria-label={props.rotuloBusca}
          className={estilos.busca}
          onSubmit={(e: FormEvent) => {
            e.preventDefault();
            t.pesquisar();
          }}
        >
          {props.filtros}
          <Button type="submit">{props.rotuloPesquisar ?? 'Pesquisar'}</Button>
        </form>
        {props.comDesativados && (
          <label className={estilos.alternar}>
            <input type="checkbox" checked={t.desativados} onChange={t.alternarDesativados} aria-keyshortcuts="Control+H" />
            Mostrar desativados <KeyCombo keys={['Ctrl+H']} />
          </label>
        )}
        {props.botoes}
        {props.novo && (
          <Button variant="primary" onClick={props.novo.run} aria-keyshortcuts="Alt+N">
            {props.novo.rotulo} <KeyCombo keys={['Ctrl+N', 'Alt+N']} />
          </Button>
        )}
      </div>
      {t.exportacao.ativo && (
        <p role="status" aria-label="Exportação" className={estilos.andamento}>
          {t.exportacao.texto}
        </p>
      )}
      <DataTable
        label={titulo}
        gridRef={grade}
        columns={props.columns}
        rows={t.linhas}
        getRowId={props.getRowId}
        selectedIndex={t.selecionado}
        onSelectedIndexChange={t.setSelecionado}
        onActivate={props.onActivate}
        semAbrir={props.onActivate ? undefined : props.semAbrir}
        sort={t.ordem}
        onSortChange={t.setOrdem}
        loading={t.lista.isPending}
        isRowMuted={props.isRowMuted}
        pagination={t.paginacao}
      />
      {props.children}
      {props.mensagemExclusao && (
        <ConfirmDialog open={t.exclusao !== null} message={t.exclusao ? props.mensagemExclusao(t.exclusao) : ''} onConfirm={t.confirmarExclusao} onCancel={t.cancelarExclusao} />
      )}
    </section>
  );
}
