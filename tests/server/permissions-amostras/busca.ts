import type { Amostras } from './tipos';

/** /api/busca (docs/decisoes.md §31): the palette's search; digits reach the number kinds, a word the registers. */
export const amostrasBusca = (): Amostras => ({
  'GET /api/busca': async () => ({ path: '/api/busca?q=log' }),
});
