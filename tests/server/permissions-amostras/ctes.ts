import type { Amostras, ContextoAmostras } from './tipos';

/** /api/ctes and the ERP order and invoice lookups. */
export const amostrasCtes = (_ctx: ContextoAmostras): Amostras => ({
  'POST /api/ctes/carregar-xml-tabela': async () => ({ path: '/api/ctes/carregar-xml-tabela', body: { dias: 30 } }),
  // The demo settings point at folders this machine lacks: the call is allowed, and says so.
  'GET /api/ctes/ler-arquivos': async () => ({ path: '/api/ctes/ler-arquivos', status: 409 }),
});
