import type { Amostras, ContextoAmostras } from './tipos';

/** /api/regras-pagamento (issue 29): the release rules, read, and saved back as read (with the current version). */
export const amostrasRegrasPagamento = (ctx: ContextoAmostras): Amostras => ({
  'GET /api/regras-pagamento': async () => ({ path: '/api/regras-pagamento' }),
  'POST /api/regras-pagamento': async () => ({ path: '/api/regras-pagamento', body: await ctx.obter('/api/regras-pagamento') }),
});
