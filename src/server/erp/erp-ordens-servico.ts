import { and, asc, eq, exists, gte, lte, sql, type SQL } from 'drizzle-orm';
import {
  LIMITE_LINHAS_PICKER,
  UNIDADES_ITEM,
  type ClientePedido,
  type DetalheNotaFiscal,
  type FiltroOrdensServico,
  type ListagemPicker,
  type NotaFiscalListagem,
  type NotaFiscalLookup,
  type OrdemServicoLinha,
  type OrdemServicoListagem,
  type UnidadeItem,
} from '../../contracts/ordens-servico';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CompanyDatabase } from '../db/database';
import { cliente } from '../db/schema/cliente';
import { comJanelaPadrao } from '../../domain/ordens-servico/janela-ordens-servico';
import { dadosNotaFiscalErp, type ErpDadosNotaFiscal } from './erp-dados-nota-fiscal';
import { schemaErpConfigurado } from './erp-source';

export type { ErpDadosNotaFiscal } from './erp-dados-nota-fiscal';

/** A picker's filter with its period (the user's, or the default window of spec §5). */
type FiltroComPeriodo = FiltroOrdensServico & { inicio: string; fim: string };
import { erpTabelas } from './erp-tabelas';

// The ERP's service orders (O.S.) and invoices as the manifests read them (spec 03 §3, §7 "Manifests"):
// the pickers by carrier and the lookups that fill a manifest item. Every call is one query
// (joins and EXISTS, never a query per row); the pickers answer at most LIMITE_LINHAS_PICKER rows. The demo
// implementation reads the ERP schema's tables (migration 0016); a real ERP implements ErpOrdensServico over
// its own views.

/** The header of an O.S.: what /ordens-servico/preencher-dados-* fill a manifest item with. */
export interface ErpOrdemServico {
  ordemServico: number;
  pedidoId: string;
  clienteId: string | null;
  transportadoraId: string | null;
  dataEntrega: string;
  frete: string | null;
  pesoBruto: string | null;
  pesoLiquido: string | null;
  volumes: number | null;
  unidade: UnidadeItem;
  notaFiscalId: string | null;
}

export interface ErpOrdensServico {
  /** The service-order picker: the lines of the carrier's O.S. delivered in the period, by date, O.S. and line. */
  ordensServicoTransportadora(filtro: FiltroOrdensServico): Promise<ListagemPicker<OrdemServicoListagem>>;
  /** The invoice picker: the carrier's invoices issued in the period, by date and number. */
  notasFiscaisTransportadora(filtro: FiltroOrdensServico): Promise<ListagemPicker<NotaFiscalListagem>>;
  /** The invoice lookup of a freight-cost manifest item; null when the ERP lacks it. */
  notaFiscal(notaFiscalId: string): Promise<NotaFiscalLookup | null>;
  /** The invoice's items, by itemId. */
  itensNotaFiscal(notaFiscalId: string): Promise<DetalheNotaFiscal[]>;
  /** The customer of an order; null when the order or its customer is unknown. */
  clientePedido(pedidoId: string): Promise<ClientePedido | null>;
  /** The lines of an O.S., by line. */
  linhasOrdemServico(ordemServico: number): Promise<OrdemServicoLinha[]>;
  /** The header of an O.S.; null when unknown. */
  ordemServico(ordemServico: number): Promise<ErpOrdemServico | null>;
  /** What an invoice fills a service-order manifest item with, and the O.S. it invoiced; null when unknown. */
  dadosNotaFiscal(notaFiscalId: string): Promise<ErpDadosNotaFiscal | null>;
}

const unidade = (u: string | null): UnidadeItem => ((UNIDADES_ITEM as readonly (string | null)[]).includes(u) ? (u as UnidadeItem) : 'DESCONHECIDO');

/** At most LIMITE_LINHAS_PICKER rows; one more was asked for, to tell whether the filter left some out. */
const listagem = <T>(linhas: T[]): ListagemPicker<T> => ({ linhas: linhas.slice(0, LIMITE_LINHAS_PICKER), maisLinhas: linhas.length > LIMITE_LINHAS_PICKER });

type Tabelas = ReturnType<typeof erpTabelas>;
type Db = CompanyDatabase['db'];

/** The filters an O.S. header and an invoice share (carrier, customer, municipality, UF, order). */
const comuns = (f: FiltroOrdensServico, c: Record<'transportadoraId' | 'clienteId' | 'codigoMunicipio' | 'uf' | 'pedidoId', AnyPgColumn>): SQL[] =>
  [
    eq(c.transportadoraId, f.transportadora),
    f.cliente ? eq(c.clienteId, f.cliente) : undefined,
    f.municipio ? eq(c.codigoMunicipio, f.municipio) : undefined,
    f.uf ? eq(c.uf, f.uf) : undefined,
    f.pedido ? eq(c.pedidoId, f.pedido) : undefined,
  ].filter((x): x is SQL => x !== undefined);

/** The service-order picker: one row per O.S. line. */
async function pickerOrdensServico(db: Db, t: Tabelas, f: FiltroComPeriodo): Promise<ListagemPicker<OrdemServicoListagem>> {
  const { vwOrdemServico: os, vwOrdemServicoLinha: linha, vwCliente } = t;
  const linhas = await db
    .select({
      ordemServico: os.ordemServico,
      pedidoId: os.pedidoId,
      itemId: linha.itemPedidoId,
      clienteRazaoSocial: vwCliente.razaoSocial,
      clienteCadastroId: cliente.id,
      produtoDescricao: linha.produtoDescricao,
      quantidade: linha.quantidade,
      dataEntrega: os.dataEntrega,
      frete: linha.frete,
      m2: linha.quantidadeM2,
      quantidadeProduzida: linha.quantidadeProduzida,
    })
    .from(os)
    .innerJoin(linha, eq(linha.ordemServico, os.ordemServico))
    .leftJoin(vwCliente, eq(vwCliente.clienteId, os.clienteId))
    // The register's customer, so a picked item keeps its customer once saved (ler-romaneio-os.ts reads the name there).
    .leftJoin(cliente, eq(cliente.clienteId, os.clienteId))
    .where(
      and(
        ...comuns(f, os),
        gte(os.dataEntrega, f.inicio),
        lte(os.dataEntrega, f.fim),
        f.os ? eq(os.ordemServico, f.os) : undefined,
        f.produto ? eq(linha.produtoId, f.produto) : undefined,
      ),
    )
    .orderBy(asc(os.dataEntrega), asc(os.ordemServico), asc(linha.linha))
    .limit(LIMITE_LINHAS_PICKER + 1);
  return listagem(linhas);
}

/** The invoice picker; the O.S. and product filters are EXISTS over the O.S. and the items (same statement). */
async function pickerNotasFiscais(db: Db, t: Tabelas, f: FiltroComPeriodo): Promise<ListagemPicker<NotaFiscalListagem>> {
  const { vwOrdemServico: os, vwNotaFiscalExpedicao: nf, vwNotaFiscalItem: item, vwCliente } = t;
  const daOs = f.os ? exists(db.select({ x: sql`1` }).from(os).where(and(eq(os.notaFiscalId, nf.notaFiscalId), eq(os.ordemServico, f.os)))) : undefined;
  const doProduto = f.produto ? exists(db.select({ x: sql`1` }).from(item).where(and(eq(item.notaFiscalId, nf.notaFiscalId), eq(item.produtoId, f.produto)))) : undefined;
  const linhas = await db
    .select({
      notaFiscalId: nf.notaFiscalId,
      pedidoId: nf.pedidoId,
      clienteRazaoSocial: vwCliente.razaoSocial,
      clienteCadastroId: cliente.id,
      dataEmissao: nf.dataEmissao,
      frete: nf.frete,
      volumes: nf.volumes,
      unidade: nf.unidade,
      pesoBruto: nf.pesoBruto,
      pesoLiquido: nf.pesoLiquido,
    })
    .from(nf)
    .leftJoin(vwCliente, eq(vwCliente.clienteId, nf.clienteId))
    .leftJoin(cliente, eq(cliente.clienteId, nf.clienteId))
    .where(and(...comuns(f, nf), gte(nf.dataEmissao, f.inicio), lte(nf.dataEmissao, f.fim), daOs, doProduto))
    .orderBy(asc(nf.dataEmissao), asc(nf.numero), asc(nf.notaFiscalId))
    .limit(LIMITE_LINHAS_PICKER + 1);
  return listagem(linhas.map((l) => ({ ...l, unidade: unidade(l.unidade) })));
}

/** The lines of an O.S., with the header's delivery date. */
function linhasOs(db: Db, t: Tabelas, numero: number): Promise<OrdemServicoLinha[]> {
  const { vwOrdemServico: os, vwOrdemServicoLinha: linha } = t;
  return db
    .select({
      ordemServico: linha.ordemServico,
      produtoId: linha.produtoId,
      produtoDescricao: linha.produtoDescricao,
      itemPedidoId: linha.itemPedidoId,
      dataEntrega: os.dataEntrega,
      quantidadeM2: linha.quantidadeM2,
      valorNotaFiscalItem: linha.valorNotaFiscalItem,
    })
    .from(linha)
    .innerJoin(os, eq(os.ordemServico, linha.ordemServico))
    .where(eq(linha.ordemServico, numero))
    .orderBy(asc(linha.linha));
}

export function demoErpOrdensServico(banco: CompanyDatabase): ErpOrdensServico {
  const { db } = banco;
  const t = erpTabelas(banco.erpSchema);
  const { vwOrdemServico: os, vwNotaFiscalExpedicao: nf, vwNotaFiscalItem: item, vwCliente, vwTransportadora, vwPedido } = t;
  return {
    ordensServicoTransportadora: (f) => pickerOrdensServico(db, t, comJanelaPadrao(f)),
    notasFiscaisTransportadora: (f) => pickerNotasFiscais(db, t, comJanelaPadrao(f)),
    linhasOrdemServico: (numero) => linhasOs(db, t, numero),
    dadosNotaFiscal: (notaFiscalId) => dadosNotaFiscalErp(db, t, notaFiscalId),

    async notaFiscal(notaFiscalId) {
      const [linha] = await db
        .select({ notaFiscalId: nf.notaFiscalId, pedidoId: nf.pedidoId, pesoBruto: nf.pesoBruto, clienteCpfCnpj: vwCliente.cpfCnpj, transportadoraCnpj: vwTransportadora.cnpj })
        .from(nf)
        .leftJoin(vwCliente, eq(vwCliente.clienteId, nf.clienteId))
        .leftJoin(vwTransportadora, eq(vwTransportadora.fornecedorId, nf.transportadoraId))
        .where(eq(nf.notaFiscalId, notaFiscalId))
        .limit(1);
      return linha ?? null;
    },

    async itensNotaFiscal(notaFiscalId) {
      const itens = await db
        .select({ itemId: item.itemId, descricao: item.descricao, quantidade: item.quantidade, unidade: item.unidade, valorTotalItem: item.valorTotalItem })
        .from(item)
        .where(eq(item.notaFiscalId, notaFiscalId))
        .orderBy(asc(item.itemId));
      return itens.map(({ itemId, ...resto }) => ({ linha: String(itemId), ...resto }));
    },

    async clientePedido(pedidoId) {
      const [linha] = await db
        .select({ pedidoId: vwPedido.pedidoId, clienteId: vwCliente.clienteId, razaoSocial: vwCliente.razaoSocial, cpfCnpj: vwCliente.cpfCnpj, cidade: vwCliente.cidade, estado: vwCliente.estado })
        .from(vwPedido)
        .innerJoin(vwCliente, eq(vwCliente.clienteId, vwPedido.clienteId))
        .where(eq(vwPedido.pedidoId, pedidoId))
        .limit(1);
      return linha ?? null;
    },

    async ordemServico(numero) {
      const [linha] = await db.select().from(os).where(eq(os.ordemServico, numero)).limit(1);
      if (!linha) return null;
      const { codigoMunicipio: _m, uf: _u, ...resto } = linha;
      return { ...resto, unidade: unidade(linha.unidade) };
    },
  };
}

/** Service orders and invoices of a company's ERP: the configured schema's views, or the demo. */
export const erpOrdensServicoDe = (banco: CompanyDatabase, env: NodeJS.ProcessEnv = process.env): ErpOrdensServico =>
  demoErpOrdensServico({ ...banco, erpSchema: schemaErpConfigurado(banco.empresa, env) ?? banco.erpSchema });
