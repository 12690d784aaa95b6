import ExcelJS from 'exceljs';
import { LAYOUT_PLANILHA_TABELA, MSG_PLANILHA_ILEGIVEL, MSG_PLANILHA_OUTRO_LAYOUT, VERSAO_LAYOUT_PLANILHA_TABELA, msgPlanilhaLinhas } from '../../../contracts/planilha-tabela';
import type { Celula } from '../../../domain/planilha-tabela/celulas';
import type { AbaBruta } from '../../../domain/planilha-tabela/ler-abas';
import { ABAS_PLANILHA, ABA_LAYOUT, IDS_ABAS, LINHA_CHAVES, PRIMEIRA_LINHA_DADOS, type IdAba } from '../../../domain/planilha-tabela/layout';
import type { LimitesPlanilha } from './limites-zip';

// An .xlsx (already within the zip limits) → the raw sheets of the layout. exceljs hands over what the cell holds:
// a formula's cached result, rich text's text, a hyperlink's text; the domain reads the types (celulas.ts).

export type AbasXlsx =
  | { ok: true; abas: Partial<Record<IdAba, AbaBruta>>; origem: { tabelaId: number | null; tabelaVersao: number | null } }
  | { ok: false; mensagem: string };

function celula(v: ExcelJS.CellValue): Celula {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' || v instanceof Date) return v;
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('formula' in v || 'sharedFormula' in v) return celula((v as ExcelJS.CellFormulaValue).result as ExcelJS.CellValue);
    if ('hyperlink' in v) return typeof v.text === 'string' ? v.text : celula(v.text as ExcelJS.CellValue);
    if ('error' in v) return String(v.error);
  }
  return null;
}

/** Cells 1..n of a row, as an array from index 0. */
function valores(row: ExcelJS.Row): Celula[] {
  const vs = row.values as ExcelJS.CellValue[];
  return Array.from({ length: Math.max(0, vs.length - 1) }, (_, i) => celula(vs[i + 1]));
}

/** The very hidden sheet: the layout and version must be ours; the table's id and version may be empty (a template). */
function lerLayout(livro: ExcelJS.Workbook): { tabelaId: number | null; tabelaVersao: number | null } | null {
  const folha = livro.getWorksheet(ABA_LAYOUT);
  if (!folha) return null;
  const pares = new Map<string, Celula>();
  folha.eachRow((row) => {
    const [k, v] = valores(row);
    if (typeof k === 'string') pares.set(k.trim().toUpperCase(), v ?? null);
  });
  if (pares.get('LAYOUT') !== LAYOUT_PLANILHA_TABELA || Number(pares.get('VERSAO')) !== VERSAO_LAYOUT_PLANILHA_TABELA) return null;
  const inteiro = (v: Celula | undefined) => (typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : null);
  return { tabelaId: inteiro(pares.get('TABELA_ID')), tabelaVersao: inteiro(pares.get('TABELA_VERSAO')) };
}

export async function abasXlsx(bytes: Uint8Array, limites: LimitesPlanilha): Promise<AbasXlsx> {
  const livro = new ExcelJS.Workbook();
  try {
    await livro.xlsx.load(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) as unknown as ArrayBuffer);
  } catch {
    return { ok: false, mensagem: MSG_PLANILHA_ILEGIVEL };
  }
  const origem = lerLayout(livro);
  if (!origem) return { ok: false, mensagem: MSG_PLANILHA_OUTRO_LAYOUT };
  const abas: Partial<Record<IdAba, AbaBruta>> = {};
  for (const id of IDS_ABAS) {
    const nome = ABAS_PLANILHA[id].nome;
    const folha = livro.getWorksheet(nome);
    if (!folha) continue;
    if (folha.rowCount > limites.linhasPorAba) return { ok: false, mensagem: msgPlanilhaLinhas(nome, limites.linhasPorAba) };
    const aba: AbaBruta = { nome, chaves: valores(folha.getRow(LINHA_CHAVES)), linhas: [] };
    folha.eachRow((row, n) => {
      if (n >= PRIMEIRA_LINHA_DADOS) aba.linhas.push({ linha: n, valores: valores(row) });
    });
    abas[id] = aba;
  }
  return { ok: true, abas, origem };
}
