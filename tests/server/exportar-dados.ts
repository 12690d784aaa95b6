import { Readable } from 'node:stream';
import type { ReadableStream as ReadableStreamNode } from 'node:stream/web';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { expect } from 'vitest';
import { MSG_NADA_PARA_EXPORTAR } from '../../src/contracts/exportacao';
import { TIPO_XLSX } from '../../src/server/exportacao/xlsx-stream';
import type { Harness } from './harness';

// Issue 32: what every list export test reads back: the workbook parsed by exceljs, the CSV by papaparse.

export const NOME_FORMULA = '=HYPERLINK("http://x.invalid","clique")';

/** The sheet's rows as value arrays (header first), from a 200 answer with the .xlsx content type. */
export async function lerXlsx(r: Response) {
  expect(r.status, r.status === 200 ? '' : await r.clone().text()).toBe(200);
  expect(r.headers.get('Content-Type')).toBe(TIPO_XLSX);
  expect(r.headers.get('Content-Disposition')).toMatch(/^attachment; filename="[\w-]+-\d{4}-\d{2}-\d{2}\.xlsx"$/);
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.read(Readable.fromWeb(r.body! as ReadableStreamNode));
  const folha = livro.worksheets[0];
  return { folha, total: Number(r.headers.get('X-Total-Linhas')), cabecalho: (folha.getRow(1).values as unknown[]).slice(1) as string[] };
}

/** A column's cells (from row 2) by its header. */
export function coluna(folha: ExcelJS.Worksheet, cabecalho: string[], titulo: string): ExcelJS.Cell[] {
  const n = cabecalho.indexOf(titulo) + 1;
  expect(n, `coluna ${titulo}`).toBeGreaterThan(0);
  const celulas: ExcelJS.Cell[] = [];
  for (let i = 2; i <= folha.rowCount; i++) celulas.push(folha.getRow(i).getCell(n));
  return celulas;
}

/** The CSV's records (header first). */
export async function lerCsv(r: Response): Promise<string[][]> {
  expect(r.status).toBe(200);
  expect(r.headers.get('Content-Type')).toBe('text/csv; charset=utf-8');
  const texto = (await r.text()).replace(/^\uFEFF/, '');
  return Papa.parse<string[]>(texto.trimEnd(), { delimiter: ';' }).data;
}

/** The refusals every export shares: nothing matches → 404, a bad formato → 400, no permission → 403. */
export async function recusasExportacao(h: Harness, o: { token: string; semPermissao: string; vazio: string; comFiltro: string }) {
  const vazio = await h.request('GET', o.vazio, { token: o.token });
  expect(vazio.status).toBe(404);
  expect(await vazio.json()).toEqual({ mensagens: [MSG_NADA_PARA_EXPORTAR] });
  const ruim = await h.request('GET', `${o.comFiltro.replace(/formato=\w+/, 'formato=pdf')}`, { token: o.token });
  expect(ruim.status).toBe(400);
  expect(await ruim.json()).toEqual({ mensagens: ['Formato de exportação inválido: use xlsx ou csv.'] });
  expect((await h.request('GET', o.comFiltro, { token: o.semPermissao })).status).toBe(403);
}
