import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { MSG_PERIODO_INVALIDO, ordensServicoQuerySchema, type DadosItemRomaneioOs, type ListagemPicker, type NotaFiscalListagem, type OrdemServicoLinha, type OrdemServicoListagem } from '../../src/contracts/ordens-servico';
import { MSG_TRANSPORTADORA_NAO_INFORMADA } from '../../src/contracts/romaneios';
import { janelaOrdensServico } from '../../src/domain/ordens-servico/janela-ordens-servico';
import { cliente } from '../../src/server/db/schema/cliente';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { erpOrdensServicoDe } from '../../src/server/erp/erp-ordens-servico';
import { dadosFiscaisNf, dadosFiscaisOs, dadosPesoVolume, mensagemNfNaoEncontrada, mensagemOsNaoEncontrada } from '../../src/server/romaneios-os/dados-item-os';
import { mensagemTransportadoraDesconhecida, MSG_TRANSPORTADORA_ID_INVALIDO } from '../../src/server/romaneios-os/pickers-os';
import { createHarness, json, type Harness } from './harness';
import { dadosErp, type DadosErp } from './ordens-servico-dados';

// GET /ordens-servico/ordens-servico-transportadora and /notas-fiscais-transportadora (the carrier
// by its register id), the three preencher-dados calls and GET /romaneios-colacril/buscar-os/{x}, over the
// demo ERP seeded on start (spec 03 §3, §5, §7).

let h: Harness;
let token: string;
let d: DadosErp;
/** The register id of the carrier with the most O.S. lines. */
let carrier: number;
const banco = () => h.bancos.COLACRIL;
const erp = () => erpOrdensServicoDe(banco(), {});
const AMPLO = 'inicio=2000-01-01&fim=2999-12-31';

const obter = async <T>(caminho: string) => {
  const resposta = await h.request('GET', caminho, { token });
  expect(resposta.status, `${caminho}: ${await resposta.clone().text()}`).toBe(200);
  return json<T>(resposta);
};
const recusa = async (caminho: string, status: number, mensagens: string[]) => {
  const resposta = await h.request('GET', caminho, { token });
  expect([resposta.status, await resposta.json()], caminho).toEqual([status, { mensagens }]);
};
/** The register's customer of an ERP clienteId, as DadosItemRomaneioOs carries it. */
const clienteCadastro = async (clienteId: string | null) => {
  const [c] = await banco().db.select().from(cliente).where(eq(cliente.clienteId, clienteId!));
  return { id: c.id, vwCliente: { razaoSocial: c.razaoSocial } };
};

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_ROMA_M'], 'REPRESENTANTE');
  d = await dadosErp(banco());
  const [t] = await banco().db.select({ id: transportadora.id }).from(transportadora).where(eq(transportadora.fornecedorId, d.carrier));
  carrier = t.id;
});
afterAll(() => h?.close());

describe('the pickers', () => {
  it('list what the ERP layer lists for the carrier’s fornecedorId, filters included', async () => {
    const x = d.linhas.find((l) => l.transportadoraId === d.carrier && l.notaFiscalId)!;
    for (const q of [AMPLO, '', `${AMPLO}&cliente=${x.clienteId}&uf=${x.uf}&pedido=${x.pedidoId}`, `${AMPLO}&os=${x.ordemServico}&produto=${x.produtoId}&municipio=${x.codigoMunicipio}`]) {
      const filtro = ordensServicoQuerySchema.parse({ ...Object.fromEntries(new URLSearchParams(q)), transportadora: d.carrier });
      const os = await obter<ListagemPicker<OrdemServicoListagem>>(`/api/ordens-servico/ordens-servico-transportadora?transportadora=${carrier}&${q}`);
      expect(os, q).toEqual(await erp().ordensServicoTransportadora(filtro));
      const nfs = await obter<ListagemPicker<NotaFiscalListagem>>(`/api/ordens-servico/notas-fiscais-transportadora?transportadora=${carrier}&${q}`);
      expect(nfs, q).toEqual(await erp().notasFiscaisTransportadora(filtro));
      if (q === AMPLO) expect(os.linhas.length * nfs.linhas.length).toBeGreaterThan(0);
    }
  });

  it('default to today − 2 … today + 7 without a period', async () => {
    const { inicio, fim } = janelaOrdensServico();
    const os = await obter<ListagemPicker<OrdemServicoListagem>>(`/api/ordens-servico/ordens-servico-transportadora?transportadora=${carrier}`);
    expect(os.linhas.every((l) => l.dataEntrega >= inicio && l.dataEntrega <= fim)).toBe(true);
    const todas = d.linhas.filter((l) => l.transportadoraId === d.carrier && l.dataEntrega >= inicio && l.dataEntrega <= fim);
    expect(os.linhas).toHaveLength(todas.length);
    const nfs = await obter<ListagemPicker<NotaFiscalListagem>>(`/api/ordens-servico/notas-fiscais-transportadora?transportadora=${carrier}`);
    expect(nfs.linhas.every((n) => n.dataEmissao >= inicio && n.dataEmissao <= fim)).toBe(true);
  });

  it('refuses a carrier that is not a register id, unknown, or missing, and bad filters', async () => {
    for (const caminho of ['ordens-servico-transportadora', 'notas-fiscais-transportadora']) {
      const base = `/api/ordens-servico/${caminho}`;
      await recusa(`${base}?transportadora=${d.carrier}`, 400, [MSG_TRANSPORTADORA_ID_INVALIDO]);
      await recusa(`${base}?transportadora=99999999999`, 400, [MSG_TRANSPORTADORA_ID_INVALIDO]);
      await recusa(`${base}?transportadora=0`, 400, [MSG_TRANSPORTADORA_ID_INVALIDO]);
      await recusa(`${base}?transportadora=2000000000`, 400, [mensagemTransportadoraDesconhecida(2000000000)]);
      await recusa(`${base}?cliente=C1`, 400, [MSG_TRANSPORTADORA_NAO_INFORMADA]);
      await recusa(`${base}?transportadora=${carrier}&inicio=2024-05-02&fim=2024-05-01`, 400, [MSG_PERIODO_INVALIDO]);
      await recusa(`${base}?transportadora=${carrier}&inicio=2024-02-30`, 400, ['Data inicial: informe uma data válida (AAAA-MM-DD).']);
      await recusa(`${base}?transportadora=${carrier}&municipio=355`, 400, ['Município: informe o código IBGE (7 dígitos).']);
      await recusa(`${base}?transportadora=${carrier}&os=abc`, 400, ['O.S.: informe um número.']);
      await recusa(`${base}?transportadora=${carrier}&uf=S1`, 400, ['UF: informe a sigla (2 letras).']);
    }
  });
});

describe('GET /romaneios-colacril/buscar-os/{x}', () => {
  it('answers the lines of the O.S.; 404 for an unknown one, 400 for a bad number', async () => {
    const x = d.linhas[0].ordemServico;
    const linhas = await obter<OrdemServicoLinha[]>(`/api/romaneios-colacril/buscar-os/${x}`);
    expect(linhas).toEqual(await erp().linhasOrdemServico(x));
    expect(linhas.length).toBe(d.linhas.filter((l) => l.ordemServico === x).length);
    await recusa('/api/romaneios-colacril/buscar-os/1', 404, [mensagemOsNaoEncontrada(1)]);
    await recusa('/api/romaneios-colacril/buscar-os/abc', 400, ['O.S.: informe o número da ordem de serviço (apenas dígitos).']);
    await recusa('/api/romaneios-colacril/buscar-os/0', 400, ['O.S.: informe o número da ordem de serviço (apenas dígitos).']);
    await recusa('/api/romaneios-colacril/buscar-os/99999999999', 400, ['O.S.: número grande demais.']);
  });
});

describe('the preencher-dados calls', () => {
  it('fiscais-os: the order, first order item, register customer, freight, delivery and, invoiced, the invoice and its value', async () => {
    const faturada = d.ordens.find((o) => o.notaFiscalId)!;
    const linhas = d.linhas.filter((l) => l.ordemServico === faturada.ordemServico).sort((a, b) => a.linha - b.linha);
    const valor = linhas.reduce((s, l) => s + Math.round(Number(l.valorNotaFiscalItem) * 100), 0);
    expect(await obter<DadosItemRomaneioOs>(`/api/ordens-servico/preencher-dados-fiscais-os/${faturada.ordemServico}`)).toEqual({
      pedidoId: faturada.pedidoId,
      itemId: linhas[0].itemPedidoId,
      cliente: await clienteCadastro(faturada.clienteId),
      notaFiscalId: faturada.notaFiscalId,
      valorNotaFiscal: (valor / 100).toFixed(2),
      frete: faturada.frete,
      pesoBruto: null,
      pesoLiquido: null,
      volumes: null,
      unidade: null,
      quantidadeM2: null,
      ordensServico: [String(faturada.ordemServico)],
      dataEntrega: faturada.dataEntrega,
    });
    const aberta = d.ordens.find((o) => !o.notaFiscalId)!;
    expect(await obter<DadosItemRomaneioOs>(`/api/ordens-servico/preencher-dados-fiscais-os/${aberta.ordemServico}`)).toMatchObject({ pedidoId: aberta.pedidoId, notaFiscalId: null, valorNotaFiscal: null });
  });

  it('fiscais-nf: the invoice’s order, customer, value, freight, weights, volumes, unit and the O.S. it invoiced', async () => {
    const os = d.ordens.find((o) => o.notaFiscalId)!;
    const nota = d.notas.find((n) => n.notaFiscalId === os.notaFiscalId)!;
    expect(await obter<DadosItemRomaneioOs>(`/api/ordens-servico/preencher-dados-fiscais-nf/${nota.notaFiscalId}`)).toEqual({
      pedidoId: nota.pedidoId,
      itemId: null,
      cliente: await clienteCadastro(nota.clienteId),
      notaFiscalId: nota.notaFiscalId,
      valorNotaFiscal: nota.valor,
      frete: nota.frete,
      pesoBruto: nota.pesoBruto,
      pesoLiquido: nota.pesoLiquido,
      volumes: nota.volumes,
      unidade: nota.unidade,
      quantidadeM2: null,
      ordensServico: d.ordens.filter((o) => o.notaFiscalId === nota.notaFiscalId).map((o) => String(o.ordemServico)),
      dataEntrega: null,
    });
    const avulsa = d.notas.find((n) => !d.ordens.some((o) => o.notaFiscalId === n.notaFiscalId))!;
    expect((await obter<DadosItemRomaneioOs>(`/api/ordens-servico/preencher-dados-fiscais-nf/${avulsa.notaFiscalId}`)).ordensServico).toEqual([]);
  });

  it('peso-volume: the O.S.’s weights, volumes, unit, m² of its lines and delivery date', async () => {
    const os = d.ordens[1];
    const m2 = d.linhas.filter((l) => l.ordemServico === os.ordemServico).reduce((s, l) => s + Math.round(Number(l.quantidadeM2) * 1000), 0);
    expect(await obter<DadosItemRomaneioOs>(`/api/ordens-servico/preencher-dados-peso-volume/${os.ordemServico}`)).toEqual({
      pedidoId: null,
      itemId: null,
      cliente: null,
      notaFiscalId: null,
      valorNotaFiscal: null,
      frete: null,
      pesoBruto: os.pesoBruto,
      pesoLiquido: os.pesoLiquido,
      volumes: os.volumes,
      unidade: os.unidade,
      quantidadeM2: (m2 / 1000).toFixed(3),
      ordensServico: [String(os.ordemServico)],
      dataEntrega: os.dataEntrega,
    });
  });

  it('answers a customer the register does not know as null, 404 in Portuguese for an unknown O.S. or invoice, 400 for a bad one', async () => {
    const orfa = await d.inserirOsSemCadastro();
    expect(await obter<DadosItemRomaneioOs>(`/api/ordens-servico/preencher-dados-fiscais-os/${orfa}`)).toMatchObject({ cliente: null, itemId: null, pedidoId: 'PE-ORFAO' });
    await recusa('/api/ordens-servico/preencher-dados-fiscais-os/1', 404, [mensagemOsNaoEncontrada(1)]);
    await recusa('/api/ordens-servico/preencher-dados-peso-volume/1', 404, [mensagemOsNaoEncontrada(1)]);
    await recusa('/api/ordens-servico/preencher-dados-fiscais-nf/NAO-EXISTE', 404, [mensagemNfNaoEncontrada('NAO-EXISTE')]);
    await recusa('/api/ordens-servico/preencher-dados-fiscais-os/12a', 400, ['O.S.: informe o número da ordem de serviço (apenas dígitos).']);
    await recusa('/api/ordens-servico/preencher-dados-peso-volume/2147483648', 400, ['O.S.: número grande demais.']);
    await recusa(`/api/ordens-servico/preencher-dados-fiscais-nf/${'9'.repeat(31)}`, 400, ['Nota fiscal: informe o identificador da nota (até 30 letras, dígitos, pontos ou hífens).']);
    await recusa(`/api/ordens-servico/preencher-dados-fiscais-nf/${encodeURIComponent("1' or '1'='1")}`, 400, ['Nota fiscal: informe o identificador da nota (até 30 letras, dígitos, pontos ou hífens).']);
  });

  it('maps the customer without a query per row: three statements for an O.S., two for an invoice (the ERP, then the register for the customer), two for weights', async () => {
    const os = d.ordens.find((o) => o.notaFiscalId)!;
    const consultas = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const casos: [() => Promise<unknown>, number][] = [
        [() => dadosFiscaisOs(banco(), os.ordemServico), 3],
        [() => dadosFiscaisNf(banco(), os.notaFiscalId!, {}), 2],
        [() => dadosPesoVolume(banco(), os.ordemServico), 2],
      ];
      for (const [chamada, n] of casos) {
        consultas.mockClear();
        await chamada();
        expect(consultas.mock.calls.length, chamada.toString()).toBe(n);
      }
    } finally {
      consultas.mockRestore();
    }
  });
});
