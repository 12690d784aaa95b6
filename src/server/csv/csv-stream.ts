import Papa from 'papaparse';

// CSV for Excel in Brazil (docs/decisoes.md §29; spec 03 §9 "semicolon"): UTF-8 with a BOM (so
// accents open right), ';' between fields, CRLF between lines, quoting by papaparse (never by hand), pt-BR
// decimal comma without grouping, dates dd/mm/yyyy (the caller formats them with formatDateBr). The rows
// come in batches from an async source (a database cursor) and leave as they come: the stream pulls the
// next batch only when the reader asks, so a million rows start at once and hold one batch in memory.
//
// Formulas (docs/decisoes.md §29, OWASP "CSV Injection"): names and ids come from carriers' files and from the ERP, so
// a cell that starts with = + - @ tab or CR would run in Excel as a formula. Every such text cell leaves with a
// leading apostrophe (and quoted), by papaparse's own escapeFormulae: Excel shows the text as typed. Decided
// (the rule would also hit them): a cell that is only a negative number in our format ("-12,50", "-3") is
// ours — decimalCsv and the integer columns write it — and stays a number Excel reads; a number is no formula.

export const BOM = '\uFEFF';
export const SEPARADOR_CSV = ';';
const FIM_DE_LINHA = '\r\n';

export interface ColunaCsv<T> {
  titulo: string;
  valor: (linha: T) => string | number | null | undefined;
}

/** "1234.56" → "1234,56"; empty for null. Exact decimal strings only (no float formatting). */
export const decimalCsv = (v: string | null | undefined): string => (v === null || v === undefined ? '' : v.replace('.', ','));

/** Starts with a formula character, unless the whole cell is a negative pt-BR number without grouping. */
export const FORMULA_CSV = /^(?!-\d+(?:,\d+)?$)[=+\-@\t\r]/;

const linhasCsv = (campos: unknown[][]) =>
  Papa.unparse(campos, { delimiter: SEPARADOR_CSV, newline: FIM_DE_LINHA, header: false, escapeFormulae: FORMULA_CSV }) + FIM_DE_LINHA;

/** The CSV of `lotes` (batches of rows) as a byte stream: BOM and header first, then one chunk per batch. */
export function csvStream<T>(colunas: readonly ColunaCsv<T>[], lotes: AsyncIterable<readonly T[]>): ReadableStream<Uint8Array> {
  const codificador = new TextEncoder();
  const iterador = lotes[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(codificador.encode(BOM + linhasCsv([colunas.map((c) => c.titulo)])));
    },
    async pull(controller) {
      const { value, done } = await iterador.next();
      if (done) return controller.close();
      if (value.length) controller.enqueue(codificador.encode(linhasCsv(value.map((l) => colunas.map((c) => c.valor(l) ?? '')))));
    },
    async cancel() {
      await iterador.return?.();
    },
  });
}
