import type { GrupoBusca } from '../../../src/contracts/busca';
import { json, rota, type Chamada } from './fetch-stub';

/** The typed term of a GET /api/busca call. */
export const termoBusca = (c: Chamada) => new URL(c.url, 'http://x').searchParams.get('q') ?? '';

/** The palette's GET /api/busca (docs/decisoes.md §31): the groups the test's server would answer for the term, or a whole answer. */
export const rotaBusca = (responder: (q: string, c: Chamada) => GrupoBusca[] | Response | Promise<Response>) =>
  rota('GET', '/api/busca', (c) => {
    const r = responder(termoBusca(c), c);
    return Array.isArray(r) ? json({ grupos: r }) : r;
  });

/** The search calls made so far, by URL. */
export const buscas = (chamadas: Chamada[]) => chamadas.filter((c) => c.url.startsWith('/api/busca')).map((c) => c.url);
