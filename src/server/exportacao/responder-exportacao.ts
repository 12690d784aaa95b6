import type { Context } from 'hono';
import { MSG_NADA_PARA_EXPORTAR, type FormatoExportacao } from '../../contracts/exportacao';
import { BOM, linhasCsv } from '../../domain/csv-excel';
import { ApiError } from '../http/api-error';
import { valorCsv, type ColunaExportacao } from './colunas-exportacao';
import { TIPO_XLSX, xlsxStream } from './xlsx-stream';

// Issue 32: "Exportar para Excel" (and CSV) of a list, one answer for every list: the list's current filter, counted
// first (X-Total-Linhas, the client's progress; 404 with MSG_NADA_PARA_EXPORTAR when nothing matches), then streamed.

export interface Exportacao<T> {
  formato: FormatoExportacao;
  /** File name without extension (safe characters only: the caller builds it). */
  arquivo: string;
  /** Sheet name of the workbook. */
  aba: string;
  colunas: readonly ColunaExportacao<T>[];
  total: number;
  lotes: () => AsyncIterable<readonly T[]>;
}

function csvDeLotes<T>(colunas: readonly ColunaExportacao<T>[], lotes: AsyncIterable<readonly T[]>): ReadableStream<Uint8Array> {
  const codificador = new TextEncoder();
  const iterador = lotes[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(codificador.encode(BOM + linhasCsv([colunas.map((c) => c.titulo)])));
    },
    async pull(controller) {
      const { value, done } = await iterador.next();
      if (done) return controller.close();
      if (value.length) controller.enqueue(codificador.encode(linhasCsv(value.map((l) => colunas.map((c) => valorCsv(c, l))))));
    },
    async cancel() {
      await iterador.return?.();
    },
  });
}

export function responderExportacao<T>(c: Context, e: Exportacao<T>): Response {
  if (e.total === 0) throw new ApiError(404, [MSG_NADA_PARA_EXPORTAR]);
  const xlsx = e.formato === 'xlsx';
  const corpo = xlsx ? xlsxStream(e.aba, e.colunas, e.lotes()) : csvDeLotes(e.colunas, e.lotes());
  return c.body(corpo, 200, {
    'Content-Type': xlsx ? TIPO_XLSX : 'text/csv; charset=utf-8',
    'Content-Disposition': `attachment; filename="${e.arquivo}.${e.formato}"`,
    'X-Total-Linhas': String(e.total),
    'Cache-Control': 'no-store',
  });
}
