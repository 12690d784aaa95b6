import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { formatDateBr } from '../../src/domain/format-date-br';
import { BOM, csvStream, decimalCsv, type ColunaCsv } from '../../src/server/csv/csv-stream';

interface Linha {
  cte: string;
  transportadora: string;
  data: string;
  valor: string | null;
}
const COLUNAS: ColunaCsv<Linha>[] = [
  { titulo: 'CT-e', valor: (l) => l.cte },
  { titulo: 'Transportadora', valor: (l) => l.transportadora },
  { titulo: 'Emissão', valor: (l) => formatDateBr(l.data) },
  { titulo: 'Frete a pagar', valor: (l) => decimalCsv(l.valor) },
];

async function* lotes(xs: Linha[][], lidos?: { n: number }) {
  for (const x of xs) {
    if (lidos) lidos.n++;
    yield x;
  }
}
/** The stream's text, the BOM kept (TextDecoder drops it unless told not to); the bytes must start EF BB BF. */
const texto = async (s: ReadableStream<Uint8Array>) => {
  const bytes = new Uint8Array(await new Response(s).arrayBuffer());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
};

describe('CSV stream (pt-BR, for Excel)', () => {
  it('BOM, semicolons, CRLF, decimal comma, dd/mm/yyyy; quoting of ; " and line breaks by the library; reads back the same', async () => {
    const linhas: Linha[] = [
      { cte: '123', transportadora: 'Transportes São João; Filial "Sul"', data: '2026-11-03', valor: '1234.56' },
      { cte: '124', transportadora: 'Linha\nquebrada', data: '2026-11-04', valor: null },
    ];
    const csv = await texto(csvStream(COLUNAS, lotes([linhas])));
    expect(csv.startsWith(BOM)).toBe(true);
    expect(csv.slice(1).split('\r\n')[0]).toBe('CT-e;Transportadora;Emissão;Frete a pagar');
    expect(csv).toContain('123;"Transportes São João; Filial ""Sul""";03/11/2026;1234,56\r\n');
    const lido = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(lido).toEqual([
      ['CT-e', 'Transportadora', 'Emissão', 'Frete a pagar'],
      ['123', 'Transportes São João; Filial "Sul"', '03/11/2026', '1234,56'],
      ['124', 'Linha\nquebrada', '04/11/2026', ''],
    ]);
  });

  it('neutralises formulas (OWASP): text starting with = + - @ tab or CR gets a leading apostrophe; our negative numbers stay numbers', async () => {
    const hostis = ['=HYPERLINK("http://x";"Clique aqui")', '+55 Comércio @SUM(1+1)', '-2+3 Distribuidora', '@SUM(1+1)', '\t=1+1', '\r=1+1', '-', '-1,2,3'];
    const linhas: Linha[] = hostis.map((h, i) => ({ cte: String(i), transportadora: h, data: '2026-11-03', valor: i % 2 ? '-12.50' : '-3' }));
    const csv = await texto(csvStream(COLUNAS, lotes([linhas])));
    const [, ...lido] = Papa.parse<string[]>(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data;
    expect(lido.map((l) => l[1])).toEqual(hostis.map((h) => `'${h}`));
    expect(lido.map((l) => l[3])).toEqual(hostis.map((_, i) => (i % 2 ? '-12,50' : '-3')));
    expect(csv).toContain(`0;"'=HYPERLINK(""http://x"";""Clique aqui"")";03/11/2026;-3\r\n`);
  });

  it('with no rows, only the BOM and the header', async () => {
    expect(await texto(csvStream(COLUNAS, lotes([])))).toBe(`${BOM}CT-e;Transportadora;Emissão;Frete a pagar\r\n`);
  });

  it('pulls a batch only when the reader asks (a million rows never sit in memory), and stops the source when cancelled', async () => {
    const lidos = { n: 0 };
    const lote = (i: number) => Array.from({ length: 1000 }, (_, k) => ({ cte: String(i * 1000 + k), transportadora: 'T', data: '2026-11-01', valor: '1.00' }));
    let fechado = false;
    async function* fonte() {
      try {
        for (let i = 0; i < 1000; i++) {
          lidos.n++;
          yield lote(i);
        }
      } finally {
        fechado = true;
      }
    }
    const leitor = csvStream(COLUNAS, fonte()).getReader();
    await leitor.read(); // BOM + header
    await leitor.read(); // first batch
    expect(lidos.n).toBeLessThanOrEqual(2);
    await leitor.cancel();
    expect(fechado).toBe(true);
    expect(lidos.n).toBeLessThan(1000);
  });
});
