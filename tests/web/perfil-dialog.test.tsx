import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_PERFIL_DESCRICAO, MSG_PERFIL_PERMISSAO, type Perfil } from '../../src/contracts/perfis';
import { PerfilDialog } from '../../src/web/features/perfis/perfil-dialog';
import { FailureMessages } from '../../src/web/app/failure-messages';
import { json, rota, stubFetch } from './helpers/fetch-stub';
import { perfil } from './helpers/fixtures';
import { renderWithProviders } from './helpers/render-with-providers';

function abrir(inicial: Perfil = { descricao: '', roles: [], ativado: true }) {
  const onClose = vi.fn();
  const r = renderWithProviders(
    <>
      <FailureMessages />
      <PerfilDialog open titulo="Novo perfil" perfil={inicial} onClose={onClose} />
    </>,
  );
  return { ...r, onClose, dialogo: () => screen.getByRole('dialog', { name: 'Novo perfil' }) };
}

const caixa = (nome: string) => screen.getByRole('checkbox', { name: nome });

describe('profile dialog', () => {
  it('has the matrix in tabs Cadastros and Fretes with columns Menu, Criar, Editar, Excluir', async () => {
    const { user } = abrir();
    const tabela = await screen.findByRole('table', { name: 'Permissões de Cadastros' });
    expect(within(tabela).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Área', 'Menu', 'Criar', 'Editar', 'Excluir']);
    await user.keyboard('{Alt>}2{/Alt}');
    const fretes = await screen.findByRole('table', { name: 'Permissões de Fretes' });
    expect(screen.getByRole('tab', { name: 'Fretes' })).toHaveAttribute('aria-selected', 'true');
    // Faturas has only the menu code: the other cells are empty.
    const faturas = within(fretes).getByRole('row', { name: /Faturas/ });
    expect(within(faturas).getAllByRole('checkbox')).toHaveLength(1);
    await user.keyboard('{Alt>}1{/Alt}');
    expect(screen.getByRole('tab', { name: 'Cadastros' })).toHaveAttribute('aria-selected', 'true');
  });

  it('clicking a row label toggles the whole row', async () => {
    const { user } = abrir();
    const tabela = await screen.findByRole('table', { name: 'Permissões de Cadastros' });
    await user.click(within(tabela).getByRole('button', { name: 'Perfis' }));
    for (const acao of ['Menu', 'Criar', 'Editar', 'Excluir']) expect(caixa(`Perfis: ${acao}`)).toBeChecked();
    expect(caixa('Usuários: Menu')).not.toBeChecked();
    await user.click(within(tabela).getByRole('button', { name: 'Perfis' }));
    for (const acao of ['Menu', 'Criar', 'Editar', 'Excluir']) expect(caixa(`Perfis: ${acao}`)).not.toBeChecked();
  });

  it('clicking a column header toggles the whole column (a partly marked column gets fully marked)', async () => {
    const { user } = abrir();
    const tabela = await screen.findByRole('table', { name: 'Permissões de Cadastros' });
    await user.click(caixa('Usuários: Menu'));
    await user.click(within(tabela).getByRole('button', { name: 'Menu' }));
    for (const area of ['Perfis', 'Clientes e Configuração', 'Usuários', 'Contas de E-mail']) expect(caixa(`${area}: Menu`)).toBeChecked();
    expect(caixa('Perfis: Criar')).not.toBeChecked();
    await user.click(within(tabela).getByRole('button', { name: 'Menu' }));
    expect(caixa('Perfis: Menu')).not.toBeChecked();
  });

  it('Ctrl+S validates first and lists the messages verbatim; Esc closes only the popup', async () => {
    const { user, onClose } = abrir();
    const { chamadas } = stubFetch();
    await screen.findByLabelText('Descrição');
    await user.keyboard('{Control>}s{/Control}');
    const popup = await screen.findByRole('alertdialog', { name: 'Atenção para as seguintes mensagens do sistema:' });
    expect(within(popup).getAllByRole('listitem').map((l) => l.textContent)).toEqual([MSG_PERFIL_DESCRICAO, MSG_PERFIL_PERMISSAO]);
    expect(chamadas).toHaveLength(0);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Novo perfil' })).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Ctrl+S saves the trimmed description and the marked codes', async () => {
    const { chamadas } = stubFetch(rota('POST', '/api/perfis', (c) => json({ ...(c.body as object), id: 9, versao: 0 })));
    const { user, onClose } = abrir();
    await user.type(await screen.findByLabelText('Descrição'), '  Conferência  ');
    await user.click(caixa('Perfis: Menu'));
    await user.click(caixa('Usuários: Editar'));
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(chamadas[0].body).toEqual({ descricao: 'Conferência', roles: ['____PERF_M', '____USER_E'], ativado: true });
    expect(chamadas[0].headers.get('Authorization')).toBeNull();
  });

  it('shows the server message of a 409 and stays open', async () => {
    stubFetch(rota('POST', '/api/perfis', () => json({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] }, 409)));
    const { user, onClose } = abrir(perfil(4, 'Vendas', { versao: 3 }));
    await screen.findByLabelText('Descrição');
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    const popup = await screen.findByRole('alertdialog');
    expect(popup).toHaveTextContent(MENSAGEM_VERSAO_OBSOLETA);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('Esc closes the dialog', async () => {
    const { user, onClose } = abrir();
    await screen.findByLabelText('Descrição');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
