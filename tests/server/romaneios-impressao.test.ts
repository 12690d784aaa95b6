import { eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ClientePedido, DetalheNotaFiscal, NotaFiscalLookup } from '../../src/contracts/ordens-servico';
import { MSG_PERIODO_INVALIDO } from '../../src/contracts/ordens-servico';
import { MSG_PEDIDO_NAO_ENCONTRADO } from '../../src/contracts/pedidos-erp';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';
import { MSG_DESPESAS_PERIODO_LONGO } from '../../src/server/romaneios/documentos-romaneio';
import { MSG_ROMANEIO_NAO_ENCONTRADO } from '../../src/server/romaneios/ler-romaneio';
import { mensagemNotaNaoEncontrada } from '../../src/server/routes/romaneios';
import { json, type Harness } from './harness';
import { arquivoDoZip, lerPdf } from './romaneio-documentos-dados';
import { corpoDe, corpoRomaneio, prepararRomaneios, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';

// Spec 03 §7 ("Manifests"): the manifest PDF, the transport contract DOCX and the expenses PDF by
// period, as the routes answer them (types, file names, 404 in Portuguese), and the ERP lookups of the
// dialog's items (nota-fiscal, nota-fiscal-itens, cliente-pedido). Printing needs only the menu code.

let h: Harness;
let token: string;
let soMenu: string;
let r: RefsRomaneio;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
  soMenu = await h.tokenCom(['FRETE_ROMA_M'], 'REPRESENTANTE');
});
afterAll(() => h?.close());

const baixar = async (metodo: string, caminho: string) => {
  const resposta = await h.request(metodo, caminho, { token: soMenu });
  expect(resposta.status, caminho).toBe(200);
  return { tipo: resposta.headers.get('Content-Type'), disposicao: resposta.headers.get('Content-Disposition'), corpo: Buffer.from(await resposta.arrayBuffer()) };
};
const recusa = async (metodo: string, caminho: string, status: number, mensagens: string[]) => {
  const resposta = await h.request(metodo, caminho, { token: soMenu });
  expect(resposta.status, caminho).toBe(status);
  expect(await json(resposta)).toEqual({ mensagens });
};
const xmlEscapado = (texto: string) => texto.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

describe('POST /romaneios/imprimir/{id} and /romaneios/imprimir/contrato/{id}', () => {
  it('answers the manifest PDF: number, driver, items with the apportioned freight', async () => {
    const m = await salvarOk(h, token, corpoRomaneio(r));
    const { tipo, disposicao, corpo } = await baixar('POST', `/api/romaneios/imprimir/${m.id}`);
    expect(tipo).toBe('application/pdf');
    expect(disposicao).toBe(`attachment; filename="romaneio-${m.numero}.pdf"`);
    expect(corpo.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { paginas, texto } = lerPdf(corpo);
    expect(paginas).toBeGreaterThanOrEqual(1);
    for (const trecho of [`Romaneio nº ${m.numero}`, r.motorista.nome, r.veiculo.placa, 'Linha 1', '375,00', '125,00', '1.000,00', 'Expedição']) {
      expect(texto, trecho).toContain(trecho);
    }
  });

  it('answers the transport contract DOCX with the customer’s and carrier’s names', async () => {
    const m = await salvarOk(h, token, corpoRomaneio(r, { veiculo: null }));
    const { tipo, disposicao, corpo } = await baixar('POST', `/api/romaneios/imprimir/contrato/${m.id}`);
    expect(tipo).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
    expect(disposicao).toBe(`attachment; filename="contrato-transporte-romaneio-${m.numero}.docx"`);
    expect(corpo.subarray(0, 2).toString('latin1')).toBe('PK');
    const xml = arquivoDoZip(corpo, 'word/document.xml').toString('utf8');
    for (const trecho of [`romaneio nº ${m.numero}`, xmlEscapado(r.motorista.nome), xmlEscapado(r.cliente.razaoSocial), m.itens[1].notaFiscalId, 'Cláusula 1ª']) {
      expect(xml, trecho).toContain(trecho);
    }
  });

  it('prints a cancelled manifest too, and answers 404 in Portuguese for an unknown one', async () => {
    const m = await salvarOk(h, token, corpoRomaneio(r));
    await salvarOk(h, token, corpoDe(m, { status: 'CANCELADO' }));
    expect(lerPdf((await baixar('POST', `/api/romaneios/imprimir/${m.id}`)).corpo).texto).toContain('Cancelado');
    await recusa('POST', '/api/romaneios/imprimir/999999', 404, [MSG_ROMANEIO_NAO_ENCONTRADO]);
    await recusa('POST', '/api/romaneios/imprimir/contrato/999999', 404, [MSG_ROMANEIO_NAO_ENCONTRADO]);
  });
});

describe('GET /romaneios/despesas', () => {
  it('lists the period’s manifests (São Paulo dates, cancelled ones left out) with their values and totals', async () => {
    const dentro = [await salvarOk(h, token, corpoRomaneio(r)), await salvarOk(h, token, corpoRomaneio(r, { valorOutros: null }))];
    const cancelado = await salvarOk(h, token, corpoRomaneio(r));
    await salvarOk(h, token, corpoDe(cancelado, { status: 'CANCELADO' }));
    const fora = await salvarOk(h, token, corpoRomaneio(r));
    const emitir = (id: number, instante: string) => db().execute(sql`update romaneio set data_emissao = ${instante}::timestamptz where id = ${id}`);
    await emitir(dentro[0].id!, '2002-05-01T03:00:00Z');
    await emitir(dentro[1].id!, '2002-05-31T23:00:00Z');
    await emitir(cancelado.id!, '2002-05-10T12:00:00Z');
    await emitir(fora.id!, '2002-06-01T03:00:00Z');
    const { tipo, disposicao, corpo } = await baixar('GET', '/api/romaneios/despesas?inicio=2002-05-01&fim=2002-05-31');
    expect(tipo).toBe('application/pdf');
    expect(disposicao).toBe('attachment; filename="despesas-romaneios-2002-05-01-a-2002-05-31.pdf"');
    const { texto } = lerPdf(corpo);
    // 50 + 1000 + 20 + 30 + 5 = 1105 and 1100 without the others: 2205,00.
    for (const trecho of ['Total (2 romaneios)', '2.205,00', '01/05/2002 a 31/05/2002', r.motorista.nome]) expect(texto, trecho).toContain(trecho);
    expect(lerPdf((await baixar('GET', '/api/romaneios/despesas?inicio=1990-01-01&fim=1990-01-31')).corpo).texto).toContain('Nenhum romaneio no período.');
  });

  it('refuses a missing, impossible or inverted period, and a period with too many manifests', async () => {
    await recusa('GET', '/api/romaneios/despesas?fim=2002-05-31', 400, ['Data inicial inválida ou não informada.']);
    await recusa('GET', '/api/romaneios/despesas?inicio=2002-02-30&fim=2002-05-31', 400, ['Data inicial inválida ou não informada.']);
    await recusa('GET', '/api/romaneios/despesas?inicio=2002-05-31&fim=2002-05-01', 400, [MSG_PERIODO_INVALIDO]);
    await db().execute(sql`insert into romaneio (motorista_id, data_emissao) select ${r.motorista.id}, '1995-03-10T12:00:00Z' from generate_series(1, 5001)`);
    await recusa('GET', '/api/romaneios/despesas?inicio=1995-03-01&fim=1995-03-31', 400, [MSG_DESPESAS_PERIODO_LONGO]);
  });
});

describe('the ERP lookups of the items', () => {
  const obter = async <T>(caminho: string) => {
    const resposta = await h.request('GET', caminho, { token: soMenu });
    expect(resposta.status, caminho).toBe(200);
    return json<T>(resposta);
  };

  it('GET nota-fiscal and nota-fiscal-itens answer the invoice and its lines', async () => {
    const t = erpTabelas(h.bancos.COLACRIL.erpSchema);
    const [linha] = await db().select({ nf: t.vwNotaFiscalItem.notaFiscalId }).from(t.vwNotaFiscalItem).limit(1);
    const itens = await db().select().from(t.vwNotaFiscalItem).where(eq(t.vwNotaFiscalItem.notaFiscalId, linha.nf));
    const nota = await obter<NotaFiscalLookup>(`/api/romaneios/nota-fiscal/${linha.nf}`);
    expect(nota).toEqual({ notaFiscalId: linha.nf, pedidoId: expect.anything(), pesoBruto: expect.anything(), clienteCpfCnpj: expect.anything(), transportadoraCnpj: expect.anything() });
    const detalhes = await obter<DetalheNotaFiscal[]>(`/api/romaneios/nota-fiscal-itens/${linha.nf}`);
    expect(detalhes.map((d) => d.linha).sort()).toEqual(itens.map((i) => String(i.itemId)).sort());
    expect(detalhes[0]).toEqual({ linha: expect.any(String), descricao: expect.any(String), quantidade: expect.any(String), unidade: expect.anything(), valorTotalItem: expect.anything() });
    await recusa('GET', '/api/romaneios/nota-fiscal/NAOEXISTE', 404, [mensagemNotaNaoEncontrada('NAOEXISTE')]);
    expect(await obter('/api/romaneios/nota-fiscal-itens/NAOEXISTE')).toEqual([]);
  });

  it('GET cliente-pedido answers the order’s customer, 404 for an unknown order', async () => {
    const t = erpTabelas(h.bancos.COLACRIL.erpSchema);
    const [pedido] = await db().select({ id: t.vwPedido.pedidoId, clienteId: t.vwPedido.clienteId }).from(t.vwPedido).where(isNotNull(t.vwPedido.clienteId)).limit(1);
    expect(await obter<ClientePedido>(`/api/romaneios/cliente-pedido/${pedido.id}`)).toMatchObject({ pedidoId: pedido.id, clienteId: pedido.clienteId, razaoSocial: expect.any(String) });
    await recusa('GET', '/api/romaneios/cliente-pedido/NAOEXISTE', 404, [MSG_PEDIDO_NAO_ENCONTRADO]);
  });
});
