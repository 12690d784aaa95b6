import { date, integer, numeric, pgSchema, varchar } from 'drizzle-orm/pg-core';

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
  const vwNotaFiscal = s.table('vw_nota_fiscal', {
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
  return { vwTransportadora, vwCliente, vwPedido, vwNotaFiscal };
}
