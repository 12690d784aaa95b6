import { date, integer, numeric, pgSchema, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { customType } from 'drizzle-orm/pg-core';

/**
 * The demo ERP's tables (created by migration 0003_erp-demo.sql in the schema named by
 * CompanyDatabase.erpSchema). Built per schema name at runtime, so drizzle-kit does not manage them.
 */
export function erpTabelas(schema: string) {
  const s = pgSchema(schema);
  const vwTransportadora = s.table('vw_transportadora', {
    fornecedorId: varchar('fornecedor_id', { length: 30 }).primaryKey(),
    razaoSocial: varchar('razao_social', { length: 200 }).notNull(),
    nomeFantasia: varchar('nome_fantasia', { length: 200 }),
    cnpj: varchar({ length: 14 }),
    inscricaoEstadual: varchar('inscricao_estadual', { length: 30 }),
    logradouro: varchar({ length: 200 }),
    complemento: varchar({ length: 100 }),
    cep: varchar({ length: 10 }),
    bairro: varchar({ length: 100 }),
    localidade: varchar({ length: 100 }),
    estado: varchar({ length: 2 }),
    codigoMunicipio: integer('codigo_municipio'),
    contato: varchar({ length: 100 }),
    telefone1: varchar({ length: 30 }),
    telefone2: varchar({ length: 30 }),
    telefone3: varchar({ length: 30 }),
  });
  const vwCliente = s.table('vw_cliente', {
    clienteId: varchar('cliente_id', { length: 30 }).primaryKey(),
    razaoSocial: varchar('razao_social', { length: 200 }).notNull(),
    nomeFantasia: varchar('nome_fantasia', { length: 200 }),
    cpfCnpj: varchar('cpf_cnpj', { length: 14 }),
    tipo: varchar({ length: 10 }).notNull(),
    posicao: varchar({ length: 30 }).notNull(),
    cidade: varchar({ length: 100 }),
    estado: varchar({ length: 2 }),
    grupoId: varchar('grupo_id', { length: 30 }),
  });
  // Migration 0008: the ERP's orders and invoices (NF-e), read when a CT-e is processed.
  const vwPedido = s.table('vw_pedido', {
    pedidoId: varchar('pedido_id', { length: 30 }).primaryKey(),
    clienteId: varchar('cliente_id', { length: 30 }),
    /** ERRO, CANCELADO, RASCUNHO and NAO_PROCESSADO are never looked up (spec 03 §7). */
    status: varchar({ length: 20 }).notNull(),
    dataPedido: date('data_pedido').notNull(),
    valorTotal: numeric('valor_total', { precision: 15, scale: 2 }),
    codigoCobrancaAdicional: varchar('codigo_cobranca_adicional', { length: 20 }),
  });
  const vwNotaFiscal = s.table('vw_nota_fiscal', colunasNotaFiscal());
  return { vwTransportadora, vwCliente, vwPedido, vwNotaFiscal, ...tabelasOrdensServico(s) };
}

/** Fresh builders of vw_nota_fiscal's columns (migration 0008), for each table object mapping it. */
const colunasNotaFiscal = () => ({
  notaFiscalId: varchar('nota_fiscal_id', { length: 30 }).primaryKey(),
  chave: varchar({ length: 44 }).notNull(),
  numero: integer().notNull(),
  serie: varchar({ length: 3 }).notNull(),
  dataEmissao: date('data_emissao').notNull(),
  /** SAIDA or ENTRADA. */
  tipo: varchar({ length: 10 }).notNull(),
  pedidoId: varchar('pedido_id', { length: 30 }),
  clienteId: varchar('cliente_id', { length: 30 }),
  pesoBruto: numeric('peso_bruto', { precision: 15, scale: 3 }),
  pesoLiquido: numeric('peso_liquido', { precision: 15, scale: 3 }),
  valorTotalProdutos: numeric('valor_total_produtos', { precision: 15, scale: 2 }),
  valor: numeric({ precision: 15, scale: 2 }),
});

type Esquema = ReturnType<typeof pgSchema>;

/** Migration 0016: the ERP's service orders (O.S.), their lines, and the invoice items. */
function tabelasOrdensServico(s: Esquema) {
  return { vwOrdemServico: tabelaOrdemServico(s), vwOrdemServicoLinha: tabelaOrdemServicoLinha(s), vwNotaFiscalItem: tabelaNotaFiscalItem(s), vwNotaFiscalExpedicao: tabelaNotaFiscalExpedicao(s) };
}

const tabelaOrdemServico = (s: Esquema) =>
  s.table('vw_ordem_servico', {
    ordemServico: integer('ordem_servico').primaryKey(),
    pedidoId: varchar('pedido_id', { length: 30 }).notNull(),
    clienteId: varchar('cliente_id', { length: 30 }),
    transportadoraId: varchar('transportadora_id', { length: 30 }),
    dataEntrega: date('data_entrega').notNull(),
    codigoMunicipio: integer('codigo_municipio'),
    uf: varchar({ length: 2 }),
    frete: numeric({ precision: 15, scale: 2 }),
    pesoBruto: numeric('peso_bruto', { precision: 15, scale: 3 }),
    pesoLiquido: numeric('peso_liquido', { precision: 15, scale: 3 }),
    volumes: integer(),
    unidade: varchar({ length: 12 }),
    /** The invoice already issued for the O.S., if any. */
    notaFiscalId: varchar('nota_fiscal_id', { length: 30 }),
  });

const tabelaOrdemServicoLinha = (s: Esquema) =>
  s.table(
    'vw_ordem_servico_linha',
    {
      ordemServico: integer('ordem_servico').notNull(),
      linha: integer().notNull(),
      itemPedidoId: varchar('item_pedido_id', { length: 30 }).notNull(),
      produtoId: varchar('produto_id', { length: 30 }).notNull(),
      produtoDescricao: varchar('produto_descricao', { length: 200 }).notNull(),
      quantidade: numeric({ precision: 15, scale: 3 }).notNull(),
      quantidadeProduzida: numeric('quantidade_produzida', { precision: 15, scale: 3 }),
      quantidadeM2: numeric('quantidade_m2', { precision: 15, scale: 3 }),
      frete: numeric({ precision: 15, scale: 2 }),
      valorNotaFiscalItem: numeric('valor_nota_fiscal_item', { precision: 15, scale: 2 }),
    },
    (t) => [primaryKey({ columns: [t.ordemServico, t.linha] })],
  );

const tabelaNotaFiscalItem = (s: Esquema) =>
  s.table(
    'vw_nota_fiscal_item',
    {
      notaFiscalId: varchar('nota_fiscal_id', { length: 30 }).notNull(),
      itemId: integer('item_id').notNull(),
      produtoId: varchar('produto_id', { length: 30 }),
      descricao: varchar({ length: 200 }).notNull(),
      quantidade: numeric({ precision: 15, scale: 3 }).notNull(),
      /** The commercial unit of the line (UN, KG, L, M2...). */
      unidade: varchar({ length: 6 }),
      valorTotalItem: numeric('valor_total_item', { precision: 15, scale: 2 }),
    },
    (t) => [primaryKey({ columns: [t.notaFiscalId, t.itemId] })],
  );

// Migration 0016's invoice columns, on a table object of their own: vwNotaFiscal keeps 0008's columns, so the
// CT-e lookups (select *) still read a real ERP's view that lacks them. Their names are written out: drizzle
// caches a table's key-named columns by schema and table name, so a key-named column that only this object
// has would be missing when vwNotaFiscal was cached first (the name in SQL came out undefined).
const tabelaNotaFiscalExpedicao = (s: Esquema) =>
  s.table('vw_nota_fiscal', {
    ...colunasNotaFiscal(),
    /** The carrier's fornecedorId (vw_transportadora). */
    transportadoraId: varchar('transportadora_id', { length: 30 }),
    frete: numeric('frete', { precision: 15, scale: 2 }),
    volumes: integer('volumes'),
    /** DESCONHECIDO, BARRICA, CAIXA or PALLET (contracts/ordens-servico.ts). */
    unidade: varchar('unidade', { length: 12 }),
    /** IBGE code and UF of the delivery municipality. */
    codigoMunicipio: integer('codigo_municipio'),
    uf: varchar('uf', { length: 2 }),
  });

/** A bytea column read and written as a Buffer (PGlite and node-postgres both answer bytes). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/** Migration 0019: each invoice's PDF (some have none) and the receivables, read by the report downloads. */
export function erpTabelasRelatorios(schema: string) {
  const s = pgSchema(schema);
  const vwNotaFiscalPdf = s.table('vw_nota_fiscal_pdf', {
    notaFiscalId: varchar('nota_fiscal_id', { length: 30 }).primaryKey(),
    pdf: bytea('pdf').notNull(),
  });
  const vwTituloReceber = s.table('vw_titulo_receber', {
    tituloId: varchar('titulo_id', { length: 30 }).primaryKey(),
    clienteId: varchar('cliente_id', { length: 30 }).notNull(),
    notaFiscalId: varchar('nota_fiscal_id', { length: 30 }),
    documento: varchar('documento', { length: 30 }).notNull(),
    parcela: integer('parcela').notNull(),
    dataEmissao: date('data_emissao').notNull(),
    dataVencimento: date('data_vencimento').notNull(),
    /** Null while open. */
    dataPagamento: date('data_pagamento'),
    valor: numeric('valor', { precision: 15, scale: 2 }).notNull(),
  });
  return { vwNotaFiscalPdf, vwTituloReceber };
}
