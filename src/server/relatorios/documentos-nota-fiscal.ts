import { and, asc, eq } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { mensagemNotaSemPdf, mensagemPedidoSemNotas, NOMES_ARQUIVOS } from '../../contracts/relatorios';
import type { CompanyDatabase } from '../db/database';
import { ApiError } from '../http/api-error';
import { tabelasRelatorios } from './tabelas-relatorios';

// The ERP's invoice PDFs (spec 03 §7 /vw-notas-fiscais/pdf and /pdfs, §8: a 404 carries the warning text).

/** An order holds a handful of notes; more than this many PDFs in one ZIP is not an order's. */
const MAXIMO_NOTAS_ZIP = 500;

/** The PDF of a note (by its ERP id; with `pedidoId`, only when the note is that order's). */
export async function pdfDaNota(banco: CompanyDatabase, q: { notaFiscalId: string; pedidoId?: string }): Promise<{ pdf: Buffer; numero: number }> {
  const t = tabelasRelatorios(banco);
  const [nota] = await banco.db
    .select({ numero: t.vwNotaFiscal.numero, pedidoId: t.vwNotaFiscal.pedidoId, pdf: t.vwNotaFiscalPdf.pdf })
    .from(t.vwNotaFiscal)
    .leftJoin(t.vwNotaFiscalPdf, eq(t.vwNotaFiscalPdf.notaFiscalId, t.vwNotaFiscal.notaFiscalId))
    .where(eq(t.vwNotaFiscal.notaFiscalId, q.notaFiscalId))
    .limit(1);
  if (!nota || !nota.pdf || (q.pedidoId !== undefined && nota.pedidoId !== q.pedidoId)) throw new ApiError(404, [mensagemNotaSemPdf(nota?.numero ?? q.notaFiscalId)]);
  return { pdf: nota.pdf, numero: nota.numero };
}

/** Every note PDF of an order in a ZIP (one file per note, by number); none is a 404. */
export async function zipDoPedido(banco: CompanyDatabase, pedidoId: string): Promise<Uint8Array> {
  const t = tabelasRelatorios(banco);
  const notas = await banco.db
    .select({ notaFiscalId: t.vwNotaFiscal.notaFiscalId, numero: t.vwNotaFiscal.numero, serie: t.vwNotaFiscal.serie, pdf: t.vwNotaFiscalPdf.pdf })
    .from(t.vwNotaFiscal)
    .innerJoin(t.vwNotaFiscalPdf, eq(t.vwNotaFiscalPdf.notaFiscalId, t.vwNotaFiscal.notaFiscalId))
    .where(and(eq(t.vwNotaFiscal.pedidoId, pedidoId)))
    .orderBy(asc(t.vwNotaFiscal.numero), asc(t.vwNotaFiscal.notaFiscalId))
    .limit(MAXIMO_NOTAS_ZIP);
  if (!notas.length) throw new ApiError(404, [mensagemPedidoSemNotas(pedidoId)]);
  const arquivos: Record<string, Uint8Array> = {};
  for (const n of notas) {
    const nome = NOMES_ARQUIVOS.notaFiscal(n.numero);
    // Two séries may share a number: the second one takes its série and id.
    arquivos[nome in arquivos ? NOMES_ARQUIVOS.notaFiscal(`${n.numero}-serie-${n.serie}-${n.notaFiscalId}`) : nome] = new Uint8Array(n.pdf);
  }
  return zipSync(arquivos, { level: 6 });
}
