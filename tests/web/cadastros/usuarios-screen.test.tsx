import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_SENHA_MINIMO } from '../../../src/contracts/auth';
import {
  MSG_USUARIO_LOGIN,
  MSG_USUARIO_NOME,
  MSG_USUARIO_PERFIL,
  MSG_USUARIO_PROPRIA_SENHA,
  MSG_USUARIO_PROPRIOS_PERFIS,
  MSG_USUARIO_SENHA,
  MSG_USUARIO_SENHAS_DIFERENTES,
  type Usuario,
} from '../../../src/contracts/usuarios';
import { fakePerfisServer } from '../helpers/fake-perfis-server';
import { fakeCadastroServer } from '../helpers/fake-cadastro-server';
import { json, rota } from '../helpers/fetch-stub';
import { usuario } from '../helpers/fixtures';
import type { UsuarioLogado } from '../../../src/contracts/auth';
import { usuarioCadastro } from '../helpers/cadastro-fixtures';
import { renderApp } from '../helpers/render-app';
import { readMessages } from '../helpers/read-messages';
import { dialogoFechado } from '../helpers/focar';

const TODAS = ['____USER_M', '____USER_C', '____USER_E', '____USER_D', 'FRETE_CTE_M'];
const abrir = (roles = TODAS, logado: Partial<UsuarioLogado> = {}) => {
  const usuarios = fakeCadastroServer<Usuario>(
    '/api/usuarios',
    [usuarioCadastro(1, 'admin', 'Administrador'), usuarioCadastro(2, 'bia', 'Beatriz Nunes'), usuarioCadastro(3, 'caio', 'Caio Antigo', { ativado: false })],
    (u) => {
      u.ativado = false;
    },
    (u) => ({ ...u, nivel: 'REPRESENTANTE', perfis: u.perfis.map((p) => ({ id: p.id, descricao: p.descricao ?? '' })), email: u.email ?? null }),
  );
  const perfis = fakePerfisServer();
  return renderApp({ caminho: '/usuarios', usuario: usuario({ roles, ...logado }), rotas: [rota('GET', '/api/ping', () => json({ status: 'ok' })), ...usuarios.rotas, ...perfis.rotas] });
};
const logins = () =>
  within(screen.getByRole('grid', { name: 'Usuários' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0].textContent);
const mensagens = readMessages;

describe('users screen', () => {
  it('pings on open and lists 50 active users per page', async () => {
    const { chamadas } = abrir();
    await screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
    expect(chamadas.some((c) => c.url === '/api/ping')).toBe(true);
    expect(logins()).toEqual(['admin', 'bia']);
    const url = chamadas.find((c) => c.url.startsWith('/api/usuarios?'))?.url;
    expect(url).toContain('size=50');
    expect(url).toContain('ativado:true');
  });

  it('searches login, name or e-mail with Enter; Ctrl+H shows deactivated', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Pesquisar por login, nome ou e-mail'), 'bia{Enter}');
    await waitFor(() => expect(chamadas.some((c) => c.url.includes('search=(login~"bia",nome~"bia",email~"bia");ativado:true'))).toBe(true));
    await user.keyboard('{Control>}h{/Control}');
    await waitFor(() => expect(chamadas.some((c) => c.url.includes('ativado=in=(true,false)'))).toBe(true));
  });

  it('the admin row has no delete action; another user is deactivated after confirmation', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Excluir admin' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Excluir bia' })).toBeInTheDocument();
    screen.getByRole('grid', { name: 'Usuários' }).focus();
    await user.keyboard('{Delete}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Delete}');
    expect(await screen.findByRole('alertdialog', { name: 'Confirmação' })).toHaveTextContent('Deseja desativar o usuário "bia"?');
    await user.keyboard('s');
    await waitFor(() => expect(logins()).toEqual(['admin']));
    expect(chamadas.some((c) => c.method === 'DELETE' && c.url === '/api/usuarios/2')).toBe(true);
  });

  it('a new user: every User-save message first, then profiles by autocomplete, then saves', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const dialogo = await screen.findByRole('dialog', { name: 'Novo usuário' });
    await user.keyboard('{Control>}s{/Control}');
    expect(await mensagens()).toEqual([MSG_USUARIO_LOGIN, MSG_USUARIO_NOME, MSG_USUARIO_PERFIL, MSG_USUARIO_SENHA]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.type(within(dialogo).getByLabelText('Login'), 'dani');
    await user.type(within(dialogo).getByLabelText('Nome'), 'Daniela Prado');
    await user.type(within(dialogo).getByLabelText('Senha'), 'abcd123');
    await user.type(within(dialogo).getByLabelText('Confirmação da senha'), 'abce123');
    await user.keyboard('{Alt>}2{/Alt}');
    await user.type(within(dialogo).getByRole('combobox', { name: 'Adicionar perfil' }), 'com');
    await user.click(await screen.findByRole('option', { name: 'Comercial' }, { timeout: 3000 }));
    expect(within(dialogo).getByRole('list', { name: 'Perfis do usuário' })).toHaveTextContent('Comercial');
    await waitFor(() => expect(chamadas.some((c) => c.url.includes('search=descricao~com;ativado:true') && c.url.includes('size=10'))).toBe(true));
    await user.keyboard('{Control>}s{/Control}');
    // docs/decisoes.md §2: the password rule of the password change (at least 8) holds here too.
    expect(await mensagens()).toEqual([MSG_SENHA_MINIMO, MSG_USUARIO_SENHAS_DIFERENTES]);
    await user.keyboard('{Enter}');
    await user.keyboard('{Alt>}1{/Alt}');
    await user.type(within(dialogo).getByLabelText('Senha'), '4');
    await user.clear(within(dialogo).getByLabelText('Confirmação da senha'));
    await user.type(within(dialogo).getByLabelText('Confirmação da senha'), 'abcd1234');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo usuário');
    expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({ login: 'dani', nome: 'Daniela Prado', senha: 'abcd1234', csenha: 'abcd1234', ativado: true, perfis: [{ id: 2, descricao: 'Comercial' }] });
  });

  it('editing keeps the login read-only and excludes the chosen profiles from the autocomplete', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Usuários' }).focus();
    await user.keyboard('{ArrowDown}{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Editar usuário' });
    expect(within(dialogo).getByLabelText('Login')).toHaveAttribute('readonly');
    await user.keyboard('{Alt>}2{/Alt}');
    await user.type(within(dialogo).getByRole('combobox', { name: 'Adicionar perfil' }), 'adm');
    await waitFor(() => expect(chamadas.some((c) => c.url.includes('id!{1}'))).toBe(true));
  });

  it('editing oneself: no password fields, and no profile changes unless an ADMIN (docs/decisoes.md §3)', async () => {
    const abrirBia = async (nivel: string) => {
      const { user, unmount } = abrir(TODAS, { id: 2, login: 'bia', nivel });
      await screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
      screen.getByRole('grid', { name: 'Usuários' }).focus();
      await user.keyboard('{ArrowDown}{Enter}');
      const dialogo = await screen.findByRole('dialog', { name: 'Editar usuário' });
      return { user, unmount, dialogo };
    };
    const gerente = await abrirBia('GERENTE');
    expect(within(gerente.dialogo).getByLabelText('Senha')).toBeDisabled();
    expect(within(gerente.dialogo).getByLabelText('Confirmação da senha')).toBeDisabled();
    expect(gerente.dialogo).toHaveTextContent(MSG_USUARIO_PROPRIA_SENHA);
    await gerente.user.keyboard('{Alt>}2{/Alt}');
    expect(await within(gerente.dialogo).findByText(MSG_USUARIO_PROPRIOS_PERFIS)).toBeInTheDocument();
    expect(within(gerente.dialogo).getByRole('list', { name: 'Perfis do usuário' })).toHaveTextContent('Administração');
    expect(within(gerente.dialogo).queryByRole('combobox', { name: 'Adicionar perfil' })).not.toBeInTheDocument();
    expect(within(gerente.dialogo).queryByRole('button', { name: /Remover perfil/ })).not.toBeInTheDocument();
    gerente.unmount();

    const admin = await abrirBia('ADMIN');
    expect(within(admin.dialogo).getByLabelText('Senha')).toBeDisabled();
    await admin.user.keyboard('{Alt>}2{/Alt}');
    expect(await within(admin.dialogo).findByRole('combobox', { name: 'Adicionar perfil' })).toBeInTheDocument();
    expect(within(admin.dialogo).getByRole('button', { name: 'Remover perfil Administração' })).toBeInTheDocument();
  });

  it('hides New, Editar and Excluir without the user codes', async () => {
    abrir(['____USER_M', 'FRETE_CTE_M']);
    await screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Novo usuário/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar bia' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir bia' })).not.toBeInTheDocument();
  });
});
