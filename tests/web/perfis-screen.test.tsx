import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakePerfisServer } from './helpers/fake-perfis-server';
import { perfil, usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';

const linhas = () =>
  within(screen.getByRole('grid', { name: 'Perfis' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0].textContent);

describe('profiles screen', () => {
  it('lists 50 per page sorted by description and hides deactivated rows', async () => {
    const servidor = fakePerfisServer();
    const { chamadas } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    expect(linhas()).toEqual(['Administração', 'Comercial']);
    const lista = chamadas.find((c) => c.url.startsWith('/api/perfis?'));
    expect(lista?.url).toContain('sort=descricao,asc');
    expect(lista?.url).toContain('size=50');
    expect(lista?.url).toContain('page=0');
    expect(lista?.headers.get('Authorization')).toBe('Bearer tok-123');
  });

  it('searches with Enter', async () => {
    const servidor = fakePerfisServer();
    const { user, chamadas } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    await user.type(screen.getByLabelText('Pesquisar por descrição'), 'comer{Enter}');
    await waitFor(() => expect(linhas()).toEqual(['Comercial']));
    expect(chamadas.some((c) => c.url.includes('search=descricao~comer;ativado:true'))).toBe(true);
  });

  it('sorts by description descending from the header', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    await user.click(within(screen.getByRole('columnheader', { name: /Descrição/ })).getByRole('button'));
    await waitFor(() => expect(linhas()).toEqual(['Comercial', 'Administração']));
  });

  it('Ctrl+H shows the deactivated records', async () => {
    const servidor = fakePerfisServer();
    const { user, chamadas } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    await user.keyboard('{Control>}h{/Control}');
    await waitFor(() => expect(linhas()).toEqual(['Administração', 'Antigo', 'Comercial']));
    expect(screen.getByRole('checkbox', { name: /Mostrar desativados/ })).toBeChecked();
    expect(chamadas.some((c) => c.url.includes('search=ativado=in=(true,false)'))).toBe(true);
    await user.keyboard('{Control>}h{/Control}');
    await waitFor(() => expect(linhas()).toEqual(['Administração', 'Comercial']));
  });

  it('clones the selected profile with " (Cópia)" and saves it as new (Alt+C, Ctrl+S)', async () => {
    const servidor = fakePerfisServer();
    const { user, chamadas } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    await user.keyboard('{Alt>}c{/Alt}');
    const dialogo = await screen.findByRole('dialog', { name: 'Clonar perfil' });
    expect(within(dialogo).getByLabelText('Descrição')).toHaveValue('Administração (Cópia)');
    expect(within(dialogo).getByRole('checkbox', { name: 'Usuários: Menu' })).toBeChecked();
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Clonar perfil');
    const post = chamadas.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ descricao: 'Administração (Cópia)', roles: ['____PERF_M', '____USER_M'], ativado: true });
    await waitFor(() => expect(linhas()).toEqual(['Administração', 'Administração (Cópia)', 'Comercial']));
  });

  it('deletes after confirmation, and not before; the question says how many active users lose the profile', async () => {
    const servidor = fakePerfisServer([perfil(1, 'Administração', { roles: ['____PERF_M', '____USER_M'] }), perfil(2, 'Comercial', { usuarios: 3 })]);
    const { user, chamadas } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    const grade = screen.getByRole('grid', { name: 'Perfis' });
    grade.focus();
    await user.keyboard('{ArrowDown}{Delete}');
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(confirmacao).toHaveTextContent('Deseja desativar o perfil "Comercial"? 3 usuários ativos perderão este perfil.');
    await user.click(within(confirmacao).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(chamadas.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Excluir Comercial' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Confirmação' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(linhas()).toEqual(['Administração']));
    expect(chamadas.find((c) => c.method === 'DELETE')?.url).toBe('/api/perfis/2');
  });

  it('Ctrl+H shows a deactivated profile; its dialog shows Ativado off and saving it on reactivates it', async () => {
    const servidor = fakePerfisServer();
    const { user, chamadas } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    expect(screen.queryByText('Antigo')).not.toBeInTheDocument();
    await user.keyboard('{Control>}h{/Control}');
    await screen.findByText('Antigo');
    const grade = screen.getByRole('grid', { name: 'Perfis' });
    await focar(grade);
    // Administração, Antigo, Comercial: the second row.
    await user.keyboard('{Home}{ArrowDown}{Enter}');
    const dialogo = await dialogoPronto('Editar perfil');
    expect(within(dialogo).getByLabelText('Descrição')).toHaveValue('Antigo');
    const ativado = within(dialogo).getByRole('checkbox', { name: 'Ativado' });
    expect(ativado).not.toBeChecked();
    await user.click(ativado);
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Editar perfil');
    expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({ id: 3, descricao: 'Antigo', ativado: true });
    expect(servidor.perfis.find((p) => p.id === 3)?.ativado).toBe(true);
  });

  it('creates with Alt+N (listed as Ctrl+N / Alt+N) and edits with Enter on the grid', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    await user.keyboard('{Alt>}n{/Alt}');
    expect(await screen.findByRole('dialog', { name: 'Novo perfil' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    screen.getByRole('grid', { name: 'Perfis' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Editar perfil' });
    expect(within(dialogo).getByLabelText('Descrição')).toHaveValue('Administração');
  });

  it('hides the buttons the user may not use', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas, usuario: usuario({ roles: ['____PERF_M'] }) });
    await screen.findByText('Administração');
    expect(screen.queryByRole('button', { name: /Novo perfil/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Editar Administração/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clonar Administração/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Excluir Administração/ })).not.toBeInTheDocument();
    await user.keyboard('{Alt>}n{/Alt}{Alt>}c{/Alt}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
