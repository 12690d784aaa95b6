import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { reloadPage } from '../../src/web/app/reload-page';
import { lerSessao } from '../../src/web/api/session-storage';
import { json, rota } from './helpers/fetch-stub';
import { renderApp } from './helpers/render-app';

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
