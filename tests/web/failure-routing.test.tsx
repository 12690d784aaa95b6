import { afterEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import { MSG_SEM_PERMISSAO, MSG_USUARIO_DESATIVADO } from '../../src/contracts/erros';
import { App } from '../../src/web/app/app';
import { reloadPage } from '../../src/web/app/reload-page';
import { lerSessao } from '../../src/web/api/session-storage';
import { json, rota, stubFetch } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';

const PAGINA_VAZIA = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 50 };

/** The app on /perfis with a stored session, where /eu answers `eu(n)` on its n-th call. */
function renderComEu(eu: (n: number) => Response, perfis: () => Response) {
  localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok-123', empresa: 'COLACRIL' }));
  window.history.replaceState(null, '', '/perfis');
  let n = 0;
  const stub = stubFetch(
    rota('GET', '/api/eu', () => eu(++n)),
    rota('GET', '/api/perfis', perfis),
    rota('GET', '/api/ctes/listar-simples', () => json(PAGINA_VAZIA)),
  );
  render(<App />);
  return stub;
}

afterEach(() => vi.useRealTimers());

describe('failure routing (spec 01 §8)', () => {
  it('400 opens the message list with every server message', async () => {
    renderApp({ caminho: '/perfis', rotas: [rota('GET', '/api/perfis', () => json({ mensagens: ['Busca inválida.', 'Outra.'] }, 400))] });
    const popup = await screen.findByRole('alertdialog', { name: 'Atenção para as seguintes mensagens do sistema:' });
    expect(within(popup).getAllByRole('listitem').map((l) => l.textContent)).toEqual(['Busca inválida.', 'Outra.']);
  });

  it('401 on a call loses the session and shows the login', async () => {
    renderApp({ caminho: '/perfis', rotas: [rota('GET', '/api/perfis', () => json({ mensagens: [] }, 401))] });
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(lerSessao()).toBeNull();
  });

  // docs/decisoes.md §7 overrides spec 01 §8's reload for every call but /eu: a refused lookup must not lose the screen.
  it.each([
    ["the server's messages", { mensagens: ['Sem acesso aos tipos de veículo.'] }, 'Sem acesso aos tipos de veículo.'],
    ['a default message when the server sends none', undefined, MSG_SEM_PERMISSAO],
  ])('403 on a call shows %s, keeps the screen and the session, and never reloads', async (_caso, corpo, mensagem) => {
    const recarregar = vi.spyOn(reloadPage, 'run').mockImplementation(() => {});
    const { chamadas } = renderApp({ caminho: '/perfis', rotas: [rota('GET', '/api/perfis', () => json(corpo, 403))] });
    const popup = await screen.findByRole('alertdialog', { name: 'Atenção para as seguintes mensagens do sistema:' });
    expect(within(popup).getAllByRole('listitem').map((l) => l.textContent)).toEqual([mensagem]);
    // The session is checked quietly (/eu again) and survives: the screen stays under the popup.
    await waitFor(() => expect(chamadas.filter((c) => c.url === '/api/eu')).toHaveLength(2));
    expect(screen.getByRole('heading', { name: 'Perfis', hidden: true })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog', { name: 'Serviço Temporariamente Indisponível' })).not.toBeInTheDocument();
    expect(lerSessao()).not.toBeNull();
    expect(recarregar).not.toHaveBeenCalled();
  });

  it('a 403 whose /eu check answers 403 (user deactivated meanwhile) ends the session without reloading', async () => {
    const recarregar = vi.spyOn(reloadPage, 'run').mockImplementation(() => {});
    renderComEu(
      (n) => (n === 1 ? json(usuario()) : json({ mensagens: [MSG_USUARIO_DESATIVADO] }, 403)),
      () => json({ mensagens: [MSG_USUARIO_DESATIVADO] }, 403),
    );
    const popup = await screen.findByRole('alertdialog', { name: 'Atenção para as seguintes mensagens do sistema:' });
    expect(popup).toHaveTextContent(MSG_USUARIO_DESATIVADO);
    // The login screen, under the popup (which hides the rest of the page from the accessibility tree).
    expect(await screen.findByRole('button', { name: 'Entrar', hidden: true })).toBeInTheDocument();
    expect(lerSessao()).toBeNull();
    expect(recarregar).not.toHaveBeenCalled();
  });

  it('/eu answering 403 at start clears the stored session', async () => {
    renderComEu(() => json({ mensagens: [MSG_USUARIO_DESATIVADO] }, 403), () => json(PAGINA_VAZIA));
    expect(await screen.findByRole('button', { name: 'Entrar' })).toBeInTheDocument();
    expect(lerSessao()).toBeNull();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('another failure opens "Serviço Temporariamente Indisponível", pings every 4 s and reloads on success', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const erro = vi.spyOn(console, 'error').mockImplementation(() => {});
    const recarregar = vi.spyOn(reloadPage, 'run').mockImplementation(() => {});
    let pingOk = false;
    const { chamadas } = renderApp({
      caminho: '/perfis',
      rotas: [rota('GET', '/api/perfis', () => json({ mensagens: [] }, 500)), rota('GET', '/api/ping', () => (pingOk ? json({}) : json({}, 503)))],
    });
    const dialogo = await screen.findByRole('alertdialog', { name: 'Serviço Temporariamente Indisponível' });
    for (const causa of ['problema na rede', 'firewall', 'configurações da rede local', 'servidor em manutenção']) expect(dialogo).toHaveTextContent(causa);
    expect(erro).toHaveBeenCalled();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();

    await vi.advanceTimersByTimeAsync(4000);
    await waitFor(() => expect(chamadas.filter((c) => c.url === '/api/ping')).toHaveLength(1));
    expect(recarregar).not.toHaveBeenCalled();
    pingOk = true;
    await vi.advanceTimersByTimeAsync(4000);
    await waitFor(() => expect(recarregar).toHaveBeenCalledTimes(1));
  });

  it('the progress bar shows while a call is in flight', async () => {
    let responder: (r: Response) => void = () => {};
    renderApp({ caminho: '/perfis', rotas: [rota('GET', '/api/perfis', () => new Promise<Response>((r) => (responder = r)))] });
    await screen.findByRole('heading', { name: 'Perfis' });
    expect(screen.getByRole('progressbar', { name: 'Carregando' })).toBeInTheDocument();
    responder(json({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 50 }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    await screen.findByText("Nenhum registro encontrado");
  });
});
