import Papa from 'papaparse';

// CSV for Excel in Brazil (docs/decisoes.md §29; spec 03 §9 "semicolon"), one dialect for the server's streamed CSVs
// and the few the browser builds from what a screen shows: UTF-8 with a BOM (so accents open right), ';' between
// fields, CRLF between lines, quoting by papaparse (never by hand), pt-BR decimal comma without grouping.
//
// Formulas (OWASP "CSV Injection"): names and ids come from carriers' files and from the ERP, so a cell that starts
// with = + - @ tab or CR would run in Excel as a formula. Every such text cell leaves with a leading apostrophe (and
// quoted), by papaparse's own escapeFormulae: Excel shows the text as typed. Decided (the rule would also hit them): a
// cell that is only a negative number in our format ("-12,50", "-3") is ours and stays a number Excel reads.

export const BOM = '\uFEFF';
export const SEPARADOR_CSV = ';';
const FIM_DE_LINHA = '\r\n';

/** "1234.56" → "1234,56"; empty for null. Exact decimal strings only (no float formatting). */
export const decimalCsv = (v: string | null | undefined): string => (v === null || v === undefined ? '' : v.replace('.', ','));

/** Starts with a formula character, unless the whole cell is a negative pt-BR number without grouping. */
export const FORMULA_CSV = /^(?!-\d+(?:,\d+)?$)[=+\-@\t\r]/;

/** Rows as CSV lines (each ending in CRLF), quoted and with formulas neutralised. */
export const linhasCsv = (campos: unknown[][]): string =>
  Papa.unparse(campos, { delimiter: SEPARADOR_CSV, newline: FIM_DE_LINHA, header: false, escapeFormulae: FORMULA_CSV }) + FIM_DE_LINHA;
