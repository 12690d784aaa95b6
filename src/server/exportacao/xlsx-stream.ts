import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatoXlsx, larguraXlsx, valorXlsx, type ColunaExportacao } from './colunas-exportacao';

// Issue 32: a list as a workbook, streamed (exceljs' streaming writer): one sheet, bold frozen header with an
// autofilter, typed cells. The rows come in batches from an async source (a database cursor or keyset batches)
// and the next batch is asked only when the bytes written so far have drained to the reader, so a million rows
// hold about one batch in memory. Server side only: the browser never loads exceljs.

export const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Column letters of an index from 1 ("A", …, "Z", "AA"). */
export function letraColuna(n: number): string {
  let s = '';
  for (let i = n; i > 0; i = Math.floor((i - 1) / 26)) s = String.fromCharCode(65 + ((i - 1) % 26)) + s;
  return s;
}

/** Sheet names: at most 31 characters, none of []:*?/\ . */
export const nomeAba = (nome: string): string => nome.replace(/[[\]:*?/\\]/g, ' ').slice(0, 31) || 'Planilha';

/** Until the reader took the bytes written so far, or went away (a cancelled download closes without 'drain'). */
function esvaziada(saida: PassThrough): Promise<void> {
  return new Promise<void>((fim) => {
    const pronto = () => {
      saida.off('drain', pronto);
      saida.off('close', pronto);
      fim();
    };
    saida.on('drain', pronto);
    saida.on('close', pronto);
  });
}

async function escrever<T>(saida: PassThrough, aba: string, colunas: readonly ColunaExportacao<T>[], lotes: AsyncIterable<readonly T[]>) {
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  livro.creator = 'frete-console';
  const folha = livro.addWorksheet(nomeAba(aba), { views: [{ state: 'frozen', ySplit: 1 }] });
  folha.columns = colunas.map((c, i) => ({ key: String(i), width: larguraXlsx(c as ColunaExportacao<unknown>), style: { numFmt: formatoXlsx(c as ColunaExportacao<unknown>) } }));
  folha.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, colunas.length) } };
  const cabecalho = folha.addRow(colunas.map((c) => c.titulo));
  cabecalho.font = { bold: true };
  cabecalho.commit();
  for await (const lote of lotes) {
    if (saida.destroyed) return;
    for (const linha of lote) folha.addRow(colunas.map((c) => valorXlsx(c, linha))).commit();
    // Back-pressure: wait for the reader before asking the source for more.
    if (saida.writableNeedDrain) await esvaziada(saida);
    else await new Promise<void>((r) => setImmediate(r));
  }
  folha.commit();
  await livro.commit();
}

/** The workbook of `lotes` as a byte stream (for a Response body). */
export function xlsxStream<T>(aba: string, colunas: readonly ColunaExportacao<T>[], lotes: AsyncIterable<readonly T[]>): ReadableStream<Uint8Array> {
  const saida = new PassThrough({ highWaterMark: 256 * 1024 });
  escrever(saida, aba, colunas, lotes).catch((e: unknown) => saida.destroy(e instanceof Error ? e : new Error(String(e))));
  return Readable.toWeb(saida) as ReadableStream<Uint8Array>;
}
