import type { Context } from 'hono';
import { MSG_NADA_PARA_EXPORTAR, type FormatoExportacao } from '../../contracts/exportacao';
import { csvStream } from '../csv/csv-stream';
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

/** The CSV dialect of §29 through the one streamed CSV writer, each cell formatted by its column's type. */
const csvDeLotes = <T>(colunas: readonly ColunaExportacao<T>[], lotes: AsyncIterable<readonly T[]>): ReadableStream<Uint8Array> =>
  csvStream(
    colunas.map((c) => ({ titulo: c.titulo, valor: (l: T) => valorCsv(c, l) })),
    lotes,
  );

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
