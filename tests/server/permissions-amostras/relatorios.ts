import { asc, eq, isNotNull } from 'drizzle-orm';
import { dataSaoPaulo, somarDias } from '../../../src/domain/sao-paulo-date';
import { erpTabelas, erpTabelasRelatorios } from '../../../src/server/erp/erp-tabelas';
import type { Amostras, ContextoAmostras } from './tipos';
import { relogio } from '../../../src/domain/relogio';

/** The report downloads of spec 03 §7 (docs/decisoes.md §28): a note with a PDF and its order (COLACRIL), the last 30 days. */
export const amostrasRelatorios = (ctx: ContextoAmostras): Amostras => {
  const nota = async () => {
    const b = ctx.harness().bancos.COLACRIL;
    const { vwNotaFiscal: n } = erpTabelas(b.erpSchema);
    const { vwNotaFiscalPdf: p } = erpTabelasRelatorios(b.erpSchema);
    const [x] = await b.db.select({ id: n.notaFiscalId, pedidoId: n.pedidoId }).from(n).innerJoin(p, eq(p.notaFiscalId, n.notaFiscalId)).where(isNotNull(n.pedidoId)).orderBy(asc(n.notaFiscalId)).limit(1);
    return x;
  };
  const hoje = dataSaoPaulo(relogio.agora())!;
  const periodo = `inicio=${somarDias(hoje, -30)}&fim=${hoje}`;
  return {
    'GET /api/vw-notas-fiscais/pdf': async () => ({ path: `/api/vw-notas-fiscais/pdf?notaFiscalId=${encodeURIComponent((await nota()).id)}` }),
    'GET /api/vw-notas-fiscais/pdfs': async () => ({ path: `/api/vw-notas-fiscais/pdfs?pedidoId=${encodeURIComponent((await nota()).pedidoId!)}` }),
    'GET /api/vwpedidos/espelhoPedido/:json': async () => ({ path: `/api/vwpedidos/espelhoPedido/${encodeURIComponent(JSON.stringify({ pedidoId: (await nota()).pedidoId }))}` }),
    'GET /api/acompanhamentos/vendidoXfaturado': async () => ({ path: `/api/acompanhamentos/vendidoXfaturado?${periodo}` }),
    'GET /api/acompanhamentos/consolidado': async () => ({ path: `/api/acompanhamentos/consolidado?${periodo}` }),
    'GET /api/inadimplencias/impressao': async () => ({ path: `/api/inadimplencias/impressao?${periodo}` }),
    'GET /api/inadimplencias/csv': async () => ({ path: `/api/inadimplencias/csv?${periodo}` }),
  };
};
