import { podeTransitar } from '../../../machines/cte-audit';
import type { CteLinha } from '../../../src/contracts/ctes';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/ctes and the ERP order and invoice lookups. */
export const amostrasCtes = (ctx: ContextoAmostras): Amostras => {
  /** A CT-e of the demo seed (any), read fresh (its version changes as samples run). */
  const ctes = async (): Promise<CteLinha[]> => (await ctx.obter('/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2000-01-01&dataFim=2099-12-31&size=50')).content;
  const algumCte = async () => (await ctes())[0];
  const pedido = async () => (await ctx.obter('/api/vwpedidos/listarSimples?size=1')).content[0]?.pedidoId ?? 'P-INEXISTENTE';
  const chavePedido = async () => encodeURIComponent(JSON.stringify({ pedidoId: await pedido() }));
  return {
    // dias 0: the CT-es read since now, none of the demo's (re-reading them all is configuracoes.test.ts's).
    'POST /api/ctes/carregar-xml-tabela': async () => ({ path: '/api/ctes/carregar-xml-tabela', body: { dias: 0 } }),
    'GET /api/ctes/carregar-xml-tabela': async () => ({ path: '/api/ctes/carregar-xml-tabela' }),
    // The demo settings point at folders this machine lacks: the call is allowed, and says so.
    'GET /api/ctes/ler-arquivos': async () => ({ path: '/api/ctes/ler-arquivos', status: 409 }),
    // Every kind of filter (the hostile-input test replaces each one).
    'GET /api/ctes/exportar': async () => ({ path: '/api/ctes/exportar?formato=csv&dataIni=2001-01-01&dataFim=2001-01-01', status: 404 }),
    'GET /api/ctes/listar-simples': async () => ({
      path: '/api/ctes/listar-simples?tomadorServico=TODOS&status=PROCESSADO&dataIni=2000-01-01&dataFim=2099-12-31&numeroPedido=P1&numeroNf=1&cliente=1',
    }),
    'GET /api/ctes': async () => ({ path: '/api/ctes?cte=123' }),
    'GET /api/ctes/processar': async () => ({ path: '/api/ctes/processar' }),
    'GET /api/ctes/processar-cte/:id': async () => {
      // One read from an XML in a status that may be reprocessed (the newest CT-es of the demo depend on the
      // hour: a minuta's CT-e has no XML to re-read, a cancelled one may not be reprocessed — both 409).
      const lista = await ctes();
      const c = lista.find((x) => x.origemDocumento === 'XML' && podeTransitar(x.status, 'REPROCESSAR')) ?? lista[0];
      const ok = c && c.origemDocumento === 'XML' && podeTransitar(c.status, 'REPROCESSAR');
      return { path: `/api/ctes/processar-cte/${c?.id ?? 1}`, ...(ok ? {} : { status: c ? 409 : 404 }) };
    },
    'GET /api/ctes/processar-integracao': async () => ({ path: '/api/ctes/processar-integracao' }),
    'GET /api/ctes/preencher-valor': async () => ({ path: '/api/ctes/preencher-valor' }),
    'GET /api/ctes/preencher-tipo': async () => ({ path: '/api/ctes/preencher-tipo' }),
    'GET /api/ctes/ler-notas-fiscais': async () => ({ path: '/api/ctes/ler-notas-fiscais' }),
    'GET /api/ctes/criar-nf': async () => ({ path: '/api/ctes/criar-nf' }),
    // Two CT-es that are not candidates: the allowed user reaches the grouping rules (409).
    'POST /api/ctes/confirmar-agrupamento': async () => {
      const ids = (await ctes())
        .filter((c) => c.cobrancaRoteirizada !== 'CANDIDATO')
        .slice(0, 2)
        .map((c) => c.id);
      const tipo = (await ctx.obter('/api/tipos-veiculo?size=1')).content[0];
      return { path: '/api/ctes/confirmar-agrupamento', body: { ctes: ids.length === 2 ? ids : [1, 2], tipoVeiculo: { id: tipo?.id ?? 1 } }, status: ids.length === 2 ? 409 : 400 };
    },
    // A stale version: the allowed user gets the 409, nothing changes.
    'POST /api/ctes/desconsiderar': async () => {
      const c = await algumCte();
      return { path: '/api/ctes/desconsiderar', body: { id: c?.id ?? 1, versao: 2_000_000_000 }, status: c ? 409 : 404 };
    },
    'GET /api/ctes/:id': async () => {
      const c = await algumCte();
      return { path: `/api/ctes/${c?.id ?? 1}`, ...(c ? {} : { status: 404 }) };
    },
    'POST /api/ctes': async () => {
      const c = await algumCte();
      return { path: '/api/ctes', body: { id: c?.id ?? 1, versao: 2_000_000_000 }, status: c ? 409 : 404 };
    },
    'GET /api/vwpedidos/listarSimples': async () => ({ path: '/api/vwpedidos/listarSimples?size=5' }),
    'GET /api/vwpedidos/detalhe/:json': async () => ({ path: `/api/vwpedidos/detalhe/${await chavePedido()}` }),
    'GET /api/vwpedidos/:json': async () => ({ path: `/api/vwpedidos/${await chavePedido()}` }),
    'GET /api/vw-notas-fiscais/quantidade-nfs': async () => ({ path: `/api/vw-notas-fiscais/quantidade-nfs?pedidoId=${encodeURIComponent(await pedido())}` }),
  };
};
