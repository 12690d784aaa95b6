import type { Amostras } from './tipos';

// /api/pagamentos and /api/pre-faturas (issue 29): reads over the demo data; the actions on ids no row has
// (past the guard: 404 in Portuguese) or on a carrier with no fatura (nothing to export: 200).

export const amostrasPagamentos = (): Amostras => ({
  'GET /api/pagamentos': async () => ({ path: '/api/pagamentos?situacao=LIBERADA&transportadora=12345678000195&vencimentoInicio=2000-01-01&vencimentoFim=2099-12-31&sort=valorTotal,desc&size=100' }),
  'GET /api/pagamentos/totais': async () => ({ path: '/api/pagamentos/totais?situacao=BLOQUEADA' }),
  'POST /api/pagamentos/exportar': async () => ({ path: '/api/pagamentos/exportar', body: { transportadora: '00000000000191' } }),
  'GET /api/pagamentos/exportacoes': async () => ({ path: '/api/pagamentos/exportacoes' }),
  'GET /api/pagamentos/exportacoes/:id/csv': async () => ({ path: '/api/pagamentos/exportacoes/99999999/csv', status: 404 }),
  'POST /api/pagamentos/pagar': async () => ({ path: '/api/pagamentos/pagar', body: { faturas: [{ id: 99_999_999, versao: 0 }] }, status: 404 }),
  'POST /api/pagamentos/liberar-incontroverso': async () => ({ path: '/api/pagamentos/liberar-incontroverso', body: { faturas: [{ id: 99_999_999, versao: 0 }] }, status: 404 }),
  'GET /api/pagamentos/desempenho': async () => ({ path: '/api/pagamentos/desempenho?inicio=2026-01&fim=2026-12' }),
  'POST /api/pre-faturas': async () => ({ path: '/api/pre-faturas', body: { transportadora: 99_999_999, inicio: '2026-01-01', fim: '2026-01-31' }, status: 404 }),
  'GET /api/pre-faturas': async () => ({ path: '/api/pre-faturas' }),
  'GET /api/pre-faturas/:id': async () => ({ path: '/api/pre-faturas/99999999', status: 404 }),
  'GET /api/pre-faturas/:id/pdf': async () => ({ path: '/api/pre-faturas/99999999/pdf', status: 404 }),
  'GET /api/pre-faturas/:id/csv': async () => ({ path: '/api/pre-faturas/99999999/csv', status: 404 }),
  'GET /api/pre-faturas/:id/doccob': async () => ({ path: '/api/pre-faturas/99999999/doccob', status: 404 }),
  'GET /api/pre-faturas/:id/comparacao': async () => ({ path: '/api/pre-faturas/99999999/comparacao', status: 404 }),
});
