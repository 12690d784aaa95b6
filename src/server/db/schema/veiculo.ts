import { index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';

export const tipoVeiculo = pgTable(
  'tipo_veiculo',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    descricao: varchar({ length: 100 }).notNull(),
    codigo: varchar({ length: 20 }),
    capacidade: numeric({ precision: 12, scale: 3 }),
    versao: integer().notNull().default(0),
  },
  (t) => [
    index('tipo_veiculo_descricao_trgm_idx').using('gin', t.descricao.op('gin_trgm_ops')),
    index('tipo_veiculo_descricao_idx').on(t.descricao),
    index('tipo_veiculo_descricao_ordem_idx').on(chaveOrdem(t.descricao)),
    index('tipo_veiculo_codigo_idx').on(t.codigo),
  ],
);

export const veiculo = pgTable(
  'veiculo',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    placa: varchar({ length: 7 }).notNull(),
    modelo: varchar({ length: 100 }),
    fabricante: varchar({ length: 100 }),
    tipoVeiculoId: integer('tipo_veiculo_id').references(() => tipoVeiculo.id),
    capacidade: numeric({ precision: 12, scale: 3 }),
    carga: numeric({ precision: 12, scale: 3 }),
    versao: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('veiculo_placa_idx').on(t.placa),
    index('veiculo_placa_trgm_idx').using('gin', t.placa.op('gin_trgm_ops')),
    index('veiculo_modelo_trgm_idx').using('gin', t.modelo.op('gin_trgm_ops')),
    index('veiculo_fabricante_trgm_idx').using('gin', t.fabricante.op('gin_trgm_ops')),
    index('veiculo_tipo_idx').on(t.tipoVeiculoId),
  ],
);
