import { aliasedTable, and, asc, count, desc, eq, gt, inArray, notInArray, type SQL } from 'drizzle-orm';
import type { Empresa, Page } from '../../contracts/common';
import { STATUS_PEDIDO_OCULTOS, type NotaFiscalErp, type PedidoErp } from '../../contracts/pedidos-erp';
import type { CompanyDatabase } from '../db/database';
import { erpTabelas } from './erp-tabelas';

// The adapter boundary to the company's ERP. Carriers and customers are read through the ERP views
// vwTransportadora and vwCliente; the sync (sincronizar-erp.ts) only sees this interface. The demo
// implementation below reads the "erp" schema of the same database (seeded with demo data). A real ERP
// plugs in here: implement ErpSource over its database (e.g. a pg/mssql pool reading the two views) and
// return it from erpSourceDe, chosen by configuration.

export interface ErpTransportadora {
  fornecedorId: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  /** Digits only. */
  cnpj: string | null;
  inscricaoEstadual: string | null;
  logradouro: string | null;
  complemento: string | null;
  cep: string | null;
  bairro: string | null;
  localidade: string | null;
  estado: string | null;
  /** IBGE code of the municipality, when the ERP has it. */
  codigoMunicipio: number | null;
  contato: string | null;
  telefone1: string | null;
  telefone2: string | null;
  telefone3: string | null;
}

export interface ErpCliente {
  clienteId: string;
  razaoSocial: string;
  nomeFantasia: string | null;
  /** Digits only: 11 (CPF) or 14 (CNPJ). */
  cpfCnpj: string | null;
  tipo: string;
  posicao: string;
  cidade: string | null;
  estado: string | null;
  grupoId: string | null;
  grupoRazaoSocial: string | null;
  grupoNomeFantasia: string | null;
  grupoCpfCnpj: string | null;
}

export interface ErpSource {
  /** Every carrier of the view, in batches of at most `lote`, ordered by fornecedorId. */
  transportadoras(lote: number): AsyncIterable<ErpTransportadora[]>;
  /** Every customer of the view (with its group's names), in batches of at most `lote`. */
  clientes(lote: number): AsyncIterable<ErpCliente[]>;
}

/** The ERP views of a schema of the company database (the demo's, or a configured one), read with keyset paging. */
export function demoErpSource(banco: CompanyDatabase): ErpSource {
  const { db } = banco;
  const { vwTransportadora, vwCliente } = erpTabelas(banco.erpSchema);
  const grupo = aliasedTable(vwCliente, 'grupo');
  return {
    async *transportadoras(lote) {
      let ultimo = '';
      for (;;) {
        const linhas: ErpTransportadora[] = await db.select().from(vwTransportadora).where(gt(vwTransportadora.fornecedorId, ultimo)).orderBy(asc(vwTransportadora.fornecedorId)).limit(lote);
        if (!linhas.length) return;
        yield linhas;
        ultimo = linhas[linhas.length - 1].fornecedorId;
      }
    },
    async *clientes(lote) {
      let ultimo = '';
      for (;;) {
        const linhas: ErpCliente[] = await db
          .select({
            clienteId: vwCliente.clienteId,
            razaoSocial: vwCliente.razaoSocial,
            nomeFantasia: vwCliente.nomeFantasia,
            cpfCnpj: vwCliente.cpfCnpj,
            tipo: vwCliente.tipo,
            posicao: vwCliente.posicao,
            cidade: vwCliente.cidade,
            estado: vwCliente.estado,
            grupoId: vwCliente.grupoId,
            grupoRazaoSocial: grupo.razaoSocial,
            grupoNomeFantasia: grupo.nomeFantasia,
            grupoCpfCnpj: grupo.cpfCnpj,
          })
          .from(vwCliente)
          .leftJoin(grupo, eq(grupo.clienteId, vwCliente.grupoId))
          .where(gt(vwCliente.clienteId, ultimo))
          .orderBy(asc(vwCliente.clienteId))
          .limit(lote);
        if (!linhas.length) return;
        yield linhas;
        ultimo = linhas[linhas.length - 1].clienteId;
      }
    },
  };
}

const NOME_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/**
 * ERP_SCHEMA_<EMPRESA> (e.g. ERP_SCHEMA_COLACRIL=erp_sap) names a schema of the company's database whose
 * vw_transportadora and vw_cliente (views or tables with the demo tables' columns) are the real ERP;
 * without it the demo schema is read. An ERP in another database implements ErpSource instead.
 */
export function schemaErpConfigurado(empresa: Empresa, env: NodeJS.ProcessEnv = process.env): string | undefined {
  const nome = env[`ERP_SCHEMA_${empresa}`]?.trim();
  if (!nome) return undefined;
  if (!NOME_SCHEMA.test(nome)) throw new Error(`ERP_SCHEMA_${empresa}: nome de schema inválido: ${nome}`);
  return nome;
}

/** The ERP of a company: the configured schema's views, or the demo. */
export const erpSourceDe = (banco: CompanyDatabase, env: NodeJS.ProcessEnv = process.env): ErpSource =>
  demoErpSource({ ...banco, erpSchema: schemaErpConfigurado(banco.empresa, env) ?? banco.erpSchema });

// ---------------------------------------------------------------------------------------------------
// Orders and invoices (NF-e) of the ERP (spec 03 §7 "Orders and invoices lookups"), read when a CT-e is
// processed and by the order lookups. Lookups by key are batched (one query for a batch of keys, never
// one per note). A real ERP implements ErpNotasPedidos over its own views.

export type ErpNotaFiscal = NotaFiscalErp;
export type ErpPedido = PedidoErp;

export interface ErpNotasPedidos {
  /** The invoices with these NF-e keys (any order; keys the ERP lacks are simply absent). */
  notasPorChave(chaves: readonly string[]): Promise<ErpNotaFiscal[]>;
  /** The orders with these ids. */
  pedidosPorId(ids: readonly string[]): Promise<ErpPedido[]>;
  /** A page of orders, newest id first, without ERRO, CANCELADO, RASCUNHO and NAO_PROCESSADO ones. */
  pedidos(filtro: { clienteId?: string; pedidoId?: string; page: number; size: number }): Promise<Page<ErpPedido>>;
  /** The invoices of an order, by number. */
  notasDoPedido(pedidoId: string): Promise<ErpNotaFiscal[]>;
  quantidadeNotasDoPedido(pedidoId: string): Promise<number>;
  /**
   * The invoices with these séries and números (docs/decisoes.md §22: the notes a CONEMB conhecimento names carry no
   * key). Séries compare without leading zeros and blanks ("001" is "1"); pairs the ERP lacks are absent.
   */
  notasPorNumero(pares: readonly { serie: string; numero: number }[]): Promise<ErpNotaFiscal[]>;
}

const LOTE_CHAVES = 1000;

/** A série as the pairs compare it: trimmed, without leading zeros ("001" → "1", "000" → "0"). */
export const serieNormalizada = (serie: string) => serie.trim().replace(/^0+(?=.)/, '');

export function demoErpNotasPedidos(banco: CompanyDatabase): ErpNotasPedidos {
  const { db } = banco;
  const { vwPedido, vwNotaFiscal, vwCliente } = erpTabelas(banco.erpSchema);
  const colunasPedido = {
    pedidoId: vwPedido.pedidoId,
    clienteId: vwPedido.clienteId,
    clienteRazaoSocial: vwCliente.razaoSocial,
    status: vwPedido.status,
    dataPedido: vwPedido.dataPedido,
    valorTotal: vwPedido.valorTotal,
    codigoCobrancaAdicional: vwPedido.codigoCobrancaAdicional,
  };
  const consultaPedidos = () => db.select(colunasPedido).from(vwPedido).leftJoin(vwCliente, eq(vwCliente.clienteId, vwPedido.clienteId));
  const emLotes = async <T>(valores: readonly string[], ler: (lote: string[]) => Promise<T[]>): Promise<T[]> => {
    const unicos = [...new Set(valores)];
    const saida: T[] = [];
    for (let i = 0; i < unicos.length; i += LOTE_CHAVES) saida.push(...(await ler(unicos.slice(i, i + LOTE_CHAVES))));
    return saida;
  };
  return {
    notasPorChave: (chaves) => emLotes(chaves, (lote) => db.select().from(vwNotaFiscal).where(inArray(vwNotaFiscal.chave, lote))),
    async notasPorNumero(pares) {
      // By número (indexed), the série checked here: whatever zeros the ERP writes its séries with.
      const pedidos = new Set(pares.map((p) => `${serieNormalizada(p.serie)}|${p.numero}`));
      const numeros = [...new Set(pares.map((p) => p.numero).filter((n) => Number.isInteger(n) && n >= 0 && n <= 2_147_483_647))].map(String);
      const notas = await emLotes(numeros, (lote) => db.select().from(vwNotaFiscal).where(inArray(vwNotaFiscal.numero, lote.map(Number))));
      return notas.filter((n) => pedidos.has(`${serieNormalizada(n.serie)}|${n.numero}`));
    },
    pedidosPorId: (ids) => emLotes(ids, (lote) => consultaPedidos().where(inArray(vwPedido.pedidoId, lote))),
    async pedidos({ clienteId, pedidoId, page, size }) {
      const filtro: SQL | undefined = and(
        notInArray(vwPedido.status, [...STATUS_PEDIDO_OCULTOS]),
        clienteId ? eq(vwPedido.clienteId, clienteId) : undefined,
        pedidoId ? eq(vwPedido.pedidoId, pedidoId) : undefined,
      );
      const [content, [{ total }]] = await Promise.all([
        consultaPedidos().where(filtro).orderBy(desc(vwPedido.pedidoId)).limit(size).offset(page * size),
        db.select({ total: count() }).from(vwPedido).where(filtro),
      ]);
      return { content, totalElements: total, totalPages: Math.ceil(total / size), number: page, size };
    },
    notasDoPedido: (pedidoId) => db.select().from(vwNotaFiscal).where(eq(vwNotaFiscal.pedidoId, pedidoId)).orderBy(asc(vwNotaFiscal.numero), asc(vwNotaFiscal.notaFiscalId)),
    async quantidadeNotasDoPedido(pedidoId) {
      const [{ total }] = await db.select({ total: count() }).from(vwNotaFiscal).where(eq(vwNotaFiscal.pedidoId, pedidoId));
      return total;
    },
  };
}

/** Orders and invoices of a company's ERP: the configured schema's views, or the demo. */
export const erpNotasPedidosDe = (banco: CompanyDatabase, env: NodeJS.ProcessEnv = process.env): ErpNotasPedidos =>
  demoErpNotasPedidos({ ...banco, erpSchema: schemaErpConfigurado(banco.empresa, env) ?? banco.erpSchema });
