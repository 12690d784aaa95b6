import { and, asc, between, eq, gt, isNotNull, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { CompanyDatabase } from '../../src/server/db/database';
import { erpTabelas, erpTabelasRelatorios } from '../../src/server/erp/erp-tabelas';
import { STATUS_PEDIDO_OCULTOS } from '../../src/contracts/pedidos-erp';

// Reference data for tests/server/relatorios.test.ts, read straight from the demo ERP tables (not through
// the code under test): notes with and without a PDF, an order's PDF notes, the period totals.

const t = (b: CompanyDatabase) => ({ ...erpTabelas(b.erpSchema), ...erpTabelasRelatorios(b.erpSchema) });

export async function notaComPdf(b: CompanyDatabase) {
  const { vwNotaFiscal: n, vwNotaFiscalPdf: p } = t(b);
  const [nota] = await b.db
    .select({ notaFiscalId: n.notaFiscalId, numero: n.numero, pedidoId: n.pedidoId })
    .from(n)
    .innerJoin(p, eq(p.notaFiscalId, n.notaFiscalId))
    .where(isNotNull(n.pedidoId))
    .orderBy(asc(n.notaFiscalId))
    .limit(1);
  return nota;
}

export async function notaSemPdf(b: CompanyDatabase) {
  const { vwNotaFiscal: n, vwNotaFiscalPdf: p } = t(b);
  const [nota] = await b.db.select({ notaFiscalId: n.notaFiscalId, numero: n.numero }).from(n).leftJoin(p, eq(p.notaFiscalId, n.notaFiscalId)).where(isNull(p.notaFiscalId)).orderBy(asc(n.notaFiscalId)).limit(1);
  return nota;
}

/** How many notes there are, and how many have a PDF. */
export async function contagemPdfs(b: CompanyDatabase) {
  const { vwNotaFiscal: n, vwNotaFiscalPdf: p } = t(b);
  const [{ notas }] = await b.db.select({ notas: sql<number>`count(*)::int` }).from(n);
  const [{ pdfs }] = await b.db.select({ pdfs: sql<number>`count(*)::int` }).from(p);
  return { notas, pdfs };
}

/** The numbers of the order's notes that have a PDF. */
export async function numerosComPdf(b: CompanyDatabase, pedidoId: string) {
  const { vwNotaFiscal: n, vwNotaFiscalPdf: p } = t(b);
  const linhas = await b.db.select({ numero: n.numero }).from(n).innerJoin(p, eq(p.notaFiscalId, n.notaFiscalId)).where(eq(n.pedidoId, pedidoId));
  return linhas.map((l) => l.numero).sort((x, y) => x - y);
}

/** Orders' and outgoing notes' totals of a period. */
export async function totaisPeriodo(b: CompanyDatabase, inicio: string, fim: string) {
  const { vwPedido, vwNotaFiscal } = t(b);
  const [{ vendido }] = await b.db
    .select({ vendido: sql<string>`coalesce(sum(${vwPedido.valorTotal}), 0)::numeric(15,2)::text` })
    .from(vwPedido)
    .where(and(between(vwPedido.dataPedido, inicio, fim), notInArray(vwPedido.status, [...STATUS_PEDIDO_OCULTOS])));
  const [{ faturado }] = await b.db
    .select({ faturado: sql<string>`coalesce(sum(${vwNotaFiscal.valor}), 0)::numeric(15,2)::text` })
    .from(vwNotaFiscal)
    .where(and(between(vwNotaFiscal.dataEmissao, inicio, fim), eq(vwNotaFiscal.tipo, 'SAIDA')));
  return { vendido, faturado };
}

/** Receivables due in the period, still open at `posicao`: count and total. */
export async function vencidos(b: CompanyDatabase, inicio: string, fim: string, posicao: string) {
  const { vwTituloReceber: r } = t(b);
  const [x] = await b.db
    .select({ n: sql<number>`count(*)::int`, total: sql<string>`coalesce(sum(${r.valor}), 0)::numeric(15,2)::text` })
    .from(r)
    .where(and(between(r.dataVencimento, inicio, fim), lt(r.dataVencimento, posicao), or(isNull(r.dataPagamento), gt(r.dataPagamento, posicao))));
  return x;
}
