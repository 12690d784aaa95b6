import { formatCnpj } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatarPeso } from '../../src/domain/format-number-br';
import { EMPRESAS_DEMO } from '../../src/server/demo/ctes-demo/constantes-demo';
import { contratoTransporteDocx } from '../../src/server/documentos/contrato-transporte-docx';
import { romaneioFretePdf } from '../../src/server/documentos/romaneio-frete-pdf';
import { romaneioOsPdf } from '../../src/server/documentos/romaneio-os-pdf';
import type { Harness } from './harness';
import { arquivoDoZip, lerPdf, romaneioFrete, romaneioOs } from './romaneio-documentos-dados';
import { corpoRomaneio, itemTeste, notaUnica, prepararRomaneios, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';

// Documents a person can use (spec 01 §9 numbers): the manifest PDF and the transport contract DOCX as the
// routes answer them, read back as text. Weights always with 3 decimals, the contracting company by its legal
// name and CNPJ (its settings; the demo's), no clause about a missing vehicle, and a detail line that opens a
// page under its item's line "Item n · NF x (continuação)".

let h: Harness;
let token: string;
let r: RefsRomaneio;

beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
});
afterAll(() => h?.close());

/** The weights of the PDF column: with 3 decimals each, never "1", "2,5" or "2.101,98". */
const PESOS = ['333.333', '1', '2.5', '210', '2101.98'];
const ITENS = 45;

const baixar = async (caminho: string) => {
  const resposta = await h.request('POST', caminho, { token });
  expect(resposta.status, caminho).toBe(200);
  return Buffer.from(await resposta.arrayBuffer());
};
const textoDocx = (docx: Buffer) =>
  [...arquivoDoZip(docx, 'word/document.xml').toString('utf8').matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)]
    .map((m) => m[1].replaceAll('&amp;', '&'))
    .join(' ')
    .replace(/\s+/g, ' ');
/** A number with a decimal comma standing alone in the text (not part of a longer one). */
const sozinho = (n: string) => new RegExp(`(^|\\s)${n.replaceAll('.', '\\.')}(\\s|$)`);

async function romaneioLongo() {
  const itens = Array.from({ length: ITENS }, (_, i) =>
    itemTeste(r, notaUnica(), {
      peso: PESOS[i % PESOS.length],
      volumes: i % 4 === 0 ? null : 3,
      detalhes: [1, 2, 3].map((l) => ({ linha: String(l), descricao: `Papel couchê ${l}`, quantidade: '10', unidade: 'CX', valorTotalItem: '100.00' })),
    }),
  );
  return salvarOk(h, token, corpoRomaneio(r, { veiculo: null, itens } as never));
}

describe('the manifest PDF and the contract DOCX of a long manifest, through the routes', () => {
  it('print every weight with 3 decimals, the contracting company, and the continuation of an item on a new page', async () => {
    const m = await romaneioLongo();
    const { paginas, texto } = lerPdf(await baixar(`/api/romaneios/imprimir/${m.id}`));
    expect(paginas).toBeGreaterThan(1);
    for (const peso of PESOS) expect(texto).toContain(formatarPeso(peso));
    for (const cru of ['2,5', '2.101,98', '333,333 1 ']) expect(texto).not.toMatch(sozinho(cru));
    // Σ 9 × (333,333 + 1 + 2,5 + 210 + 2.101,98) = 23.839,317.
    expect(texto).toContain('23.839,317');
    const continuacoes = [...texto.matchAll(/Item (\d+) · NF (\S+) \(continuação\)/g)];
    expect(continuacoes.length, 'a detail line opened a page').toBeGreaterThan(0);
    for (const [, item, nf] of continuacoes) expect(m.itens[Number(item) - 1].notaFiscalId).toBe(nf);

    const contrato = textoDocx(await baixar(`/api/romaneios/imprimir/contrato/${m.id}`));
    const empresa = EMPRESAS_DEMO.COLACRIL;
    for (const s of [`${empresa.nome} (COLACRIL)`, `CNPJ ${formatCnpj(empresa.plantas[0].cnpj)}`, empresa.plantas[0].logradouro]) expect(contrato).toContain(s);
    for (const peso of PESOS) expect(contrato).toContain(formatarPeso(peso));
    expect(contrato).toContain('23.839,317');
    expect(contrato).not.toMatch(/placa|—/i);
    expect(contrato).toContain('2. Veículo Não informado no romaneio.');
  });
});

describe('the documents without a database', () => {
  it('print volumes not informed as "—" and m² and weights with 3 decimals', async () => {
    const os = romaneioOs();
    os.itens[0].volumes = 0;
    os.itens[1].quantidadeM2 = '6390';
    const texto = lerPdf(await romaneioOsPdf(os)).texto;
    for (const s of ['6.390,000', '400,500', '420,750', '1.006,250']) expect(texto).toContain(s);
    expect(texto).not.toMatch(/6390/);
    const frete = romaneioFrete();
    frete.itens[0].volumes = 0;
    frete.itens[0].peso = '2.5';
    const pdf = lerPdf(await romaneioFretePdf(frete)).texto;
    expect(pdf).toContain('2,500');
    // Volumes 0 (not informed) print "—", never a bare 0.
    expect(pdf).toContain(' — ');
    expect(pdf).not.toMatch(sozinho('0'));
  });

  it('leave out of the contract what the company and the manifest do not have', async () => {
    const d = { ...romaneioFrete(), contratante: { razaoSocial: 'Colacril Indústria Ltda', cnpj: '11222333000181', endereco: null }, veiculo: { placa: null } };
    const texto = textoDocx(await contratoTransporteDocx(d));
    expect(texto).toContain('CONTRATANTE: Colacril Indústria Ltda (COLACRIL), CNPJ 11.222.333/0001-81 ');
    expect(texto).not.toContain('com sede em');
    expect(texto).not.toContain('veículo de placa');
    const semNada = textoDocx(await contratoTransporteDocx({ ...romaneioFrete(), contratante: null }));
    expect(semNada).toContain('CONTRATANTE: COLACRIL ');
    expect(semNada).toContain('com o veículo de placa ABC1D23');
  });
});
