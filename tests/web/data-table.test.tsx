import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DataTable, type DataTableSort } from '../../src/web/ui/data-table';

interface Linha {
  id: number;
  nome: string;
}
const linhas = (n: number): Linha[] => Array.from({ length: n }, (_, i) => ({ id: i + 1, nome: `Linha ${i + 1}` }));

function Tabela({ rows, onActivate, onSortChange }: { rows: Linha[]; onActivate?: (l: Linha) => void; onSortChange?: (s: DataTableSort) => void }) {
  const [sel, setSel] = useState(0);
  const [sort, setSort] = useState<DataTableSort>({ field: 'nome', direction: 'asc' });
  return (
    <DataTable
      label="Tabela de teste"
      columns={[
        { id: 'nome', kind: 'name', header: 'Nome', sortable: true, cell: (l) => l.nome },
        { id: 'id', kind: 'code', header: 'Código', cell: (l) => l.id },
      ]}
      rows={rows}
      getRowId={(l) => l.id}
      selectedIndex={sel}
      onSelectedIndexChange={setSel}
      onActivate={onActivate}
      sort={sort}
      onSortChange={(s) => {
        setSort(s);
        onSortChange?.(s);
      }}
      pagination={{ page: 0, pageCount: 3, totalElements: rows.length, onPageChange: () => {} }}
    />
  );
}

const linhasDoCorpo = () => screen.getAllByRole('row').filter((r) => r.getAttribute('aria-rowindex') !== '1');

describe('DataTable', () => {
  it('shows "Nenhum registro encontrado" when empty', () => {
    render(<Tabela rows={[]} />);
    expect(screen.getByRole('gridcell', { name: 'Nenhum registro encontrado' })).toBeInTheDocument();
  });

  it('renders only the visible rows of 10,000', () => {
    render(<Tabela rows={linhas(10_000)} />);
    const visiveis = linhasDoCorpo();
    expect(visiveis.length).toBeGreaterThan(5);
    expect(visiveis.length).toBeLessThan(40);
    expect(screen.getByRole('grid')).toHaveAttribute('aria-rowcount', '10001');
    expect(screen.queryByText('Linha 9999')).not.toBeInTheDocument();
  });

  it('moves the selection with arrows, Home and End, and Enter activates', async () => {
    const user = userEvent.setup();
    const onActivate = vi.fn();
    render(<Tabela rows={linhas(10_000)} onActivate={onActivate} />);
    const grid = screen.getByRole('grid', { name: 'Tabela de teste' });
    grid.focus();
    const selecionada = () => screen.getAllByRole('row').find((r) => r.getAttribute('aria-selected') === 'true');

    expect(selecionada()).toHaveTextContent('Linha 1');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(selecionada()).toHaveTextContent('Linha 3');
    expect(grid).toHaveAttribute('aria-activedescendant', selecionada()?.id);
    await user.keyboard('{ArrowUp}');
    expect(selecionada()).toHaveTextContent('Linha 2');
    await user.keyboard('{End}');
    // The virtualiser scrolls the last row into the DOM.
    await waitFor(() => expect(selecionada()).toHaveTextContent('Linha 10000'));
    expect(screen.queryByText('Linha 1')).not.toBeInTheDocument();
    await user.keyboard('{Home}');
    await waitFor(() => expect(selecionada()).toHaveAttribute('aria-rowindex', '2'));
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onActivate).toHaveBeenCalledWith({ id: 2, nome: 'Linha 2' }, 1);
  });

  it('sorts by a header and flips the direction', async () => {
    const user = userEvent.setup();
    const onSortChange = vi.fn();
    render(<Tabela rows={linhas(3)} onSortChange={onSortChange} />);
    const cabecalho = screen.getByRole('columnheader', { name: /Nome/ });
    expect(cabecalho).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(cabecalho).getByRole('button'));
    expect(onSortChange).toHaveBeenLastCalledWith({ field: 'nome', direction: 'desc' });
    expect(cabecalho).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: 'Código' })).not.toHaveAttribute('aria-sort');
  });

  it('clicking a row selects it', async () => {
    const user = userEvent.setup();
    render(<Tabela rows={linhas(5)} />);
    await user.click(screen.getByText('Linha 4'));
    expect(screen.getByText('Linha 4').closest('[role=row]')).toHaveAttribute('aria-selected', 'true');
  });

  it('has page controls', () => {
    render(<Tabela rows={linhas(3)} />);
    const nav = screen.getByRole('navigation', { name: 'Paginação' });
    expect(within(nav).getByText(/Página 1 de 3/)).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Página anterior' })).toBeDisabled();
    expect(within(nav).getByRole('button', { name: 'Próxima página' })).toBeEnabled();
  });
});
