import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UsuarioLogado } from '../../../src/contracts/auth';
import { App } from '../../../src/web/app/app';
import { json, rota, stubFetch, type Chamada } from './fetch-stub';
import { pagina, usuario as usuarioPadrao } from './fixtures';

// The identified session and the palette are lazy chunks (docs/decisoes.md §31): loaded here, when a test file imports
// this helper, so a test's first findBy does not also wait for their first transform on a loaded machine.
await Promise.all([import('../../../src/web/app/identified-session'), import('../../../src/web/app/command-palette')]);

const LISTA_VAZIA = { content: [], totalElements: 0, totalPages: 0, number: 0, size: 50, totais: { quantidade: 0, valorTotal: '0.00', valorAuditoria: '0.00' } };

type Rota = (c: Chamada) => Response | Promise<Response> | undefined;

/** The whole app with a live stored session for `usuario`, at `caminho`, with extra API routes. */
export function renderApp({ usuario = usuarioPadrao(), caminho = '/ctes', rotas = [] as Rota[] }: { usuario?: UsuarioLogado; caminho?: string; rotas?: Rota[] } = {}) {
  localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok-123', empresa: 'COLACRIL' }));
  window.history.replaceState(null, '', caminho);
  // The landing page (/ctes, or /faturas for a user who may not see CT-es) lists its records and the palette
  // searches them: empty unless the test's routes answer. (Unanswered, a landing list opened "Serviço
  // Temporariamente Indisponível" over whatever the test was doing, once the screen loaded in time.)
  const stub = stubFetch(
    rota('GET', '/api/eu', () => json(usuario)),
    ...rotas,
    rota('GET', '/api/ctes/listar-simples', () => json(LISTA_VAZIA)),
    rota('GET', '/api/faturas', () => json(pagina([]))),
    rota('GET', '/api/busca', () => json({ grupos: [] })),
  );
  const user = userEvent.setup();
  const resultado = render(<App />);
  return { ...resultado, user, ...stub };
}
