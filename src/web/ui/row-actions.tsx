import { css } from '../../../styled-system/css';
import { Button } from './button';
import type { DataTableColumn } from './data-table';

const acoes = css({ display: 'flex', gap: '1' });

export interface RowActionsArgs<T> {
  nome: (t: T) => string;
  editar?: ((t: T) => void) | null;
  excluir?: ((t: T) => void) | null;
  podeExcluir?: (t: T) => boolean;
  rotuloEditar?: string;
}

/**
 * The actions column: Editar / Excluir buttons out of the Tab order (tabIndex -1); the keyboard reaches
 * them through the grid selection and the commands (Enter/F2, Delete).
 */
export function rowActionsColumn<T>({ nome, editar, excluir, podeExcluir, rotuloEditar = 'Editar' }: RowActionsArgs<T>): DataTableColumn<T> {
  return {
    id: 'acoes', kind: 'control',
    header: 'Ações',
    width: '160px',
    cell: (t) => (
      <span className={acoes}>
        {editar && (
          <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`${rotuloEditar} ${nome(t)}`} onClick={() => editar(t)}>
            {rotuloEditar}
          </Button>
        )}
        {excluir && (podeExcluir?.(t) ?? true) && (
          <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Excluir ${nome(t)}`} onClick={() => excluir(t)}>
            Excluir
          </Button>
        )}
      </span>
    ),
  };
}
