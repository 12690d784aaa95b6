import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_SENHA_ALTERADA, MSG_SENHA_ATUAL_PREENCHER, MSG_SENHA_DIFERENTE, MSG_SENHA_IGUAL_ATUAL, MSG_SENHA_MINIMO, MSG_SENHA_PREENCHER } from '../../src/contracts/auth';
import { reloadPage } from '../../src/web/app/reload-page';
import { lerSessao } from '../../src/web/api/session-storage';
import { json, rota } from './helpers/fetch-stub';
import { fakePerfisServer } from './helpers/fake-perfis-server';
import { usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';
import { dialogoFechado } from './helpers/focar';
import { relogio } from '../../src/domain/relogio';

describe('shell', () => {
  it('shows the menu groups with permitted routes only, user name and footer; F1 lands on the menu and goes back', async () => {
    const { user } = renderApp({ usuario: usuario({ roles: ['____PERF_M', 'FRETE_CTE_M', 'FRETE_TRANS_M'] }) });
    await screen.findByRole('heading', { name: 'Fretes' });
    const menu = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(menu).getByRole('group', { name: 'CADASTROS' })).toHaveTextContent('PerfisTransportadoras');
    expect(within(menu).getByRole('group', { name: 'FRETE' })).toHaveTextContent('Fretes');
    expect(within(menu).queryByRole('link', { name: 'Usuários' })).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Fretes' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/versão \d+\.\d+\.\d+/);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(String(relogio.agora().getFullYear()));

    // The menu is shown: the first F1 focuses the current item (it used to hide the menu), the second goes back.
    const antes = document.activeElement;
    await user.keyboard('{F1}');
    expect(screen.getByRole('link', { name: 'Fretes' })).toHaveFocus();
    await user.keyboard('{F1}');
    expect(document.activeElement).toBe(antes);
    await user.keyboard('{F1}');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(antes);
    // Hidden with the Menu button, F1 shows it and focuses the current item all the same.
    await user.click(screen.getByRole('button', { name: 'Menu' }));
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
    await user.keyboard('{F1}');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Fretes' })).toHaveFocus());
  });

  it('the menu opens the Indicadores de Frete screen (every route has its screen now)', async () => {
    const { user } = renderApp({ usuario: usuario({ roles: ['FRETE_CTE_M', 'FRETE_IND_FRETE_PESO'] }) });
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.click(screen.getByRole('link', { name: 'Indicadores de Frete' }));
    expect(await screen.findByRole('heading', { name: 'Indicadores de Frete' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Nº do CT-e')).toBeInTheDocument();
    expect(screen.queryByText('Em construção')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/indicadores');
  });

  it('Ctrl+Q logs out', async () => {
    const { user } = renderApp();
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{Control>}q{/Control}');
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(lerSessao()).toBeNull();
    expect(window.location.pathname).toBe('/');
  });

  it('Ctrl+F1 opens the cheat sheet: two tabs, spec key and alternate side by side', async () => {
    const servidor = fakePerfisServer();
    const { user } = renderApp({ caminho: '/perfis', rotas: servidor.rotas });
    await screen.findByText('Administração');
    await user.keyboard('{Control>}{F1}{/Control}');
    const folha = await screen.findByRole('dialog', { name: 'Atalhos do teclado' });
    const globais = within(folha).getByRole('table', { name: 'Atalhos globais' });
    const sair = within(globais).getByRole('row', { name: /Sair/ });
    expect(within(sair).getAllByRole('cell')[1]).toHaveTextContent('Ctrl+Q');
    const paleta = within(globais).getByRole('row', { name: /paleta/ });
    expect(within(paleta).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Abrir a paleta de comandos', 'Ctrl+K', '/']);

    await user.keyboard('{Alt>}2{/Alt}');
    const tela = await within(folha).findByRole('table', { name: 'Atalhos da tela atual' });
    const novo = within(tela).getByRole('row', { name: /Novo perfil/ });
    expect(within(novo).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Novo perfil', 'Ctrl+N', 'Alt+N']);
    expect(within(tela).getByRole('row', { name: /desativados/ })).toHaveTextContent('Ctrl+H');
  });

  it('Ctrl+O opens the settings; change password asks for the current one, validates, calls the server and keeps the renewed token', async () => {
    const { user, chamadas } = renderApp({
      // docs/decisoes.md §1: the answer renews this session's token (the server ended the others).
      rotas: [rota('POST', '/api/usuarios/alterar-senha', () => json({ mensagens: [MSG_SENHA_ALTERADA] }, 200, { Authorization: 'Bearer tok-renovado' }))],
    });
    await screen.findByRole('heading', { name: 'Fretes' });
    await user.keyboard('{Control>}o{/Control}');
    const config = await screen.findByRole('dialog', { name: 'Configurações' });
    expect(config).toHaveTextContent('Ana Souza');
    expect(config).toHaveTextContent('Administração');
    expect(config).toHaveTextContent('ana@exemplo.com.br');
    await user.click(within(config).getByRole('button', { name: 'Alterar senha' }));
    const senha = await screen.findByRole('dialog', { name: 'Alterar senha' });
    const campos = within(senha).getAllByLabelText(/senha/i);
    expect(campos.map((c) => c.getAttribute('autocomplete'))).toEqual(['current-password', 'new-password', 'new-password']);
    await waitFor(() => expect(within(senha).getByLabelText('Senha atual')).toHaveFocus());

    const mensagensAoSalvar = async () => {
      await user.keyboard('{Control>}s{/Control}');
      const popup = await screen.findByRole('alertdialog');
      const textos = within(popup)
        .getAllByRole('listitem')
        .map((li) => li.textContent);
      await user.keyboard('{Escape}');
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      return textos;
    };
    expect(await mensagensAoSalvar()).toEqual([MSG_SENHA_ATUAL_PREENCHER, MSG_SENHA_PREENCHER]);
    await user.type(within(senha).getByLabelText('Senha atual'), 'atual-123');
    await user.type(within(senha).getByLabelText('Nova senha'), 'abcdefg');
    await user.type(within(senha).getByLabelText('Confirmação da senha'), 'abcdefg');
    expect(await mensagensAoSalvar()).toEqual([MSG_SENHA_MINIMO]);
    await user.type(within(senha).getByLabelText('Confirmação da senha'), 'h');
    await user.type(within(senha).getByLabelText('Nova senha'), 'x');
    expect(await mensagensAoSalvar()).toEqual([MSG_SENHA_DIFERENTE]);
    await user.clear(within(senha).getByLabelText('Nova senha'));
    await user.clear(within(senha).getByLabelText('Confirmação da senha'));
    await user.type(within(senha).getByLabelText('Nova senha'), 'atual-123');
    await user.type(within(senha).getByLabelText('Confirmação da senha'), 'atual-123');
    expect(await mensagensAoSalvar()).toEqual([MSG_SENHA_IGUAL_ATUAL]);
    expect(chamadas.some((c) => c.url.includes('alterar-senha'))).toBe(false);

    await user.clear(within(senha).getByLabelText('Nova senha'));
    await user.clear(within(senha).getByLabelText('Confirmação da senha'));
    await user.type(within(senha).getByLabelText('Nova senha'), 'abcdefgh');
    await user.type(within(senha).getByLabelText('Confirmação da senha'), 'abcdefgh');
    await user.keyboard('{Control>}s{/Control}');
    // Nothing left to do there: the dialog closes, the status line says so, the focus goes back to its opener.
    await dialogoFechado('Alterar senha');
    expect(screen.getByRole('status', { name: 'Aviso' })).toHaveTextContent(MSG_SENHA_ALTERADA);
    const pedido = chamadas.find((c) => c.url.includes('alterar-senha'))!;
    expect(pedido.body).toEqual({ senhaAtual: 'atual-123', senha: 'abcdefgh', confirmacao: 'abcdefgh' });
    expect(pedido.headers.get('Authorization')).toBe('Bearer tok-123');
    expect(lerSessao()).toEqual({ token: 'tok-renovado', empresa: 'COLACRIL' });
    const configuracoes = screen.getByRole('dialog', { name: 'Configurações' });
    await waitFor(() => expect(within(configuracoes).getByRole('button', { name: 'Alterar senha' })).toHaveFocus());
  });

  it("shows what's new one version per page; OK stores the highest id and reloads", async () => {
    const recarregar = vi.spyOn(reloadPage, 'run').mockImplementation(() => {});
    const { user, chamadas } = renderApp({
      usuario: usuario({ mostrarChangelog: true, settings: { ultimaVersao: '2' } }),
      rotas: [
        rota('GET', '/api/versoes/2', () =>
          json([
            { id: 3, detalhes: [{ tipo: 'ADICAO', nota: 'Paleta de comandos' }] },
            { id: 4, detalhes: [{ tipo: 'CORRECAO', nota: 'Ordenação da lista' }] },
          ]),
        ),
        rota('POST', '/api/usuarios/configuracoes', () => json({})),
      ],
    });
    const dialogo = await screen.findByRole('dialog', { name: 'Novidades da versão' });
    expect(dialogo).toHaveTextContent('Versão 3');
    expect(dialogo).toHaveTextContent('AdiçãoPaleta de comandos');
    // By keyboard: on the last page "Próxima" turns disabled and the focus goes on to OK, not to the body.
    const proxima = within(dialogo).getByRole('button', { name: 'Próxima' });
    await waitFor(() => expect(within(dialogo).getByRole('button', { name: 'OK' })).toHaveFocus());
    proxima.focus();
    await user.keyboard('{Enter}');
    expect(dialogo).toHaveTextContent('Versão 4');
    expect(dialogo).toHaveTextContent('CorreçãoOrdenação da lista');
    await waitFor(() => expect(within(dialogo).getByRole('button', { name: 'OK' })).toHaveFocus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(recarregar).toHaveBeenCalled());
    expect(chamadas.find((c) => c.url === '/api/usuarios/configuracoes')?.body).toEqual({ ultimaVersao: '4' });
  });

  it("reloads even when storing the what's-new setting fails", async () => {
    const recarregar = vi.spyOn(reloadPage, 'run').mockImplementation(() => {});
    const { user } = renderApp({
      usuario: usuario({ mostrarChangelog: true }),
      rotas: [
        rota('GET', '/api/versoes/0', () => json([{ id: 1, detalhes: [{ tipo: 'ADICAO', nota: 'Primeira' }] }])),
        rota('POST', '/api/usuarios/configuracoes', () => json({ mensagens: ['erro'] }, 500)),
      ],
    });
    const dialogo = await screen.findByRole('dialog', { name: 'Novidades da versão' });
    await user.click(within(dialogo).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(recarregar).toHaveBeenCalled());
    expect(screen.queryByRole('alertdialog', { name: 'Serviço Temporariamente Indisponível' })).not.toBeInTheDocument();
  });
});
