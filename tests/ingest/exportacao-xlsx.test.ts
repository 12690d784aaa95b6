import { pbkdf2 } from 'node:crypto';
import { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { nomeArquivoExportacao } from '../../src/contracts/exportacao';
import type { ColunaExportacao } from '../../src/server/exportacao/colunas-exportacao';
import { letraColuna, xlsxStream } from '../../src/server/exportacao/xlsx-stream';

interface Linha {
  nome: string;
  n: number;
  valor: string;
  dia: string;
  quando: string;
  pct: string;
}
const COLUNAS: ColunaExportacao<Linha>[] = [
  { titulo: 'Nome', tipo: 'texto', valor: (l) => l.nome },
  { titulo: 'Número', tipo: 'inteiro', valor: (l) => l.n },
  { titulo: 'Valor', tipo: 'dinheiro', valor: (l) => l.valor },
  { titulo: 'Dia', tipo: 'data', valor: (l) => l.dia },
  { titulo: 'Quando', tipo: 'dataHora', valor: (l) => l.quando },
  { titulo: '%', tipo: 'percentual', valor: (l) => l.pct },
];

async function* lotes(n: number, tamanho: number) {
  for (let i = 0; i < n; i += tamanho)
    yield Array.from({ length: Math.min(tamanho, n - i) }, (_, j) => ({
      nome: (i + j) % 2 ? `=HYPERLINK("x","${i + j}")` : `Transportadora ${i + j}`,
      n: i + j,
      valor: '1234.56',
      dia: '2026-03-05',
      quando: '2026-03-05T17:30:00Z',
      pct: '12.5',
    }));
}

/**
 * `total` batches of 100 rows that count how many were taken; lidosAoParar waits until the count stops moving
 * (ten 20 ms looks in a row) or all were read, and answers the count.
 */
function contada(total: number) {
  let lidos = 0;
  async function* contados() {
    for await (const lote of lotes(total * 100, 100)) {
      lidos++;
      yield lote;
    }
  }
  const lidosAoParar = async () => {
    let parado = 0;
    for (let anterior = -1; parado < 10 && lidos < total; anterior = lidos) {
      await new Promise((ok) => setTimeout(ok, 20));
      parado = lidos === anterior ? parado + 1 : 0;
    }
    return lidos;
  };
  return { lotes: contados(), lidos: () => lidos, lidosAoParar };
}

async function ler(corpo: ReadableStream<Uint8Array>) {
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.read(Readable.fromWeb(corpo as import('node:stream/web').ReadableStream));
  return livro.worksheets[0];
}

describe('a list as a streamed workbook', () => {
  it('has a bold frozen header with an autofilter, typed cells and neutralised formula-like text', async () => {
    const folha = await ler(xlsxStream('Fretes', COLUNAS, lotes(2_501, 1_000)));
    expect(folha.name).toBe('Fretes');
    expect(folha.rowCount).toBe(2_502);
    expect(folha.getRow(1).values).toEqual([undefined, 'Nome', 'Número', 'Valor', 'Dia', 'Quando', '%']);
    expect(folha.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    const linha = folha.getRow(3);
    expect(linha.getCell(1).value).toBe(`'=HYPERLINK("x","1")`);
    expect(folha.getRow(2).getCell(1).value).toBe('Transportadora 0');
    expect(linha.getCell(2).value).toBe(1);
    expect(linha.getCell(3).value).toBe(1234.56);
    expect(linha.getCell(3).numFmt).toContain('R$');
    expect((linha.getCell(4).value as Date).toISOString()).toBe('2026-03-05T00:00:00.000Z');
    expect(linha.getCell(4).numFmt).toBe('dd/mm/yyyy');
    // 17:30 UTC is 14:30 in São Paulo: the wall time, zone-less as Excel keeps it.
    expect((linha.getCell(5).value as Date).toISOString()).toBe('2026-03-05T14:30:00.000Z');
    expect(linha.getCell(6).value).toBe(0.125);
  });

  it('back-pressure: a reader that stops taking bytes stops the rows being read (a bounded number of batches)', async () => {
    const TOTAL = 2_000;
    const fonte = contada(TOTAL);
    const leitor = xlsxStream('Fretes', COLUNAS, fonte.lotes).getReader();
    await leitor.read();
    // The reader takes nothing more; the source is read until the buffers are full, then not at all.
    expect(await fonte.lidosAoParar(), 'batches read while nobody downloads').toBeLessThan(400);
    await leitor.cancel();
  });

  it('back-pressure from zlib: while the compressor is held up, the rows stop too (its input stays bounded)', async () => {
    // zlib works on libuv's thread pool: four long key derivations hold all of its threads for a while.
    const ocupado = Array.from({ length: 4 }, () => new Promise((ok) => pbkdf2('x', 'y', 1_500_000, 64, 'sha512', ok)));
    const TOTAL = 1_000;
    const fonte = contada(TOTAL);
    const leitor = xlsxStream('Fretes', COLUNAS, fonte.lotes).getReader();
    const lendo = (async () => {
      while (!(await leitor.read()).done);
    })();
    expect(await fonte.lidosAoParar(), 'batches read while zlib could not compress').toBeLessThan(300);
    await Promise.all(ocupado);
    await lendo;
    expect(fonte.lidos()).toBe(TOTAL);
  });

  it('names columns and files safely', () => {
    expect([1, 26, 27, 52, 703].map(letraColuna)).toEqual(['A', 'Z', 'AA', 'AZ', 'AAA']);
    expect(nomeArquivoExportacao('Veículos', '2026-12-06')).toBe('veiculos-2026-12-06');
  });
});
