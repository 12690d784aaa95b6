import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG_LOGIN_FALHA, MSG_LOGIN_INVALIDO, MSG_LOGIN_MUITAS_TENTATIVAS } from '../../src/contracts/auth';
import { MSG_ERRO_CONEXAO } from '../../machines/session';
import { App } from '../../src/web/app/app';
import { lerSessao } from '../../src/web/api/session-storage';
import { json, rota, stubFetch } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';

function loginOk() {
  return stubFetch(
    rota('POST', '/api/login', () => json(usuario(), 200, { Authorization: 'Bearer tok-123' })),
    rota('GET', '/api/eu', (c) => (c.headers.get('Authorization') === 'Bearer tok-123' ? json(usuario()) : json({ mensagens: [] }, 401))),
    rota('GET', '/api/ctes/listar-simples', () => json({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 50, totais: { quantidade: 0, valorTotal: '0.00', valorAuditoria: '0.00' } })),
  );
}

async function preencher(user: ReturnType<typeof userEvent.setup>, login = 'ana', senha = 'segredo') {
  await user.type(screen.getByLabelText('Usuário'), login);
  await user.type(screen.getByLabelText('Senha'), senha);
}

describe('login screen', () => {
  it('submits with Enter, stores the token with the company and goes to /ctes', async () => {
    const { chamadas } = loginOk();
    const user = userEvent.setup();
    render(<App />);
    await preencher(user);
    await user.keyboard('{Enter}');

    expect(await screen.findByRole('heading', { name: 'Fretes' })).toBeInTheDocument();
    expect(await screen.findByRole('search', { name: 'Filtros de fretes' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/ctes');
    const login = chamadas.find((c) => c.url === '/api/login');
    expect(login?.body).toEqual({ login: 'ana', senha: 'segredo' });
    expect(login?.headers.get('X-Empresa')).toBe('COLACRIL');
    expect(login?.headers.get('Authorization')).toBeNull();
    expect(lerSessao()).toEqual({ token: 'tok-123', empresa: 'COLACRIL' });
    expect(screen.getByLabelText('Usuário')).toHaveTextContent('Ana Souza');
  });

  it.each([
    [401, MSG_LOGIN_INVALIDO],
    [403, MSG_LOGIN_INVALIDO],
    [500, MSG_LOGIN_FALHA],
    [429, MSG_LOGIN_MUITAS_TENTATIVAS],
  ])('shows the message for a %i answer', async (status, mensagem) => {
    stubFetch(rota('POST', '/api/login', () => json({ mensagens: ['x'] }, status)));
    const user = userEvent.setup();
    render(<App />);
    await preencher(user);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(mensagem);
    expect(lerSessao()).toBeNull();
  });

  it('opens the connection error dialog on a network failure', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = userEvent.setup();
    render(<App />);
    await preencher(user);
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('alertdialog', { name: 'Erro de conexão' });
    expect(dialogo).toHaveTextContent(MSG_ERRO_CONEXAO);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('validates the fields before calling the server', async () => {
    const { chamadas } = stubFetch();
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe o usuário.');
    expect(chamadas).toHaveLength(0);
  });

  it('warns while Caps Lock is on', async () => {
    stubFetch();
    const user = userEvent.setup();
    render(<App />);
    await user.click(screen.getByLabelText('Senha'));
    await user.keyboard('a');
    expect(screen.queryByText('A tecla Caps Lock está ligada')).not.toBeInTheDocument();
    await user.keyboard('{CapsLock}A');
    expect(screen.getByText('A tecla Caps Lock está ligada')).toBeInTheDocument();
    await user.keyboard('{CapsLock}a');
    expect(screen.queryByText('A tecla Caps Lock está ligada')).not.toBeInTheDocument();
  });

  it('keeps the company in localStorage and sends it on login', async () => {
    const { chamadas } = stubFetch(rota('POST', '/api/login', () => json({ mensagens: [] }, 401)));
    const user = userEvent.setup();
    const { unmount } = render(<App />);
    expect(screen.getByLabelText('Empresa')).toHaveValue('COLACRIL');
    await user.selectOptions(screen.getByLabelText('Empresa'), 'RRE');
    unmount();

    render(<App />);
    expect(screen.getByLabelText('Empresa')).toHaveValue('RRE');
    await preencher(user);
    await user.keyboard('{Enter}');
    await screen.findByRole('alert');
    expect(chamadas[0].headers.get('X-Empresa')).toBe('RRE');
  });

  it('goes from / to /ctes when a stored session is alive', async () => {
    localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok-123', empresa: 'COLACRIL' }));
    loginOk();
    render(<App />);
    expect(await screen.findByRole('heading', { name: 'Fretes' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/ctes');
  });

  it('clears a stored session that /eu refuses and shows the login', async () => {
    localStorage.setItem('frete.sessao', JSON.stringify({ token: 'velho', empresa: 'COLACRIL' }));
    window.history.replaceState(null, '', '/perfis');
    loginOk();
    render(<App />);
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(lerSessao()).toBeNull();
    expect(window.location.pathname).toBe('/');
  });
});
