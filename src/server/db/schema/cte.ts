import { index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StatusCte } from '../../../../machines/cte-audit';
import type { CteLido } from '../../ingest/cte-xml';
import { transportadora } from './transportadora';

// CT-es (spec 03 §3). What the Fretes screen filters, sorts and totals on is a column with an index (a
// company keeps millions); the document as read (parties, components, cargo, ICMS) is one jsonb for the
// detail dialog. The XML itself lives in cte_xml, out of the hot table's pages.
export const cte = pgTable(
  'cte',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    chave: varchar({ length: 44 }).notNull(),
    status: varchar({ length: 25 }).$type<StatusCte>().notNull().default('LIDO'),
    /** ENTRADA, SAIDA or DESCONHECIDO: decided when the CT-e is processed. */
    tipo: varchar({ length: 15 }).notNull().default('DESCONHECIDO'),
    numero: integer().notNull(),
    serie: varchar({ length: 3 }).notNull(),
    dataEmissao: timestamp('data_emissao', { withTimezone: true }).notNull(),
    tipoCte: smallint('tipo_cte').notNull(),
    /** REMETENTE, EXPEDIDOR, RECEBEDOR, DESTINATARIO or OUTROS. */
    tomador: varchar({ length: 12 }).notNull(),
    codigoMunicipioOrigem: integer('codigo_municipio_origem').notNull(),
    codigoMunicipioDestino: integer('codigo_municipio_destino').notNull(),
    ufOrigem: varchar('uf_origem', { length: 2 }).notNull(),
    ufDestino: varchar('uf_destino', { length: 2 }).notNull(),
    /** CNPJ (or CPF) digits of the issuing carrier, of the sender, the recipient and the payer. */
    emitenteDocumento: varchar('emitente_documento', { length: 14 }),
    remetenteDocumento: varchar('remetente_documento', { length: 14 }),
    destinatarioDocumento: varchar('destinatario_documento', { length: 14 }),
    tomadorDocumento: varchar('tomador_documento', { length: 14 }),
    /** The registered carrier, once processing finds it by CNPJ. */
    transportadoraId: integer('transportadora_id').references(() => transportadora.id),
    valorTotal: numeric('valor_total', { precision: 15, scale: 2 }).notNull(),
    valorReceber: numeric('valor_receber', { precision: 15, scale: 2 }),
    valorCarga: numeric('valor_carga', { precision: 15, scale: 2 }),
    documento: jsonb().$type<CteLido>().notNull(),
    dataCancelamento: timestamp('data_cancelamento', { withTimezone: true }),
    motivoCancelamento: varchar('motivo_cancelamento', { length: 255 }),
    lidoEm: timestamp('lido_em', { withTimezone: true }).notNull().defaultNow(),
    versao: integer().notNull().default(0),
    alteradoEm: timestamp('alterado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cte_chave_idx').on(t.chave),
    // The Fretes screen: a period (default the current month) with the payer, and optionally a status.
    index('cte_emissao_idx').on(t.dataEmissao.desc(), t.id.desc()),
    index('cte_tomador_emissao_idx').on(t.tomador, t.dataEmissao.desc()),
    index('cte_status_emissao_idx').on(t.status, t.dataEmissao.desc()),
    index('cte_transportadora_emissao_idx').on(t.transportadoraId, t.dataEmissao.desc()),
    index('cte_numero_idx').on(t.numero),
    index('cte_origem_idx').on(t.codigoMunicipioOrigem),
    index('cte_destino_idx').on(t.codigoMunicipioDestino),
    index('cte_emitente_idx').on(t.emitenteDocumento),
    index('cte_remetente_idx').on(t.remetenteDocumento),
    index('cte_destinatario_idx').on(t.destinatarioDocumento),
    // "Read the XMLs stored in the last N days" (POST /ctes/carregar-xml-tabela).
    index('cte_lido_em_idx').on(t.lidoEm),
  ],
);

/** The XML as received, for re-reading (POST /ctes/carregar-xml-tabela) and for the record. */
export const cteXml = pgTable('cte_xml', {
  cteId: integer('cte_id')
    .primaryKey()
    .references(() => cte.id, { onDelete: 'cascade' }),
  nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
  xml: text().notNull(),
});

/** The invoices (NF-e) a CT-e carries; weights and values arrive when the CT-e is processed. */
export const cteNota = pgTable(
  'cte_nota',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cteId: integer('cte_id')
      .notNull()
      .references(() => cte.id, { onDelete: 'cascade' }),
    chave: varchar({ length: 44 }).notNull(),
    pesoLiquido: numeric('peso_liquido', { precision: 15, scale: 3 }),
    pesoBruto: numeric('peso_bruto', { precision: 15, scale: 3 }),
    valorTotalProdutos: numeric('valor_total_produtos', { precision: 15, scale: 2 }),
    valor: numeric({ precision: 15, scale: 2 }),
    pedidoId: varchar('pedido_id', { length: 30 }),
    notaFiscalId: varchar('nota_fiscal_id', { length: 30 }),
  },
  (t) => [index('cte_nota_cte_idx').on(t.cteId), index('cte_nota_chave_idx').on(t.chave)],
);
