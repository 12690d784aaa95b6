import { unzipSync, strFromU8 } from 'fflate';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PEDIDO_JSON_INVALIDO } from '../../src/contracts/pedidos-erp';
import { MSG_PERIODO_INVALIDO } from '../../src/contracts/ordens-servico';
import { MSG_DATA_FINAL, MSG_DATA_INICIAL, MSG_PERIODO_LONGO, mensagemNotaSemPdf, mensagemPedidoNaoEncontrado, mensagemPedidoSemNotas } from '../../src/contracts/relatorios';
import { formatBrl } from '../../src/domain/format-brl';
import { formatDateBr } from '../../src/domain/format-date-br';
import { dataSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { PDF_AUSENTE } from '../../src/server/demo/semear-relatorios-demo';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { contagemPdfs, notaComPdf, notaSemPdf, numerosComPdf, totaisPeriodo, vencidos } from './relatorios-dados';
import { lerPdf } from './romaneio-documentos-dados';
import { relogio } from '../../src/domain/relogio';

// The report downloads of spec 03 §7 (file type by content) and their §8 404 texts, on both
// databases: the note PDF, an order's ZIP, the order mirror, vendido × faturado, consolidado, inadimplência
// as PDF and CSV; bad input answers 400 in Portuguese.

let h: Harness;
let token: string;
const banco = () => h.bancos.COLACRIL;
const hoje = dataSaoPaulo(relogio.agora())!;
const inicio = somarDias(hoje, -120);

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
});
afterAll(() => h?.close());

const get = (caminho: string) => h.request('GET', caminho, { token });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());
const chave = (pedidoId: string) => encodeURIComponent(JSON.stringify({ pedidoId }));

async function arquivo(caminho: string, tipo: string, nome: RegExp) {
  const r = await get(caminho);
  expect(r.status, await r.clone().text().then((t) => t.slice(0, 200))).toBe(200);
  expect(r.headers.get('content-type')).toBe(tipo);
  expect(r.headers.get('content-disposition')).toMatch(nome);
  return bytes(r);
}

async function naoEncontrado(caminho: string, mensagem: string) {
  const r = await get(caminho);
  expect(r.status).toBe(404);
  expect(await json(r)).toEqual({ mensagens: [mensagem] });
}

describe('demo ERP', () => {
  it('holds a PDF for every note but each fifth one', async () => {
    const { notas, pdfs } = await contagemPdfs(banco());
    expect(notas).toBeGreaterThan(10);
    expect(pdfs).toBe(notas - Math.floor(notas / PDF_AUSENTE));
  });
});

describe('GET /vw-notas-fiscais/pdf', () => {
  it('downloads the note PDF, named by its number', async () => {
    const nota = await notaComPdf(banco());
    const pdf = await arquivo(`/api/vw-notas-fiscais/pdf?notaFiscalId=${encodeURIComponent(nota.notaFiscalId)}&pedidoId=${encodeURIComponent(nota.pedidoId!)}`, 'application/pdf', new RegExp(`attachment; filename="nota-fiscal-${nota.numero}.pdf"`));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(lerPdf(pdf).texto).toContain(`NF-e nº ${nota.numero}`);
  });

  it('answers 404 with the §8 text for a note without a PDF, an unknown note and another order', async () => {
    const sem = await notaSemPdf(banco());
    await naoEncontrado(`/api/vw-notas-fiscais/pdf?notaFiscalId=${encodeURIComponent(sem.notaFiscalId)}`, `Nenhum PDF encontrado para a nota fiscal ${sem.numero}.`);
    expect(mensagemNotaSemPdf(sem.numero)).toBe(`Nenhum PDF encontrado para a nota fiscal ${sem.numero}.`);
    await naoEncontrado('/api/vw-notas-fiscais/pdf?notaFiscalId=NF-INEXISTENTE', 'Nenhum PDF encontrado para a nota fiscal NF-INEXISTENTE.');
    const nota = await notaComPdf(banco());
    await naoEncontrado(`/api/vw-notas-fiscais/pdf?notaFiscalId=${encodeURIComponent(nota.notaFiscalId)}&pedidoId=OUTRO`, mensagemNotaSemPdf(nota.numero));
  });
});

describe('GET /vw-notas-fiscais/pdfs', () => {
  it("zips every PDF of the order's notes", async () => {
    const { pedidoId } = await notaComPdf(banco());
    const zip = await arquivo(`/api/vw-notas-fiscais/pdfs?pedidoId=${encodeURIComponent(pedidoId!)}`, 'application/zip', /^attachment; filename="notas-fiscais-pedido-[A-Za-z0-9_-]+\.zip"$/);
    const arquivos = unzipSync(new Uint8Array(zip));
    const numeros = await numerosComPdf(banco(), pedidoId!);
    expect(Object.keys(arquivos).sort()).toEqual(numeros.map((n) => `nota-fiscal-${n}.pdf`).sort());
    for (const [nome, conteudo] of Object.entries(arquivos)) {
      expect(strFromU8(conteudo.subarray(0, 5))).toBe('%PDF-');
      expect(lerPdf(Buffer.from(conteudo)).texto).toContain(`NF-e nº ${nome.match(/\d+/)![0]}`);
    }
  });

  it('answers 404 with the §8 text for an order without notes', async () => {
    await naoEncontrado('/api/vw-notas-fiscais/pdfs?pedidoId=PV-SEM-NOTAS', 'Nenhuma nota fiscal encontrada para o pedido PV-SEM-NOTAS.');
    expect(mensagemPedidoSemNotas('PV-SEM-NOTAS')).toBe('Nenhuma nota fiscal encontrada para o pedido PV-SEM-NOTAS.');
  });
});

describe('GET /vwpedidos/espelhoPedido/{json}', () => {
  it('prints the order mirror with its notes', async () => {
    const { pedidoId } = await notaComPdf(banco());
    const pdf = await arquivo(`/api/vwpedidos/espelhoPedido/${chave(pedidoId!)}`, 'application/pdf', /espelho-pedido-.+\.pdf/);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { texto } = lerPdf(pdf);
    expect(texto).toContain('Espelho do pedido');
    expect(texto).toContain(pedidoId!);
    for (const n of await numerosComPdf(banco(), pedidoId!)) expect(texto).toContain(String(n));
  });

  it('answers 404 for an unknown order and 400 for a malformed key', async () => {
    await naoEncontrado(`/api/vwpedidos/espelhoPedido/${chave('PV-NAO-EXISTE')}`, mensagemPedidoNaoEncontrado('PV-NAO-EXISTE'));
    for (const ruim of [encodeURIComponent('{"pedidoId":'), encodeURIComponent('[1]'), 'abc']) {
      const r = await get(`/api/vwpedidos/espelhoPedido/${ruim}`);
      expect(r.status).toBe(400);
      expect(await json(r)).toEqual({ mensagens: [MSG_PEDIDO_JSON_INVALIDO] });
    }
    const r = await get(`/api/vwpedidos/espelhoPedido/${encodeURIComponent('{}')}`);
    expect(r.status).toBe(400);
    expect((await json(r)).mensagens).toEqual(['Informe o pedido.']);
  });
});

describe('period reports', () => {
  const periodo = `inicio=${inicio}&fim=${hoje}`;

  it('vendido × faturado: a PDF with the period totals', async () => {
    const pdf = await arquivo(`/api/acompanhamentos/vendidoXfaturado?${periodo}`, 'application/pdf', new RegExp(`vendido-x-faturado-${inicio}-a-${hoje}\\.pdf`));
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const { texto } = lerPdf(pdf);
    const totais = await totaisPeriodo(banco(), inicio, hoje);
    expect(Number(totais.vendido)).toBeGreaterThan(0);
    expect(texto).toContain(`${formatDateBr(inicio)} a ${formatDateBr(hoje)}`);
    expect(texto).toContain(formatBrl(totais.vendido).replace(/\s/g, ' '));
    expect(texto).toContain(formatBrl(totais.faturado).replace(/\s/g, ' '));
  });

  it('consolidado: a DOCX with the same totals', async () => {
    const docx = await arquivo(`/api/acompanhamentos/consolidado?${periodo}`, 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', /consolidado-.+\.docx/);
    expect(docx.subarray(0, 2).toString()).toBe('PK');
    const xml = strFromU8(unzipSync(new Uint8Array(docx))['word/document.xml']);
    const totais = await totaisPeriodo(banco(), inicio, hoje);
    expect(xml).toContain('Consolidado de vendas e faturamento');
    expect(xml).toContain(formatBrl(totais.vendido));
    expect(xml).toContain(formatBrl(totais.faturado));
    expect(xml).toContain('Por UF');
  });

  it('inadimplência: the overdue receivables as a PDF', async () => {
    const pdf = await arquivo(`/api/inadimplencias/impressao?${periodo}`, 'application/pdf', /inadimplencia-.+\.pdf/);
    const { texto } = lerPdf(pdf);
    const v = await vencidos(banco(), inicio, hoje, hoje);
    expect(v.n).toBeGreaterThan(0);
    expect(texto).toContain(`Total (${v.n} ${v.n === 1 ? 'título' : 'títulos'})`);
    expect(texto).toContain(formatBrl(v.total).replace(/\s/g, ' '));
  });

  it('inadimplência: the same rows as a CSV (BOM, ";", CRLF, decimal comma, dd/mm/yyyy, accents)', async () => {
    const csv = await arquivo(`/api/inadimplencias/csv?${periodo}`, 'text/csv; charset=utf-8', /inadimplencia-.+\.csv/);
    const texto = csv.toString('utf8');
    expect(texto.charCodeAt(0)).toBe(0xfeff);
    expect(texto).toContain('\r\n');
    const { data, errors } = Papa.parse<string[]>(texto.slice(1), { delimiter: ';', skipEmptyLines: true });
    expect(errors).toEqual([]);
    expect(data[0]).toEqual(['Cliente', 'Razão social', 'CNPJ/CPF', 'Documento', 'Parcela', 'Emissão', 'Vencimento', 'Dias em atraso', 'Valor']);
    const v = await vencidos(banco(), inicio, hoje, hoje);
    expect(data.length - 1).toBe(v.n);
    const soma = data.slice(1).reduce((s, l) => s + Math.round(Number(l[8].replace(',', '.')) * 100), 0);
    expect(soma).toBe(Math.round(Number(v.total) * 100));
    for (const l of data.slice(1)) {
      expect(l[8]).toMatch(/^\d+,\d{2}$/);
      expect(l[6]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
      expect(Number(l[7])).toBeGreaterThan(0);
    }
  });

  it('a period in the past is seen at its end; one without rows still gives the documents', async () => {
    const fim = somarDias(hoje, -40);
    const v = await vencidos(banco(), inicio, fim, fim);
    const csv = (await arquivo(`/api/inadimplencias/csv?inicio=${inicio}&fim=${fim}`, 'text/csv; charset=utf-8', /csv/)).toString('utf8');
    expect(Papa.parse(csv.slice(1), { delimiter: ';', skipEmptyLines: true }).data.length - 1).toBe(v.n);
    const vazio = lerPdf(await arquivo('/api/inadimplencias/impressao?inicio=2001-01-01&fim=2001-01-31', 'application/pdf', /pdf/)).texto;
    expect(vazio).toContain('Nenhum título vencido em aberto no período.');
    expect(lerPdf(await arquivo('/api/acompanhamentos/vendidoXfaturado?inicio=2001-01-01&fim=2001-01-31', 'application/pdf', /pdf/)).texto).toContain('Nenhum pedido nem nota fiscal no período.');
  });
});

describe('bad input', () => {
  const rotas = ['/api/acompanhamentos/vendidoXfaturado', '/api/acompanhamentos/consolidado', '/api/inadimplencias/impressao', '/api/inadimplencias/csv'];
  it.each(rotas)('%s refuses a bad period with 400', async (rota) => {
    const casos: [string, string[]][] = [
      ['', [MSG_DATA_INICIAL, MSG_DATA_FINAL]],
      ['inicio=2026-02-30&fim=2026-03-01', [MSG_DATA_INICIAL]],
      ['inicio=2026-03-01&fim=01/03/2026', [MSG_DATA_FINAL]],
      ['inicio=2026-03-10&fim=2026-03-01', [MSG_PERIODO_INVALIDO]],
      ['inicio=2025-01-01&fim=2026-01-02', [MSG_PERIODO_LONGO]],
    ];
    for (const [q, mensagens] of casos) {
      const r = await get(`${rota}?${q}`);
      expect(r.status, q).toBe(400);
      expect(await json(r), q).toEqual({ mensagens });
    }
    // 366 days (a leap year) is the longest period.
    expect((await get(`${rota}?inicio=2024-01-01&fim=2024-12-31`)).status).toBe(200);
  });

  it('the note and order downloads refuse a missing or long id with 400', async () => {
    for (const caminho of ['/api/vw-notas-fiscais/pdf', '/api/vw-notas-fiscais/pdf?notaFiscalId=%20', `/api/vw-notas-fiscais/pdf?notaFiscalId=${'9'.repeat(31)}`, '/api/vw-notas-fiscais/pdfs', '/api/vw-notas-fiscais/pdfs?pedidoId=']) {
      const r = await get(caminho);
      expect(r.status, caminho).toBe(400);
      expect((await json(r)).mensagens[0], caminho).toMatch(/^(Informe|A nota fiscal|O pedido)/);
    }
  });
});
