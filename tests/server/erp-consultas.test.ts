import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_PEDIDO_JSON_INVALIDO, MSG_PEDIDO_NAO_ENCONTRADO, MSG_PEDIDO_OBRIGATORIO, type PedidoErp } from '../../src/contracts/pedidos-erp';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';
import { createHarness, json, type Harness } from './harness';

// GET /vwpedidos/listarSimples, /vwpedidos/{json}, /vwpedidos/detalhe/{json} and
// /vw-notas-fiscais/quantidade-nfs (spec 03 §7 "Orders and invoices lookups") over the demo ERP's views.
let h: Harness;
let token: string;
const get = async (path: string, t = token) => {
  const r = await h.request('GET', path, { token: t });
  return { status: r.status, body: await json(r) };
};
const chave = (o: unknown) => encodeURIComponent(JSON.stringify(o));

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.tokenCom(['FRETE_ROMA_M']);
  const { db, erpSchema } = h.bancos.COLACRIL;
  const { vwPedido, vwNotaFiscal, vwCliente } = erpTabelas(erpSchema);
  const [cli] = await db.select().from(vwCliente).limit(1);
  const pedido = (pedidoId: string, status: string, clienteId: string | null = 'ZZ-SEM-CLIENTE') => ({ pedidoId, status, clienteId, dataPedido: '2011-01-01', valorTotal: '10.00' });
  await db.insert(vwPedido).values([
    { ...pedido('ZZ-0001', 'APROVADO', cli.clienteId), codigoCobrancaAdicional: 'TDE' },
    pedido('ZZ-0002', 'FATURADO'),
    pedido('ZZ-0003', 'ERRO'),
    pedido('ZZ-0004', 'CANCELADO'),
    pedido('ZZ-0005', 'RASCUNHO'),
    pedido('ZZ-0006', 'NAO_PROCESSADO'),
  ]);
  const nf = (n: number, pedidoId: string) => ({ notaFiscalId: `ZNF-${n}`, chave: String(n).padStart(44, '7'), numero: n, serie: '1', dataEmissao: '2011-01-02', tipo: 'SAIDA', pedidoId, pesoBruto: '5', valor: '7' });
  await db.insert(vwNotaFiscal).values([nf(2, 'ZZ-0001'), nf(1, 'ZZ-0001'), nf(3, 'ZZ-0002')]);
});
afterAll(() => h?.close());

describe('GET /vwpedidos/listarSimples', () => {
  it('pages orders by id descending without ERRO, CANCELADO, RASCUNHO and NAO_PROCESSADO; filters by customer and order', async () => {
    const todos = await get('/api/vwpedidos/listarSimples?size=300');
    expect(todos.status).toBe(200);
    const idsZ = (todos.body.content as PedidoErp[]).map((p) => p.pedidoId).filter((p) => p.startsWith('ZZ-'));
    expect(idsZ).toEqual(['ZZ-0002', 'ZZ-0001']);
    const ordenados = (todos.body.content as PedidoErp[]).map((p) => p.pedidoId);
    expect(ordenados).toEqual([...ordenados].sort().reverse());
    const porPedido = await get('/api/vwpedidos/listarSimples?pedidoId=ZZ-0001');
    expect(porPedido.body).toMatchObject({ totalElements: 1, number: 0, content: [{ pedidoId: 'ZZ-0001', status: 'APROVADO', codigoCobrancaAdicional: 'TDE', valorTotal: '10.00', dataPedido: '2011-01-01' }] });
    expect(porPedido.body.content[0].clienteRazaoSocial).toEqual(expect.any(String));
    const cliente = porPedido.body.content[0].clienteId;
    const porCliente = await get(`/api/vwpedidos/listarSimples?clienteId=${cliente}&size=300`);
    expect((porCliente.body.content as PedidoErp[]).every((p) => p.clienteId === cliente)).toBe(true);
    expect(await get('/api/vwpedidos/listarSimples?pedidoId=ZZ-0003')).toMatchObject({ status: 200, body: { totalElements: 0, content: [] } });
    const pagina = await get('/api/vwpedidos/listarSimples?clienteId=ZZ-SEM-CLIENTE&size=1&page=0');
    expect(pagina.body).toMatchObject({ totalElements: 1, totalPages: 1, size: 1 });
    expect((await get('/api/vwpedidos/listarSimples?size=0')).status).toBe(400);
  });
});

describe('GET /vwpedidos/{json} and /vwpedidos/detalhe/{json}', () => {
  it('answers the order, and with its invoices (by number) in the detail', async () => {
    expect(await get(`/api/vwpedidos/${chave({ pedidoId: 'ZZ-0002' })}`)).toMatchObject({ status: 200, body: { pedidoId: 'ZZ-0002', status: 'FATURADO', clienteRazaoSocial: null } });
    const d = await get(`/api/vwpedidos/detalhe/${chave({ pedidoId: 'ZZ-0001' })}`);
    expect(d.status).toBe(200);
    expect(d.body).toMatchObject({ pedidoId: 'ZZ-0001', codigoCobrancaAdicional: 'TDE' });
    expect(d.body.notasFiscais.map((n: { notaFiscalId: string; pesoBruto: string }) => [n.notaFiscalId, n.pesoBruto])).toEqual([['ZNF-1', '5.000'], ['ZNF-2', '5.000']]);
  });

  it('400 on a bad {json}, 404 on an unknown order', async () => {
    for (const bruto of [encodeURIComponent('{pedidoId:'), chave([1]), chave('P1'), chave(null)])
      expect(await get(`/api/vwpedidos/${bruto}`), bruto).toEqual({ status: 400, body: { mensagens: [MSG_PEDIDO_JSON_INVALIDO] } });
    expect(await get(`/api/vwpedidos/detalhe/${chave({ outro: 1 })}`)).toEqual({ status: 400, body: { mensagens: [MSG_PEDIDO_OBRIGATORIO] } });
    expect(await get(`/api/vwpedidos/${chave({ pedidoId: 'NAO-EXISTE' })}`)).toEqual({ status: 404, body: { mensagens: [MSG_PEDIDO_NAO_ENCONTRADO] } });
    expect(await get(`/api/vwpedidos/detalhe/${chave({ pedidoId: 'NAO-EXISTE' })}`)).toEqual({ status: 404, body: { mensagens: [MSG_PEDIDO_NAO_ENCONTRADO] } });
  });

  it('RRE does not see COLACRIL\'s ERP', async () => {
    const rre = await h.tokenCom(['FRETE_CTE_M'], 'GERENTE', 'RRE');
    expect((await get(`/api/vwpedidos/${chave({ pedidoId: 'ZZ-0001' })}`, rre)).status).toBe(404);
  });
});

describe('GET /vw-notas-fiscais/quantidade-nfs', () => {
  it('counts the invoices of an order; the order is required', async () => {
    expect(await get('/api/vw-notas-fiscais/quantidade-nfs?pedidoId=ZZ-0001')).toEqual({ status: 200, body: { quantidade: 2 } });
    expect(await get('/api/vw-notas-fiscais/quantidade-nfs?pedidoId=NAO-EXISTE')).toEqual({ status: 200, body: { quantidade: 0 } });
    expect(await get('/api/vw-notas-fiscais/quantidade-nfs')).toEqual({ status: 400, body: { mensagens: [MSG_PEDIDO_OBRIGATORIO] } });
  });
});
