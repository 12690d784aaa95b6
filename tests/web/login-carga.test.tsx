import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/web/app/app';
import { json, rota, stubFetch } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';

// docs/decisoes.md §31: the login page carries React, the session machine and the form. The identified session (shell,
// screens, zod) loads from the user's first key in the form, never while the login screen just sits there.
const carregados = vi.hoisted(() => new Set<string>());
vi.mock('../../src/web/app/identified-session', async (original) => {
  carregados.add('sessao');
  return original();
});
vi.mock('../../src/web/app/command-palette', async (original) => {
  carregados.add('paleta');
  return original();
});

describe('what the login page loads', () => {
  it('loads the identified session only once the user types in the login form', async () => {
    stubFetch();
    const user = userEvent.setup();
    render(<App />);
    await screen.findByLabelText('Usuário');
    // The login screen settled (a later task, with any idle callback a browser would run by then).
    await new Promise((r) => setTimeout(r, 50));
    expect(carregados.has('sessao')).toBe(false);
    await user.type(screen.getByLabelText('Usuário'), 'a');
    await waitFor(() => expect(carregados.has('sessao')).toBe(true));
  });

  it('with a stored session, the palette loads only once the first screen has its data', async () => {
    // Not renderApp: it loads the identified session beforehand.
    localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok-123', empresa: 'COLACRIL' }));
    window.history.replaceState(null, '', '/ctes');
    const vazia = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 50, totais: { quantidade: 0, valorTotal: '0.00', valorAuditoria: '0.00' } };
    let responder: () => void = () => {};
    const lista = new Promise<void>((r) => (responder = r));
    stubFetch(
      rota('GET', '/api/eu', () => json(usuario())),
      rota('GET', '/api/ctes/listar-simples', async () => {
        await lista;
        return json(vazia);
      }),
    );
    render(<App />);
    await screen.findByRole('heading', { name: 'Fretes' });
    // The Fretes list is still on its way: the palette waits (a static import in the shell would have loaded it).
    await new Promise((r) => setTimeout(r, 100));
    expect(carregados.has('paleta')).toBe(false);
    responder();
    await waitFor(() => expect(carregados.has('paleta')).toBe(true));
  });
});
