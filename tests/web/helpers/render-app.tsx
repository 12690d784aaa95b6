import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsuarioLogado } from '../../../src/contracts/auth';
import { App } from '../../../src/web/app/app';
import { json, rota, stubFetch, type Chamada } from './fetch-stub';
import { usuario as usuarioPadrao } from './fixtures';

type Rota = (c: Chamada) => Response | Promise<Response> | undefined;

/** The whole app with a live stored session for `usuario`, at `caminho`, with extra API routes. */
export function renderApp({ usuario = usuarioPadrao(), caminho = '/ctes', rotas = [] as Rota[] }: { usuario?: UsuarioLogado; caminho?: string; rotas?: Rota[] } = {}) {
  localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok-123', empresa: 'COLACRIL' }));
  window.history.replaceState(null, '', caminho);
  const stub = stubFetch(rota('GET', '/api/eu', () => json(usuario)), ...rotas);
  const user = userEvent.setup();
  const resultado = render(<App />);
  return { ...resultado, user, ...stub };
}
