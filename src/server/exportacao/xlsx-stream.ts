import type { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { formatoXlsx, larguraXlsx, valorXlsx, type ColunaExportacao } from './colunas-exportacao';
import { corpoDeStream } from '../http/corpo-de-stream';
import { contadorDeColeta } from '../memoria/coletar-lixo';
import { cederVez } from '../db/ceder-vez';

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

/** Until `destino` drained, or the download went away (a cancelled download closes `saida` without 'drain'). */
function esvaziada(destino: EventEmitter, saida: PassThrough): Promise<void> {
  return new Promise<void>((fim) => {
    const pronto = () => {
      destino.off('drain', pronto);
      destino.off('error', pronto);
      saida.off('close', pronto);
      fim();
    };
    destino.on('drain', pronto);
    destino.on('error', pronto);
    saida.on('close', pronto);
  });
}

/** What a Node stream (or readable-stream's, which archiver uses: no writableLength there) holds on both sides. */
type Interno = EventEmitter & { _writableState?: { length: number }; _readableState?: { length: number } };
const retido = (s: Interno): number => (s._writableState?.length ?? 0) + (s._readableState?.length ?? 0);

/** Uncompressed XML the sheet may hold waiting for zlib. */
const XML_PENDENTE_MAXIMO = 1024 * 1024;

/**
 * exceljs 4.4's sheet stream (a StreamBuf) writes its XML into archiver's entry stream without looking at write()'s
 * answer: when rows come faster than zlib compresses (a sorted query's rows arrive at once), the XML piled up
 * uncompressed (+670 MB of buffers over a million rows). That entry stream is the sheet stream's `pipes`; what it
 * holds is read here, and the rows wait for it as they wait for the reader.
 */
const entradasZip = (folha: unknown): Interno[] => (folha as { stream?: { pipes?: Interno[] } }).stream?.pipes ?? [];

/** Back-pressure: until zlib took the sheet's XML and the reader took the bytes (or the download went away). */
async function esperarLeitor(folha: unknown, saida: PassThrough): Promise<void> {
  for (const entrada of entradasZip(folha)) while (retido(entrada) > XML_PENDENTE_MAXIMO && !saida.destroyed) await esvaziada(entrada, saida);
  if (saida.writableNeedDrain && !saida.destroyed) await esvaziada(saida, saida);
  else await new Promise<void>((r) => setImmediate(r));
}

/** Rows between two collections (coletar-lixo.ts): some 15 MB of XML, 50–70 MB of garbage. */
const LINHAS_POR_COLETA = 20_000;

async function escrever<T>(saida: PassThrough, aba: string, colunas: readonly ColunaExportacao<T>[], lotes: AsyncIterable<readonly T[]>) {
  const livro = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: saida, useStyles: true, useSharedStrings: false });
  livro.creator = 'frete-console';
  const folha = livro.addWorksheet(nomeAba(aba), { views: [{ state: 'frozen', ySplit: 1 }] });
  folha.columns = colunas.map((c, i) => ({ key: String(i), width: larguraXlsx(c as ColunaExportacao<unknown>), style: { numFmt: formatoXlsx(c as ColunaExportacao<unknown>) } }));
  folha.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: Math.max(1, colunas.length) } };
  const cabecalho = folha.addRow(colunas.map((c) => c.titulo));
  cabecalho.font = { bold: true };
  cabecalho.commit();
  const coletar = contadorDeColeta(LINHAS_POR_COLETA);
  // Issue 33: a batch's rows in slices of the event loop (exceljs writes a row's XML synchronously; 500 rows held
  // the other requests for a second and more at a high load, on both databases).
  const ceder = cederVez();
  for await (const lote of lotes) {
    if (saida.destroyed) return;
    for (const linha of lote) {
      folha.addRow(colunas.map((c) => valorXlsx(c, linha))).commit();
      const vez = ceder();
      if (vez) await vez;
    }
    coletar(lote.length);
    // Back-pressure: wait for zlib and the reader before asking the source for more.
    await esperarLeitor(folha, saida);
  }
  folha.commit();
  await livro.commit();
}

/** The workbook of `lotes` as a byte stream (for a Response body). */
export function xlsxStream<T>(aba: string, colunas: readonly ColunaExportacao<T>[], lotes: AsyncIterable<readonly T[]>): ReadableStream<Uint8Array> {
  const saida = new PassThrough({ highWaterMark: 256 * 1024 });
  escrever(saida, aba, colunas, lotes).catch((e: unknown) => saida.destroy(e instanceof Error ? e : new Error(String(e))));
  return corpoDeStream(saida);
}
