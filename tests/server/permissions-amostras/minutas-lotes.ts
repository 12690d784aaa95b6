import type { Amostras, ContextoAmostras } from './tipos';

/** /api/public (docs/decisoes.md §20): the Minutas screen's three admin batches; each is idempotent, so any call is a sample. */
export const amostrasMinutasLotes = (_ctx: ContextoAmostras): Amostras => ({
  // The permission harness has no EDI_DIR: past the guard, the reading answers 409 in Portuguese.
  'GET /api/public/txts/conhecimentos': async () => ({ path: '/api/public/txts/conhecimentos', status: 409 }),
  'GET /api/public/conhecimentos/minutas': async () => ({ path: '/api/public/conhecimentos/minutas' }),
  'GET /api/public/minutas/ctes': async () => ({ path: '/api/public/minutas/ctes' }),
});
