import { BOM, linhasCsv } from '../../domain/csv-excel';
import { contadorDeColeta } from '../memoria/coletar-lixo';

// The CSVs for Excel (docs/decisoes.md §29; the dialect and the formula rule: src/domain/csv-excel.ts), streamed: the
// rows come in batches from an async source (a database cursor) and leave as they come: the stream pulls the next
// batch only when the reader asks, so a million rows start at once and hold one batch in memory. Dates dd/mm/yyyy
// (the caller formats them with formatDateBr).

export { BOM, decimalCsv, FORMULA_CSV, SEPARADOR_CSV } from '../../domain/csv-excel';

export interface ColunaCsv<T> {
  titulo: string;
  valor: (linha: T) => string | number | null | undefined;
}

const LINHAS_POR_PEDACO = 50;
/** CSV bytes between two collections (memoria/coletar-lixo.ts). */
const BYTES_POR_COLETA = 16 * 1024 * 1024;

/** The CSV of `lotes` (batches of rows) as a byte stream: BOM and header first, then one chunk per batch. */
export function csvStream<T>(colunas: readonly ColunaCsv<T>[], lotes: AsyncIterable<readonly T[]>): ReadableStream<Uint8Array> {
  const codificador = new TextEncoder();
  const iterador = lotes[Symbol.asyncIterator]();
  const coletar = contadorDeColeta(BYTES_POR_COLETA);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(codificador.encode(BOM + linhasCsv([colunas.map((c) => c.titulo)])));
    },
    async pull(controller) {
      const { value, done } = await iterador.next();
      if (done) return controller.close();
      // A batch in slices: short strings die young (a batch as one string of 100+ KB went straight to the old
      // generation, where such garbage waits for a full collection: +200 MB of heap over a million rows).
      for (let i = 0; i < value.length; i += LINHAS_POR_PEDACO) {
        const pedaco = codificador.encode(linhasCsv(value.slice(i, i + LINHAS_POR_PEDACO).map((l) => colunas.map((c) => c.valor(l) ?? ''))));
        controller.enqueue(pedaco);
        coletar(pedaco.byteLength);
      }
    },
    async cancel() {
      await iterador.return?.();
    },
  });
}
