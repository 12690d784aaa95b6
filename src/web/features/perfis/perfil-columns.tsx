import { css } from '../../../../styled-system/css';
import type { PerfilSalvo } from '../../../contracts/perfis';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';

const acoes = css({ display: 'flex', gap: '1' });
const situacao = css({ fontSize: 'xs', fontWeight: 'semibold', '&[data-ativo=false]': { color: 'red.700' } });

export interface PerfilRowActions {
  pode: { criar: boolean; editar: boolean; excluir: boolean };
  editar: (p: PerfilSalvo) => void;
  clonar: (p: PerfilSalvo) => void;
  excluir: (p: PerfilSalvo) => void;
}

/**
 * Row action buttons stay out of the Tab order (tabIndex -1): the keyboard reaches them through the
 * grid's selection and the commands (Enter/F2, Alt+C, Delete), not through 150 tab stops per page.
 */
export function perfilColumns({ pode, editar, clonar, excluir }: PerfilRowActions): DataTableColumn<PerfilSalvo>[] {
  return [
    { id: 'descricao', kind: 'text', header: 'Descrição', sortable: true, cell: (p) => p.descricao },
    { id: 'permissoes', kind: 'quantity', header: 'Permissões', cell: (p) => p.roles.length },
    {
      id: 'situacao', kind: 'code',
      header: 'Situação',
      cell: (p) => (
        <span className={situacao} data-ativo={p.ativado}>
          {p.ativado ? 'Ativo' : 'Desativado'}
        </span>
      ),
    },
    {
      id: 'acoes', kind: 'control',
      header: 'Ações',
      width: '220px',
      cell: (p) => (
        <span className={acoes}>
          {pode.editar && (
            <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Editar ${p.descricao}`} onClick={() => editar(p)}>
              Editar
            </Button>
          )}
          {pode.editar && (
            <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Clonar ${p.descricao}`} onClick={() => clonar(p)}>
              Clonar
            </Button>
          )}
          {pode.excluir && p.ativado && (
            <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`Excluir ${p.descricao}`} onClick={() => excluir(p)}>
              Excluir
            </Button>
          )}
        </span>
      ),
    },
  ];
}
