import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { formatBrl } from '../../src/domain/format-brl';
import { ratearFrete } from '../../src/domain/romaneios/ratear-frete';
import { contratoTransporteDocx } from '../../src/server/documentos/contrato-transporte-docx';
import { despesasRomaneiosPdf } from '../../src/server/documentos/despesas-romaneios-pdf';
import { romaneioFretePdf } from '../../src/server/documentos/romaneio-frete-pdf';
import { romaneioOsPdf } from '../../src/server/documentos/romaneio-os-pdf';
import { arquivoDoZip, despesas, lerPdf, romaneioFrete, romaneioOs } from './romaneio-documentos-dados';

// The three manifest documents of spec 03 §7 ("Manifests"), built from data without a database.
// PDFs are rendered page by page with pdftoppm and read back with pdftotext (poppler-utils, required);
// the contract DOCX is unzipped and its word/document.xml validated and read.

const CPF = '529.982.247-25';
const CNPJ = '11.222.333/0001-81';

describe('romaneio de frete (PDF)', () => {
  it('prints header, driver, vehicle, items with details, the apportioned freight and totals', async () => {
    const d = romaneioFrete();
    const pdf = await romaneioFretePdf(d);
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const { paginas, texto } = lerPdf(pdf);
    expect(paginas).toBeGreaterThanOrEqual(1);
    for (const s of ['Romaneio de frete', 'COLACRIL', 'Romaneio nº 4821', '10/03/2026', 'Faturamento', MOTORISTA_NOME, `CPF ${CPF}`, '04512345678', 'ABC1D23', 'Truck', CNPJ])
      expect(texto).toContain(s);
    for (const s of ['70001', '70003', '5002', 'Gráfica Paraná Ltda', 'Papel adesivo couchê 2', 'Linha 3', '2.350,75', 'Total (3 itens)', 'Entregar no período da manhã.'])
      expect(texto).toContain(s);
    // The five values and their sum (150 + 1500 + 87,40 + 120 + 35,55).
    for (const s of ['R$ 150,00', 'R$ 87,40', 'R$ 120,00', 'R$ 35,55', 'R$ 1.892,95']) expect(texto).toContain(s);
    // The shares printed are ratearFrete's (its own sums are tests/domain/ratear-frete.test.ts's business).
    for (const r of ratearFrete(d.valores.frete, d.itens)) for (const x of [r.item, ...r.detalhes]) expect(texto).toContain(formatBrl(x));
    expect(texto).toContain('R$ 1.500,00');
  });

  it('grows to more pages with 500 items, every item printed', async () => {
    const pequeno = lerPdf(await romaneioFretePdf(romaneioFrete()));
    const d = romaneioFrete(500);
    const { paginas, texto } = lerPdf(await romaneioFretePdf(d));
    expect(paginas).toBeGreaterThan(pequeno.paginas);
    expect(texto).toContain(`Página ${paginas} de ${paginas}`);
    for (const it of d.itens) expect(texto).toContain(String(it.notaFiscalId));
    expect(texto).toContain('Total (500 itens)');
    expect(texto).toContain('R$ 98.765,43');
  });
});

const MOTORISTA_NOME = 'José da Silva Transportes';

describe('romaneio de ordens de serviço (PDF)', () => {
  it('prints carrier, driver, seal, plates, route, items with service orders and notes, totals', async () => {
    const pdf = await romaneioOsPdf(romaneioOs());
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const { paginas, texto } = lerPdf(pdf);
    expect(paginas).toBeGreaterThanOrEqual(1);
    for (const s of ['Romaneio de ordens de serviço', 'Romaneio nº 1377', '11/03/2026', 'Expedição', 'Rodoviário Sul Ltda', CNPJ, MOTORISTA_NOME, `CPF ${CPF}`, '04512345678'])
      expect(texto).toContain(s);
    for (const s of ['LC-558120', 'Carreta', 'QWE4R56', 'XYZ9K88', 'Curitiba/PR', 'São Paulo/SP', 'O.S: 90001, 90002', 'Obs.: Frágil: não empilhar.', 'Expresso Norte', 'Pallet'])
      expect(texto).toContain(s);
    // Totals: freight 180,35 + 181,35 + 182,35; gross weight 420,75 + 421,75 + 422,75; m² 1000,25 + 1003,25 + 1006,25.
    for (const s of ['R$ 544,05', '1.265,25', '3.009,75', 'R$ 9.303,00', 'Total (3 itens)', 'Conferir lacre na saída.']) expect(texto).toContain(s);
  });

  it('grows to more pages with 500 items', async () => {
    const pequeno = lerPdf(await romaneioOsPdf(romaneioOs()));
    const d = romaneioOs(500);
    const { paginas, texto } = lerPdf(await romaneioOsPdf(d));
    expect(paginas).toBeGreaterThan(pequeno.paginas);
    expect(texto).toContain('Total (500 itens)');
    // The items' freights of the sample add up to 94.925,00 (worked out once from romaneio-documentos-dados.ts).
    expect(texto).toContain('R$ 94.925,00');
    for (const it of d.itens) expect(texto).toContain(String(it.pedidoId));
  });
});

describe('despesas de romaneios (PDF)', () => {
  it('prints each manifest with its five values, its total and the column totals', async () => {
    const pdf = await despesasRomaneiosPdf(despesas());
    expect(pdf.subarray(0, 4).toString()).toBe('%PDF');
    const { paginas, texto } = lerPdf(pdf);
    expect(paginas).toBe(1);
    for (const s of ['Despesas de romaneios', '01/03/2026 a 31/03/2026', '4800', '4802', 'Maria Souza', 'R$ 1.000,50', 'R$ 45,25', 'R$ 0,00'])
      expect(texto).toContain(s);
    // Row totals and the column totals (frete 3.004,50; pedágio 135,75; grand total 3.630,55).
    for (const s of ['R$ 1.235,85', 'R$ 1.156,85', 'R$ 1.237,85', 'R$ 3.004,50', 'R$ 135,75', 'R$ 300,00', 'R$ 3.630,55', 'Total (3 romaneios)'])
      expect(texto).toContain(s);
  });

  it('prints an empty period and grows with 500 manifests', async () => {
    const vazio = lerPdf(await despesasRomaneiosPdf(despesas(0)));
    expect(vazio.texto).toContain('Nenhum romaneio no período.');
    const { paginas, texto } = lerPdf(await despesasRomaneiosPdf(despesas(500)));
    expect(paginas).toBeGreaterThan(vazio.paginas);
    expect(texto).toContain('5299');
    expect(texto).toContain('Total (500 romaneios)');
  });
});

/** The text runs of word/document.xml, after checking it is well-formed XML. */
function textoDoDocx(docx: Buffer): string {
  expect(docx.subarray(0, 2).toString()).toBe('PK');
  const xml = arquivoDoZip(docx, 'word/document.xml').toString('utf8');
  expect(XMLValidator.validate(xml)).toBe(true);
  const arvore = new XMLParser({ ignoreAttributes: false }).parse(xml);
  expect(arvore['w:document']['w:body']).toBeTruthy();
  const runs = [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]);
  return runs.join(' ').replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/\s+/g, ' ');
}

describe('contrato de transporte (DOCX)', () => {
  it('is a zip whose document names the parties, the vehicle, the values, each item with its share, and clauses', async () => {
    const d = romaneioFrete();
    const texto = textoDoDocx(await contratoTransporteDocx(d));
    for (const s of ['Contrato de prestação de serviço de transporte', 'Romaneio nº 4821', 'CONTRATANTE', 'COLACRIL', 'CONTRATADO', 'Rodoviário Sul Ltda', CNPJ])
      expect(texto).toContain(s);
    for (const s of [MOTORISTA_NOME, CPF, '04512345678', 'ABC1D23', 'Truck', 'R$ 1.892,95', 'Cláusula 1ª', 'Cláusula 5ª']) expect(texto).toContain(s);
    const rateio = ratearFrete(d.valores.frete, d.itens);
    d.itens.forEach((it, i) => {
      for (const s of [String(it.notaFiscalId), String(it.pedidoId), it.cliente, formatBrl(rateio[i].item)]) expect(texto).toContain(s);
      for (const x of rateio[i].detalhes) expect(texto).toContain(formatBrl(x));
    });
    expect(texto).toContain('R$ 1.500,00');
  });

  it('holds all 500 items of a large manifest', async () => {
    const d = romaneioFrete(500);
    const texto = textoDoDocx(await contratoTransporteDocx(d));
    for (const it of d.itens) expect(texto).toContain(String(it.notaFiscalId));
    expect(texto).toContain('Total (500 itens)');
    expect(texto).toContain('R$ 98.765,43');
  });
});
