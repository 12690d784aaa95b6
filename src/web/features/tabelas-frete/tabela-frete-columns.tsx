import { css } from '../../../../styled-system/css';
import type { TabelaFreteLinha } from '../../../contracts/tabela-frete-modelo';
import { formatDateBr } from '../../../domain/format-date-br';
import { Button } from '../../ui/button';
import type { DataTableColumn } from '../../ui/data-table';

const acoes = css({ display: 'flex', gap: '1' });

/** "Expresso Andrade Ltda, 01/01/2025": how a row is named in its buttons' labels. */
export const nomeTabela = (t: TabelaFreteLinha) => `${t.transportadora.razaoSocial}, ${formatDateBr(t.inicio)}`;

export interface TabelaFreteRowActions {
  editar: ((t: TabelaFreteLinha) => void) | null;
  clonar: ((t: TabelaFreteLinha) => void) | null;
  excluir: ((t: TabelaFreteLinha) => void) | null;
}

/** Spec 02 §2 list columns: carrier, start, end (DD/MM/YYYY) and the actions edit, clone, delete. */
export function tabelaFreteColumns({ editar, clonar, excluir }: TabelaFreteRowActions): DataTableColumn<TabelaFreteLinha>[] {
  const botao = (rotulo: string, acao: ((t: TabelaFreteLinha) => void) | null, t: TabelaFreteLinha) =>
    acao && (
      <Button size="sm" variant="ghost" tabIndex={-1} aria-label={`${rotulo} ${nomeTabela(t)}`} onClick={() => acao(t)}>
        {rotulo}
      </Button>
    );
  return [
    { id: 'transportadora', kind: 'name', header: 'Transportadora', cell: (t) => t.transportadora.razaoSocial },
    { id: 'inicio', kind: 'date', header: 'Início', cell: (t) => formatDateBr(t.inicio) },
    { id: 'fim', kind: 'date', header: 'Fim', cell: (t) => formatDateBr(t.fim) },
    {
      id: 'acoes', kind: 'control',
      header: 'Ações',
      width: '220px',
      cell: (t) => (
        <span className={acoes}>
          {botao('Editar', editar, t)}
          {botao('Clonar', clonar, t)}
          {botao('Excluir', excluir, t)}
        </span>
      ),
    },
  ];
}
