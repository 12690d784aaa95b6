import { decimalCsv, FORMULA_CSV } from '../../domain/csv-excel';
import { formatDateBr } from '../../domain/format-date-br';
import { isoSaoPaulo } from '../../domain/sao-paulo-date';

// Issue 32: one column list for a list's CSV and its .xlsx. A column says what its values are; each format writes
// them its way (the CSV as pt-BR text, docs/decisoes.md §29; the workbook as typed cells: numbers, dates, R$).

/**
 * texto: as is (formula-like text neutralised in both formats); inteiro; decimal (an exact decimal string,
 * `casas` places); dinheiro (an exact decimal string, R$ with 2 places); percentual (a decimal string of percent
 * points, "12.5" = 12,5 %); data (YYYY-MM-DD); dataHora (an instant: São Paulo's wall time).
 */
export type TipoColuna = 'texto' | 'inteiro' | 'decimal' | 'dinheiro' | 'percentual' | 'data' | 'dataHora';

export type ValorColuna = string | number | Date | null | undefined;

export interface ColunaExportacao<T> {
  titulo: string;
  tipo: TipoColuna;
  valor: (linha: T) => ValorColuna;
  /** Places of a `decimal` column, or of a `percentual` one's percent points (default 2). */
  casas?: number;
  /** Column width in characters in the workbook (default: by type and title). */
  largura?: number;
}

/** A text from outside (carrier, ERP, XML) that a spreadsheet would run as a formula gets a leading apostrophe. */
export const neutralizarTexto = (texto: string): string => (FORMULA_CSV.test(texto) ? `'${texto}` : texto);

/** "2026-03-05T17:30:00Z" → "05/03/2026 14:30" (São Paulo). */
function dataHoraBr(v: ValorColuna): string {
  if (v === null || v === undefined || v === '') return '';
  const d = v instanceof Date ? v : new Date(v);
  if (Number.isNaN(d.getTime())) return String(v);
  const iso = isoSaoPaulo(d);
  return `${formatDateBr(iso.slice(0, 10))} ${iso.slice(11, 16)}`;
}

/** A cell of the CSV (papaparse neutralises formula-like text itself). */
export function valorCsv<T>(coluna: ColunaExportacao<T>, linha: T): string | number {
  const v = coluna.valor(linha);
  if (v === null || v === undefined) return '';
  switch (coluna.tipo) {
    case 'data':
      return formatDateBr(v instanceof Date ? v : String(v));
    case 'dataHora':
      return dataHoraBr(v);
    case 'decimal':
    case 'dinheiro':
    case 'percentual':
      return decimalCsv(String(v));
    default:
      return typeof v === 'number' ? v : String(v);
  }
}

/** A YYYY-MM-DD date as the Date exceljs writes as that calendar day (UTC midnight: Excel dates have no zone). */
function diaExcel(v: ValorColuna): Date | null {
  const texto = v instanceof Date ? v.toISOString() : String(v);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(texto);
  return m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
}

/** An instant as São Paulo's wall time, written as Excel's zone-less date-time. */
function instanteExcel(v: ValorColuna): Date | null {
  const d = v instanceof Date ? v : new Date(String(v));
  if (Number.isNaN(d.getTime())) return null;
  return new Date(`${isoSaoPaulo(d).slice(0, 19)}Z`);
}

/** A number cell from an exact decimal string: the nearest double (what any spreadsheet holds), never a sum of floats. */
function numeroExcel(v: ValorColuna): number | null {
  const n = typeof v === 'number' ? v : Number(String(v));
  return Number.isFinite(n) ? n : null;
}

/** A cell of the workbook: typed, text neutralised. */
export function valorXlsx<T>(coluna: ColunaExportacao<T>, linha: T): string | number | Date | null {
  const v = coluna.valor(linha);
  if (v === null || v === undefined || v === '') return null;
  switch (coluna.tipo) {
    case 'data':
      return diaExcel(v);
    case 'dataHora':
      return instanteExcel(v);
    case 'inteiro':
    case 'decimal':
    case 'dinheiro':
      return numeroExcel(v);
    case 'percentual': {
      const n = numeroExcel(v);
      return n === null ? null : n / 100;
    }
    default:
      return neutralizarTexto(String(v));
  }
}

/** The Excel number format of a column (pt-BR separators come from the reader's locale). */
export function formatoXlsx(coluna: ColunaExportacao<unknown>): string | undefined {
  switch (coluna.tipo) {
    case 'data':
      return 'dd/mm/yyyy';
    case 'dataHora':
      return 'dd/mm/yyyy hh:mm';
    case 'dinheiro':
      return '"R$" #,##0.00;[Red]-"R$" #,##0.00';
    case 'percentual':
      return `0.${'0'.repeat(coluna.casas ?? 2)}%`;
    case 'decimal':
      return coluna.casas === 0 ? '#,##0' : `#,##0.${'0'.repeat(coluna.casas ?? 2)}`;
    case 'inteiro':
      return '0';
    default:
      return undefined;
  }
}

const LARGURAS: Record<TipoColuna, number> = { texto: 24, inteiro: 10, decimal: 14, dinheiro: 16, percentual: 10, data: 12, dataHora: 17 };
export const larguraXlsx = (coluna: ColunaExportacao<unknown>): number => coluna.largura ?? Math.max(LARGURAS[coluna.tipo], Math.min(40, coluna.titulo.length + 2));
