import { asc, eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { EMPRESAS } from '../../src/contracts/common';
import { comJanelaPadrao, janelaOrdensServico } from '../../src/domain/ordens-servico/janela-ordens-servico';
import {
  MSG_PERIODO_INVALIDO,
  ordensServicoQuerySchema,
  UNIDADES_ITEM,
  type FiltroOrdensServico,
  type FiltroOrdensServicoEntrada,
} from '../../src/contracts/ordens-servico';
import { MSG_TRANSPORTADORA_NAO_INFORMADA } from '../../src/contracts/romaneios';
import type { CompanyDatabase } from '../../src/server/db/database';
import { erpOrdensServicoDe, type ErpOrdensServico } from '../../src/server/erp/erp-ordens-servico';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';
import { aleatorio } from '../../src/server/demo/ctes-demo/aleatorio';
import { montarOrdensServicoDemo } from '../../src/server/demo/semear-ordens-servico-demo';
import { openTestDatabases } from './harness';

// The demo ERP's service orders and invoices, read by the service-order manifest's pickers and the
// manifest lookups (spec 03 §3, §5, §7), on a fresh seed of both companies.

let bancos: Record<string, CompanyDatabase>;
/** Map.groupBy (Node 21+). */
function agrupar<T, K>(lista: T[], chave: (x: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const x of lista) m.set(chave(x), [...(m.get(chave(x)) ?? []), x]);
  return m;
}
const erp = (e = 'COLACRIL'): ErpOrdensServico => erpOrdensServicoDe(bancos[e], {});
const filtro = (q: FiltroOrdensServicoEntrada): FiltroOrdensServico => ordensServicoQuerySchema.parse(q);
/** A window wide enough for every demo row, whatever day the (cached) seed ran. */
const AMPLO = { inicio: '2000-01-01', fim: '2999-12-31' };

/** The demo O.S. with their lines and the invoices, straight from the tables. */
async function tabelas(e = 'COLACRIL') {
  const { db, erpSchema } = bancos[e];
  const t = erpTabelas(erpSchema);
  const linhas = await db.select().from(t.vwOrdemServico).innerJoin(t.vwOrdemServicoLinha, eq(t.vwOrdemServicoLinha.ordemServico, t.vwOrdemServico.ordemServico));
  const notas = await db.select().from(t.vwNotaFiscalExpedicao).where(eq(t.vwNotaFiscalExpedicao.serie, '2')).orderBy(asc(t.vwNotaFiscalExpedicao.notaFiscalId));
  const itens = await db.select().from(t.vwNotaFiscalItem);
  return { linhas: linhas.map((l) => ({ ...l.vw_ordem_servico, ...l.vw_ordem_servico_linha })), notas, itens, t, db };
}
type Dados = Awaited<ReturnType<typeof tabelas>>;
let dados: Dados;
/** The carrier with the most O.S. lines. */
let carrier: string;

beforeAll(async () => {
  bancos = await openTestDatabases();
  dados = await tabelas();
  const porCarrier = agrupar(dados.linhas, (l) => l.transportadoraId!);
  carrier = [...porCarrier].sort((a, b) => b[1].length - a[1].length)[0][0];
});
afterAll(async () => {
  for (const b of Object.values(bancos ?? {})) await b.close();
});

describe('the pickers query', () => {
  it('needs the carrier, defaults the period to today − 2 … today + 7 and refuses an end before the start', () => {
    const q = filtro({ transportadora: 'F1' });
    expect({ inicio: q.inicio, fim: q.fim }).toEqual({ inicio: undefined, fim: undefined });
    expect(comJanelaPadrao(q, new Date('2024-03-01T03:04:00Z'))).toMatchObject({ transportadora: 'F1', inicio: '2024-02-28', fim: '2024-03-08' });
    expect(janelaOrdensServico(new Date('2024-03-01T03:04:00Z'))).toEqual({ inicio: '2024-02-28', fim: '2024-03-08' });
    // 00:04 in São Paulo is still the day before in the window's arithmetic.
    expect(janelaOrdensServico(new Date('2024-03-01T02:59:00Z'))).toEqual({ inicio: '2024-02-27', fim: '2024-03-07' });
    const semCarrier = ordensServicoQuerySchema.safeParse({ cliente: 'C1' });
    expect(semCarrier.error?.issues.map((i) => i.message)).toEqual([MSG_TRANSPORTADORA_NAO_INFORMADA]);
    const invertido = ordensServicoQuerySchema.safeParse({ transportadora: 'F1', inicio: '2024-05-02', fim: '2024-05-01' });
    expect(invertido.error?.issues.map((i) => i.message)).toEqual([MSG_PERIODO_INVALIDO]);
    expect(filtro({ transportadora: 'F1', cliente: '', os: '12', municipio: '3550308', uf: 'sp' })).toMatchObject({ cliente: undefined, os: 12, municipio: 3550308, uf: 'SP' });
    expect(ordensServicoQuerySchema.safeParse({ transportadora: 'F1', municipio: '355' }).success).toBe(false);
  });
});

describe('demo data', () => {
  it('is dated by the São Paulo day of the seed, the same for the same day', () => {
    const parceiros = { carriers: ['F1', 'F2', 'F3'], clientes: [{ clienteId: 'C1', codigo: 3550308, uf: 'SP' }, { clienteId: 'C2', codigo: 4106902, uf: 'PR' }] };
    const montar = () => montarOrdensServicoDemo(parceiros, '2024-03-01', '10432567000100', aleatorio(15));
    const d = montar();
    expect(d).toEqual(montar());
    expect(d.ordens.every((o) => o.dataEntrega >= '2024-02-27' && o.dataEntrega <= '2024-03-11')).toBe(true);
    expect(d.notas.every((n) => n.dataEmissao >= '2024-02-24' && n.dataEmissao <= '2024-03-01')).toBe(true);
    expect(new Set(d.ordens.map((o) => o.transportadoraId))).toEqual(new Set(['F1', 'F2', 'F3']));
  });


  it.each(EMPRESAS)('%s: O.S. of 1–4 lines in the default window for at least 3 carriers, invoices of 1–5 items', async (empresa) => {
    const d = empresa === 'COLACRIL' ? dados : await tabelas(empresa);
    const carriers = [...new Set(d.linhas.map((l) => l.transportadoraId!))];
    const comOs = [];
    for (const c of carriers) if ((await erp(empresa).ordensServicoTransportadora(filtro({ transportadora: c }))).linhas.length) comOs.push(c);
    expect(comOs.length).toBeGreaterThanOrEqual(3);
    const porOs = agrupar(d.linhas, (l) => l.ordemServico);
    expect(porOs.size).toBe(60);
    expect([...porOs.values()].every((ls) => ls.length >= 1 && ls.length <= 4)).toBe(true);
    expect(d.notas).toHaveLength(80);
    const porNota = agrupar(d.itens, (i) => i.notaFiscalId);
    expect(d.notas.every((n) => (porNota.get(n.notaFiscalId)?.length ?? 0) >= 1 && porNota.get(n.notaFiscalId)!.length <= 5)).toBe(true);
    expect(d.notas.every((n) => (UNIDADES_ITEM as readonly string[]).includes(n.unidade!) && n.volumes! > 0 && Number(n.pesoBruto) > 0)).toBe(true);
    // Some O.S. already invoiced (preencher-dados-fiscais), all of them with one of these invoices.
    const faturadas = [...porOs.values()].filter((ls) => ls[0].notaFiscalId);
    expect(faturadas.length).toBeGreaterThan(5);
    expect(faturadas.every((ls) => d.notas.some((n) => n.notaFiscalId === ls[0].notaFiscalId && n.pedidoId === ls[0].pedidoId))).toBe(true);
  });
});

/** Picker rows expected from the raw rows (ordered like the picker). */
const esperadoOs = (pred: (l: Dados['linhas'][number]) => boolean) =>
  dados.linhas
    .filter((l) => l.transportadoraId === carrier && pred(l))
    .sort((a, b) => a.dataEntrega.localeCompare(b.dataEntrega) || a.ordemServico - b.ordemServico || a.linha - b.linha)
    .map((l) => `${l.ordemServico}/${l.itemPedidoId}`);
const obtidoOs = async (q: Partial<FiltroOrdensServicoEntrada>) =>
  (await erp().ordensServicoTransportadora(filtro({ transportadora: carrier, ...AMPLO, ...q }))).linhas.map((l) => `${l.ordemServico}/${l.itemId}`);

describe('ordensServicoTransportadora', () => {
  it('lists the lines of the carrier, each filter narrowing them', async () => {
    const todas = esperadoOs(() => true);
    expect(await obtidoOs({})).toEqual(todas);
    const x = dados.linhas.filter((l) => l.transportadoraId === carrier)[3];
    const casos: [Partial<FiltroOrdensServicoEntrada>, (l: Dados['linhas'][number]) => boolean][] = [
      [{ cliente: x.clienteId! }, (l) => l.clienteId === x.clienteId],
      [{ municipio: String(x.codigoMunicipio) }, (l) => l.codigoMunicipio === x.codigoMunicipio],
      [{ uf: x.uf! }, (l) => l.uf === x.uf],
      [{ os: String(x.ordemServico) }, (l) => l.ordemServico === x.ordemServico],
      [{ pedido: x.pedidoId }, (l) => l.pedidoId === x.pedidoId],
      [{ produto: x.produtoId }, (l) => l.produtoId === x.produtoId],
      [{ inicio: x.dataEntrega, fim: x.dataEntrega }, (l) => l.dataEntrega === x.dataEntrega],
    ];
    for (const [q, pred] of casos) {
      const esperado = esperadoOs(pred);
      expect(await obtidoOs(q), JSON.stringify(q)).toEqual(esperado);
      expect(esperado.length, JSON.stringify(q)).toBeGreaterThan(0);
      if (!('uf' in q)) expect(esperado.length, JSON.stringify(q)).toBeLessThan(todas.length);
    }
    expect(await obtidoOs({ transportadora: 'F-NINGUEM' })).toEqual([]);
  });

  it('answers the spec fields', async () => {
    const [linha] = (await erp().ordensServicoTransportadora(filtro({ transportadora: carrier, ...AMPLO }))).linhas;
    expect(Object.keys(linha).sort()).toEqual(['clienteCadastroId', 'clienteRazaoSocial', 'dataEntrega', 'frete', 'itemId', 'm2', 'ordemServico', 'pedidoId', 'produtoDescricao', 'quantidade', 'quantidadeProduzida'].sort());
    expect(linha).toMatchObject({ clienteRazaoSocial: expect.any(String), quantidade: expect.stringMatching(/^\d+\.\d{3}$/), m2: expect.stringMatching(/^\d+\.\d{3}$/) });
  });
});

describe('notasFiscaisTransportadora', () => {
  const notasDe = (pred: (n: Dados['notas'][number]) => boolean) =>
    dados.notas
      .filter((n) => n.transportadoraId === carrier && pred(n))
      .sort((a, b) => a.dataEmissao.localeCompare(b.dataEmissao) || a.numero - b.numero)
      .map((n) => n.notaFiscalId);
  const obtido = async (q: Partial<FiltroOrdensServicoEntrada>) => (await erp().notasFiscaisTransportadora(filtro({ transportadora: carrier, ...AMPLO, ...q }))).linhas.map((n) => n.notaFiscalId);

  it('lists the invoices of the carrier, each filter narrowing them', async () => {
    const todas = notasDe(() => true);
    expect(await obtido({})).toEqual(todas);
    const x = dados.notas.find((n) => n.transportadoraId === carrier && dados.linhas.some((l) => l.notaFiscalId === n.notaFiscalId))!;
    const os = dados.linhas.find((l) => l.notaFiscalId === x.notaFiscalId)!;
    const produto = dados.itens.find((i) => i.notaFiscalId === x.notaFiscalId)!.produtoId!;
    const casos: [Partial<FiltroOrdensServicoEntrada>, (n: Dados['notas'][number]) => boolean][] = [
      [{ cliente: x.clienteId! }, (n) => n.clienteId === x.clienteId],
      [{ municipio: String(x.codigoMunicipio) }, (n) => n.codigoMunicipio === x.codigoMunicipio],
      [{ uf: x.uf! }, (n) => n.uf === x.uf],
      [{ os: String(os.ordemServico) }, (n) => n.notaFiscalId === x.notaFiscalId],
      [{ pedido: x.pedidoId! }, (n) => n.pedidoId === x.pedidoId],
      [{ produto }, (n) => dados.itens.some((i) => i.notaFiscalId === n.notaFiscalId && i.produtoId === produto)],
      [{ inicio: x.dataEmissao, fim: x.dataEmissao }, (n) => n.dataEmissao === x.dataEmissao],
    ];
    for (const [q, pred] of casos) {
      const esperado = notasDe(pred);
      expect(await obtido(q), JSON.stringify(q)).toEqual(esperado);
      expect(esperado.length, JSON.stringify(q)).toBeGreaterThan(0);
      if (!('uf' in q)) expect(esperado.length, JSON.stringify(q)).toBeLessThan(todas.length);
    }
  });

  it('answers the spec fields', async () => {
    const [nota] = (await erp().notasFiscaisTransportadora(filtro({ transportadora: carrier, ...AMPLO }))).linhas;
    expect(Object.keys(nota).sort()).toEqual(['clienteCadastroId', 'clienteRazaoSocial', 'dataEmissao', 'frete', 'notaFiscalId', 'pedidoId', 'pesoBruto', 'pesoLiquido', 'unidade', 'volumes'].sort());
    expect(UNIDADES_ITEM).toContain(nota.unidade);
  });
});

describe('the lookups', () => {
  it('answers the invoice, its items, the customer of an order and the lines of an O.S.', async () => {
    const nota = dados.notas[0];
    const { db, t } = dados;
    const [cli] = await db.select().from(t.vwCliente).where(eq(t.vwCliente.clienteId, nota.clienteId!));
    const [transp] = await db.select().from(t.vwTransportadora).where(eq(t.vwTransportadora.fornecedorId, nota.transportadoraId!));
    expect(await erp().notaFiscal(nota.notaFiscalId)).toEqual({ notaFiscalId: nota.notaFiscalId, pedidoId: nota.pedidoId, pesoBruto: nota.pesoBruto, clienteCpfCnpj: cli.cpfCnpj, transportadoraCnpj: transp.cnpj });
    expect(await erp().notaFiscal('NAO-EXISTE')).toBeNull();
    const itens = dados.itens.filter((i) => i.notaFiscalId === nota.notaFiscalId).sort((a, b) => a.itemId - b.itemId);
    expect(await erp().itensNotaFiscal(nota.notaFiscalId)).toEqual(itens.map((i) => ({ linha: String(i.itemId), descricao: i.descricao, quantidade: i.quantidade, unidade: i.unidade, valorTotalItem: i.valorTotalItem })));
    expect(await erp().clientePedido(nota.pedidoId!)).toEqual({ pedidoId: nota.pedidoId, clienteId: cli.clienteId, razaoSocial: cli.razaoSocial, cpfCnpj: cli.cpfCnpj, cidade: cli.cidade, estado: cli.estado });
    expect(await erp().clientePedido('NAO-EXISTE')).toBeNull();
    const faturada = dados.linhas.find((l) => l.notaFiscalId)!;
    const linhas = await erp().linhasOrdemServico(faturada.ordemServico);
    expect(linhas.length).toBe(dados.linhas.filter((l) => l.ordemServico === faturada.ordemServico).length);
    expect(linhas[0]).toEqual({ ordemServico: faturada.ordemServico, produtoId: expect.any(String), produtoDescricao: expect.any(String), itemPedidoId: `${faturada.pedidoId}-1`, dataEntrega: faturada.dataEntrega, quantidadeM2: expect.any(String), valorNotaFiscalItem: expect.any(String) });
    expect(await erp().ordemServico(faturada.ordemServico)).toMatchObject({ pedidoId: faturada.pedidoId, notaFiscalId: faturada.notaFiscalId, unidade: expect.any(String) });
    expect(await erp().ordemServico(1)).toBeNull();
  });

  it('sends one SQL statement a call, whatever the rows', async () => {
    const consultas = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const x = dados.linhas.find((l) => l.notaFiscalId)!;
      const chamadas: (() => Promise<unknown>)[] = [
        () => erp().ordensServicoTransportadora(filtro({ transportadora: carrier, ...AMPLO })),
        () => erp().ordensServicoTransportadora(filtro({ transportadora: carrier, cliente: x.clienteId!, uf: x.uf!, municipio: String(x.codigoMunicipio), os: String(x.ordemServico), pedido: x.pedidoId, produto: x.produtoId })),
        () => erp().notasFiscaisTransportadora(filtro({ transportadora: carrier, ...AMPLO })),
        () => erp().notasFiscaisTransportadora(filtro({ transportadora: carrier, os: String(x.ordemServico), produto: x.produtoId, ...AMPLO })),
        () => erp().notaFiscal(x.notaFiscalId!),
        () => erp().itensNotaFiscal(x.notaFiscalId!),
        () => erp().clientePedido(x.pedidoId),
        () => erp().linhasOrdemServico(x.ordemServico),
        () => erp().ordemServico(x.ordemServico),
        () => erp().dadosNotaFiscal(x.notaFiscalId!),
      ];
      for (const chamada of chamadas) {
        consultas.mockClear();
        await chamada();
        expect(consultas.mock.calls.length, chamada.toString()).toBe(1);
      }
    } finally {
      consultas.mockRestore();
    }
  });

  it('dadosNotaFiscal: the invoice’s order, ERP customer, value, freight, weights, volumes and unit, with the O.S. it invoiced', async () => {
    const ordensDe = (nf: string) => [...new Set(dados.linhas.filter((l) => l.notaFiscalId === nf).map((l) => l.ordemServico))].sort((a, b) => a - b).map(String);
    const campos = (n: Dados['notas'][number]) => ({
      notaFiscalId: n.notaFiscalId,
      pedidoId: n.pedidoId,
      clienteId: n.clienteId,
      valor: n.valor,
      frete: n.frete,
      pesoBruto: n.pesoBruto,
      pesoLiquido: n.pesoLiquido,
      volumes: n.volumes,
      unidade: n.unidade,
    });
    // The invoice that invoiced the most O.S. (the list is in number order), and one that invoiced none.
    const faturadas = dados.notas.filter((n) => ordensDe(n.notaFiscalId).length > 0).sort((a, b) => ordensDe(b.notaFiscalId).length - ordensDe(a.notaFiscalId).length);
    expect(faturadas.length).toBeGreaterThan(0);
    for (const n of [faturadas[0], dados.notas.find((x) => ordensDe(x.notaFiscalId).length === 0)!]) {
      expect(await erp().dadosNotaFiscal(n.notaFiscalId), n.notaFiscalId).toEqual({ ...campos(n), ordensServico: ordensDe(n.notaFiscalId) });
    }
    expect(await erp().dadosNotaFiscal('NAO-EXISTE')).toBeNull();

    // A unit the manifests do not know is DESCONHECIDO; none stays null (so the item keeps its own); bare invoices answer nulls.
    const { db, t } = dados;
    const nota = (notaFiscalId: string, unidade: string | null) => ({ notaFiscalId, chave: notaFiscalId.padEnd(44, '0'), numero: 990_001, serie: '9', dataEmissao: '2024-05-10', tipo: 'SAIDA', unidade });
    await db.insert(t.vwNotaFiscalExpedicao).values([nota('NF-UNID-SACO', 'SACO'), nota('NF-UNID-NULA', null)]).onConflictDoNothing();
    expect(await erp().dadosNotaFiscal('NF-UNID-SACO')).toMatchObject({ unidade: 'DESCONHECIDO', ordensServico: [] });
    expect(await erp().dadosNotaFiscal('NF-UNID-NULA')).toEqual({
      notaFiscalId: 'NF-UNID-NULA',
      pedidoId: null,
      clienteId: null,
      valor: null,
      frete: null,
      pesoBruto: null,
      pesoLiquido: null,
      volumes: null,
      unidade: null,
      ordensServico: [],
    });
  });
});
