import { sql } from 'drizzle-orm';
import { boolean, index, integer, numeric, pgSequence, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StatusRomaneio } from '../../../contracts/romaneio-status';
import { motorista } from './motorista';
import { veiculo } from './veiculo';
import { relogio } from '../../../domain/relogio';

// The freight-cost manifest (spec 03 §3 "Freight-cost manifest"). Its number comes from its own
// sequence (the id is never shown). The list's filters (period, status, order, NF, customer, carrier) are
// indexed; an invoice is held by one manifest at a time: the partial unique index on the items that are
// `ativo` (false once their manifest is cancelled) makes two simultaneous saves of the same NF end with one
// winner, whatever the screens checked before.
export const romaneioNumeroSeq = pgSequence('romaneio_numero_seq', { startWith: 1 });

export const romaneio = pgTable(
  'romaneio',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    numero: integer()
      .notNull()
      .default(sql`nextval('romaneio_numero_seq')`),
    status: varchar({ length: 11 }).$type<StatusRomaneio>().notNull().default('EXPEDICAO'),
    dataEmissao: timestamp('data_emissao', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    motoristaId: integer('motorista_id')
      .notNull()
      .references(() => motorista.id),
    veiculoId: integer('veiculo_id').references(() => veiculo.id),
    valorColeta: numeric('valor_coleta', { precision: 15, scale: 2 }),
    valorFrete: numeric('valor_frete', { precision: 15, scale: 2 }),
    valorPedagio: numeric('valor_pedagio', { precision: 15, scale: 2 }),
    valorDescarga: numeric('valor_descarga', { precision: 15, scale: 2 }),
    valorOutros: numeric('valor_outros', { precision: 15, scale: 2 }),
    observacao: varchar({ length: 4000 }),
    versao: integer().notNull().default(0),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    alteradoEm: timestamp('alterado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [
    uniqueIndex('romaneio_numero_idx').on(t.numero),
    index('romaneio_emissao_idx').on(t.dataEmissao.desc(), t.id.desc()),
    index('romaneio_status_emissao_idx').on(t.status, t.dataEmissao.desc()),
    index('romaneio_motorista_idx').on(t.motoristaId),
    index('romaneio_veiculo_idx').on(t.veiculoId),
  ],
);

export const romaneioItem = pgTable(
  'romaneio_item',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    romaneioId: integer('romaneio_id')
      .notNull()
      .references(() => romaneio.id, { onDelete: 'cascade' }),
    item: integer().notNull(),
    notaFiscalId: varchar('nota_fiscal_id', { length: 30 }).notNull(),
    pedidoId: varchar('pedido_id', { length: 30 }),
    volumes: integer(),
    peso: numeric({ precision: 15, scale: 3 }).notNull(),
    valorNotaFiscal: numeric('valor_nota_fiscal', { precision: 15, scale: 2 }).notNull(),
    /** CNPJ/CPF digits of the invoice's customer and carrier (the ERP lookup's clienteCpfCnpj, transportadoraCnpj). */
    cliente: varchar({ length: 14 }),
    transportadora: varchar({ length: 14 }),
    semPedido: boolean('sem_pedido').notNull().default(false),
    /** False once the manifest is cancelled: the invoice is free for another one. */
    ativo: boolean().notNull().default(true),
  },
  (t) => [
    index('romaneio_item_romaneio_idx').on(t.romaneioId, t.item),
    uniqueIndex('romaneio_item_nf_ativa_idx')
      .on(t.notaFiscalId)
      .where(sql`ativo`),
    index('romaneio_item_nf_idx').on(t.notaFiscalId),
    index('romaneio_item_pedido_idx').on(t.pedidoId),
    index('romaneio_item_cliente_idx').on(t.cliente),
    index('romaneio_item_transportadora_idx').on(t.transportadora),
  ],
);

export const romaneioItemDetalhe = pgTable(
  'romaneio_item_detalhe',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => romaneioItem.id, { onDelete: 'cascade' }),
    linha: varchar({ length: 30 }).notNull(),
    descricao: varchar({ length: 200 }).notNull(),
    quantidade: numeric({ precision: 15, scale: 3 }).notNull(),
    unidade: varchar({ length: 12 }).notNull(),
    valorTotalItem: numeric('valor_total_item', { precision: 15, scale: 2 }).notNull(),
    valorFreteRateio: numeric('valor_frete_rateio', { precision: 15, scale: 2 }).notNull(),
  },
  (t) => [index('romaneio_item_detalhe_item_idx').on(t.itemId)],
);
