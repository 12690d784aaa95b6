import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { TECLA_EXPORTAR_EXCEL, TITULO_EXPORTAR_CSV, TITULO_EXPORTAR_EXCEL } from '../../src/contracts/exportacao';
import { CteToolbar, type CteToolbarProps } from '../../src/web/features/ctes/cte-toolbar';
import { renderWithProviders } from './helpers/render-with-providers';

// Issue 32: the Fretes toolbar's export buttons, once the screen hands it useCteScreenCommands' answer.

const props = (exportacao?: CteToolbarProps['exportacao']): CteToolbarProps => ({
  admin: false, podeEditar: true, comSelecao: false, ocupado: false, lerXmls: vi.fn(), executar: vi.fn(), auditarPagina: vi.fn(),
  auditarSelecionados: vi.fn(), aprovar: vi.fn(), agrupar: vi.fn(), exportacao,
});

describe('Fretes toolbar export buttons', () => {
  it('without the export state: no buttons', () => {
    renderWithProviders(<CteToolbar {...props()} />);
    expect(screen.queryByRole('button', { name: new RegExp(TITULO_EXPORTAR_EXCEL) })).not.toBeInTheDocument();
  });

  it('Excel on Alt+Shift+X and the CSV; each click exports its format', async () => {
    const exportar = vi.fn();
    const { user } = renderWithProviders(<CteToolbar {...props({ exportar, ocupado: false, texto: '' })} />);
    const excel = screen.getByRole('button', { name: new RegExp(TITULO_EXPORTAR_EXCEL) });
    expect(excel).toHaveAttribute('aria-keyshortcuts', TECLA_EXPORTAR_EXCEL);
    await user.click(excel);
    await user.click(screen.getByRole('button', { name: TITULO_EXPORTAR_CSV }));
    expect(exportar.mock.calls).toEqual([['xlsx'], ['csv']]);
  });

  it('while a file comes: the progress in its status, Excel cancels, the CSV waits', async () => {
    const exportar = vi.fn();
    const { user } = renderWithProviders(<CteToolbar {...props({ exportar, ocupado: true, texto: 'Gerando planilha de 3 linhas… 1,0 KB recebidos' })} />);
    expect(screen.getByRole('status', { name: 'Exportação' })).toHaveTextContent('Gerando planilha de 3 linhas… 1,0 KB recebidos');
    expect(screen.getByRole('button', { name: TITULO_EXPORTAR_CSV })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /Cancelar exportação/ }));
    expect(exportar).toHaveBeenCalledWith('xlsx');
  });
});
