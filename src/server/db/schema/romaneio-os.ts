import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgSequence, pgTable, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { UnidadeItemRomaneio } from '../../../contracts/romaneios';
import type { OrigemItemRomaneioOs, StatusItemRomaneioOs, StatusRomaneio } from '../../../contracts/romaneio-status';
import { cliente } from './cliente';
import { motorista } from './motorista';
import { municipio } from './municipio';
import { transportadora } from './transportadora';
import { tipoVeiculo } from './veiculo';
import { relogio } from '../../../domain/relogio';

// The service-order manifest (spec 03 §3 "Service-order manifest", the /romaneios-colacril calls),
// numbered by its own sequence. The list's filters (period, status, carrier, origin, destination, order, NF,
// customer) are indexed.
export const romaneioOsNumeroSeq = pgSequence('romaneio_os_numero_seq', { startWith: 1 });

export const romaneioOs = pgTable(
  'romaneio_os',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    numero: integer()
      .notNull()
      .default(sql`nextval('romaneio_os_numero_seq')`),
    status: varchar({ length: 11 }).$type<StatusRomaneio>().notNull().default('EXPEDICAO'),
    dataEmissao: timestamp('data_emissao', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    transportadoraId: integer('transportadora_id')
      .notNull()
      .references(() => transportadora.id),
    motoristaId: integer('motorista_id')
      .notNull()
      .references(() => motorista.id),
    lacre: varchar({ length: 30 }).notNull(),
    tipoVeiculoId: integer('tipo_veiculo_id')
      .notNull()
      .references(() => tipoVeiculo.id),
    origemId: integer('origem_id')
      .notNull()
      .references(() => municipio.id),
    destinoId: integer('destino_id').references(() => municipio.id),
    placaCarreta: varchar('placa_carreta', { length: 7 }),
    placaCavalo: varchar('placa_cavalo', { length: 7 }),
    observacao: varchar({ length: 4000 }),
    versao: integer().notNull().default(0),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    alteradoEm: timestamp('alterado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [
    uniqueIndex('romaneio_os_numero_idx').on(t.numero),
    index('romaneio_os_emissao_idx').on(t.dataEmissao.desc(), t.id.desc()),
    index('romaneio_os_status_emissao_idx').on(t.status, t.dataEmissao.desc()),
    index('romaneio_os_transportadora_emissao_idx').on(t.transportadoraId, t.dataEmissao.desc()),
    index('romaneio_os_origem_idx').on(t.origemId),
    index('romaneio_os_destino_idx').on(t.destinoId),
    index('romaneio_os_motorista_idx').on(t.motoristaId),
    index('romaneio_os_tipo_veiculo_idx').on(t.tipoVeiculoId),
  ],
);

export const romaneioOsItem = pgTable(
  'romaneio_os_item',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    romaneioOsId: integer('romaneio_os_id')
      .notNull()
      .references(() => romaneioOs.id, { onDelete: 'cascade' }),
    item: integer().notNull(),
    itemId: varchar('item_id', { length: 30 }),
    pedidoId: varchar('pedido_id', { length: 30 }),
    observacao: varchar({ length: 500 }),
    clienteId: integer('cliente_id').references(() => cliente.id),
    clienteRetira: boolean('cliente_retira').notNull().default(false),
    redespachoId: integer('redespacho_id').references(() => transportadora.id),
    quantidadeM2: numeric('quantidade_m2', { precision: 15, scale: 3 }),
    pesoLiquido: numeric('peso_liquido', { precision: 15, scale: 3 }),
    pesoBruto: numeric('peso_bruto', { precision: 15, scale: 3 }),
    volumes: integer(),
    frete: numeric({ precision: 15, scale: 2 }),
    unidade: varchar({ length: 12 }).$type<UnidadeItemRomaneio>().notNull().default('DESCONHECIDO'),
    valorNotaFiscal: numeric('valor_nota_fiscal', { precision: 15, scale: 2 }),
    notaFiscalId: varchar('nota_fiscal_id', { length: 30 }),
    status: varchar({ length: 10 }).$type<StatusItemRomaneioOs>().notNull(),
    origem: varchar({ length: 11 }).$type<OrigemItemRomaneioOs>().notNull(),
    ordensServico: jsonb('ordens_servico').$type<string[]>().notNull().default([]),
    dataEntrega: date('data_entrega'),
  },
  (t) => [
    index('romaneio_os_item_romaneio_idx').on(t.romaneioOsId, t.item),
    index('romaneio_os_item_pedido_idx').on(t.pedidoId),
    index('romaneio_os_item_nf_idx').on(t.notaFiscalId),
    index('romaneio_os_item_cliente_idx').on(t.clienteId),
  ],
);
