import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_DESCARTAR_ALTERACOES } from '../../src/web/ui/dialog';
import { fakePerfisServer } from './helpers/fake-perfis-server';
import { perfil, usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { renderApp } from './helpers/render-app';

// The list building blocks and the shell: what every screen inherits (pager, Ctrl+G, side menu, Ctrl+Q).

const sessenta = () => Array.from({ length: 60 }, (_, i) => perfil(i + 1, `Perfil ${String(i + 1).padStart(2, '0')}`));

describe('lists and shell, by keyboard', () => {
  it('paging to the last page keeps the focus: the grid takes it when the pressed button turns disabled', async () => {
    const servidor = fakePerfisServer(sessenta());
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Perfil 01');
    const ultima = screen.getByRole('button', { name: 'Última página' });
    await focar(ultima);
    await user.keyboard('{Enter}');
    await screen.findByText('Página 2 de 2 · 60 registros');
    expect(ultima).toBeDisabled();
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Perfis' })).toHaveFocus());
  });

  it('Ctrl+G jumps from the filter to the grid and back to the filter the user left', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    const busca = await screen.findByLabelText('Pesquisar por descrição');
    await waitFor(() => expect(busca).toHaveFocus());
    await user.keyboard('{Control>}g{/Control}');
    await waitFor(() => expect(screen.getByRole('grid', { name: 'Perfis' })).toHaveFocus());
    await user.keyboard('{Control>}g{/Control}');
    await waitFor(() => expect(busca).toHaveFocus());
  });

  it('the side menu moves with the arrows; Enter opens the screen on its first useful control', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ rotas: servidor.rotas, usuario: usuario({ roles: ['____PERF_M', 'FRETE_CTE_M', 'FRETE_TRANS_M'] }) });
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{F1}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Fretes' })).toHaveFocus());
    await user.keyboard('{Home}');
    expect(screen.getByRole('link', { name: 'Perfis' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Transportadoras' })).toHaveFocus();
    await user.keyboard('{ArrowUp}{Enter}');
    await screen.findByRole('heading', { name: 'Perfis' });
    await waitFor(() => expect(screen.getByLabelText('Pesquisar por descrição')).toHaveFocus());
  });

  it('Ctrl+Q works over an open dialog', async () => {
    const { user } = renderApp();
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{Control>}o{/Control}');
    await dialogoPronto('Configurações');
    await user.keyboard('{Control>}q{/Control}');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('Ctrl+Q with unsaved changes in a dialog asks first; N keeps the work', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    await user.keyboard('{Alt>}n{/Alt}');
    const dialogo = await dialogoPronto('Novo perfil');
    await user.keyboard('Financeiro{Control>}q{/Control}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Sair' });
    expect(pergunta).toHaveTextContent(MSG_DESCARTAR_ALTERACOES);
    await user.keyboard('n');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(dialogo).getByLabelText('Descrição')).toHaveValue('Financeiro');
    await user.keyboard('{Control>}q{/Control}');
    await screen.findByRole('alertdialog', { name: 'Sair' });
    await user.keyboard('s');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
  });

  it('a successful save says so in a status line that does not take the focus', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    const grade = screen.getByRole('grid', { name: 'Perfis' });
    await focar(grade);
    await user.keyboard('{Enter}');
    await dialogoPronto('Editar perfil');
    await user.keyboard(' geral{Control>}s{/Control}');
    await dialogoFechado('Editar perfil');
    expect(screen.getByRole('status', { name: 'Aviso' })).toHaveTextContent('Perfil salvo.');
    await waitFor(() => expect(grade).toHaveFocus());
  });
});
