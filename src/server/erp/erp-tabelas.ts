import { integer, pgSchema, varchar } from 'drizzle-orm/pg-core';

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
  return { vwTransportadora, vwCliente };
}
