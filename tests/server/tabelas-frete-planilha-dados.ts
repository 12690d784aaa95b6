import ExcelJS from 'exceljs';
import { expect } from 'vitest';
import type { ResultadoImportacao } from '../../src/contracts/planilha-tabela';
import type { TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { ABAS_PLANILHA, ABA_LAYOUT, LINHA_CHAVES, PRIMEIRA_LINHA_DADOS, type IdAba } from '../../src/domain/planilha-tabela/layout';
import { json, type Harness } from './harness';

// Helpers of the freight-table workbook tests (issue 32): download, edit with exceljs as a spreadsheet program
// would, upload (dry run or confirmed).

export async function baixarPlanilha(h: Harness, token: string, id: number, empresa?: string): Promise<Uint8Array> {
  const r = await h.request('GET', `/api/tabelas-frete/${id}/planilha`, {
    token,
    empresa,
  });
  expect(r.status, await r.clone().text()).toBe(200);
  return new Uint8Array(await r.arrayBuffer());
}

/** The workbook after `editar` changed it (read and written again by exceljs). */
export async function editarPlanilha(bytes: Uint8Array, editar: (livro: ExcelJS.Workbook) => void): Promise<Uint8Array> {
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.load(bytes as unknown as ArrayBuffer);
  editar(livro);
  return new Uint8Array(await livro.xlsx.writeBuffer());
}

/** The cell of column `chave` (by the machine key in row 2) in the `n`-th data row (0 = the first) of a sheet. */
export function celula(livro: ExcelJS.Workbook, aba: IdAba, chave: string, n = 0): ExcelJS.Cell {
  const folha = livro.getWorksheet(ABAS_PLANILHA[aba].nome)!;
  let coluna = 0;
  folha.getRow(LINHA_CHAVES).eachCell((c, i) => {
    if (c.value === chave) coluna = i;
  });
  expect(coluna, `${aba}.${chave}`).toBeGreaterThan(0);
  return folha.getRow(PRIMEIRA_LINHA_DADOS + n).getCell(coluna);
}

/** The data rows of a sheet, as { key: cell value }. */
export function linhasDaAba(livro: ExcelJS.Workbook, aba: IdAba): Record<string, ExcelJS.CellValue>[] {
  const folha = livro.getWorksheet(ABAS_PLANILHA[aba].nome)!;
  const chaves = (folha.getRow(LINHA_CHAVES).values as ExcelJS.CellValue[]).map((v) => String(v ?? ''));
  const linhas: Record<string, ExcelJS.CellValue>[] = [];
  folha.eachRow((row, n) => {
    if (n < PRIMEIRA_LINHA_DADOS) return;
    linhas.push(Object.fromEntries(chaves.map((k, i) => [k, row.getCell(i).value]).filter(([k]) => k)));
  });
  return linhas;
}

/** A YYYY-MM-DD day as the date cell a spreadsheet program writes. */
export const diaExcel = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Moves the vigência start of the workbook's table (a new version must start later). */
export const comInicio = (bytes: Uint8Array, inicio: string) =>
  editarPlanilha(bytes, (livro) => {
    celula(livro, 'tabela', 'INICIO').value = diaExcel(inicio);
  });

/** Blanks the table id of the very hidden layout sheet: the workbook then describes a new table. */
export function semTabelaDeOrigem(livro: ExcelJS.Workbook) {
  livro.getWorksheet(ABA_LAYOUT)!.eachRow((row) => {
    if (row.getCell(1).value === 'TABELA_ID' || row.getCell(1).value === 'TABELA_VERSAO') row.getCell(2).value = null;
  });
}

export function enviarPlanilha(h: Harness, token: string, bytes: Uint8Array, opcoes: { simular?: boolean; nome?: string; empresa?: string } = {}) {
  const form = new FormData();
  form.append('arquivo', new File([bytes as Uint8Array<ArrayBuffer>], opcoes.nome ?? 'tabela.xlsx'));
  return h.request('POST', `/api/tabelas-frete/planilha${opcoes.simular ? '?simular=true' : ''}`, { token, body: form, empresa: opcoes.empresa });
}

/** The dry run's answer (always 200). */
export async function simular(h: Harness, token: string, bytes: Uint8Array): Promise<ResultadoImportacao> {
  const r = await enviarPlanilha(h, token, bytes, { simular: true });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<ResultadoImportacao>(r);
}

/** The confirmed import that must succeed. */
export async function importar(h: Harness, token: string, bytes: Uint8Array): Promise<ResultadoImportacao & { tabela: { id: number; versao: number } }> {
  const r = await enviarPlanilha(h, token, bytes);
  expect(r.status, await r.clone().text()).toBe(200);
  return json(r);
}

/** Decimal texts by value ("4.50" and "4.5" are the same price: a spreadsheet cell holds a number, not its zeros). */
export function decimaisPorValor<T>(x: T): T {
  if (typeof x === 'string') return (/^-?\d+\.\d+$/.test(x) ? x.replace(/\.?0+$/, '') : x) as T;
  if (Array.isArray(x)) return x.map(decimaisPorValor) as T;
  if (x && typeof x === 'object') return Object.fromEntries(Object.entries(x).map(([k, v]) => [k, decimaisPorValor(v)])) as T;
  return x;
}

/**
 * A table without what a new version changes by design: its row (id, versao), its vigência start, its links, and
 * the nested ids (a workbook carries none: the new row numbers its items afresh); decimals compared by value.
 */
export function conteudoSemIds(t: TabelaFrete) {
  const { id: _id, versao: _v, inicio: _i, tabelaAnterior: _a, versaoSeguinte: _s, ...resto } = t;
  const sem = <T extends { id?: number }>(x: T) => {
    const { id: _x, ...r } = x;
    return r;
  };
  const elementos = (es: TabelaFrete['elementosCusto']) => es.map(sem);
  return decimaisPorValor({
    ...resto,
    elementosCusto: elementos(t.elementosCusto),
    percursos: t.percursos.map((p) => ({
      ...sem(p),
      origens: p.origens.map(sem),
      destinos: p.destinos.map((d) => ({
        ...sem(d),
        incidencias: d.incidencias.map((i) => ({
          ...sem(i),
          elementosCusto: elementos(i.elementosCusto),
        })),
      })),
      elementosCusto: elementos(p.elementosCusto),
    })),
  });
}
