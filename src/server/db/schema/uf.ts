import { index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';

// Limits are percentages compared with freight/NF ratios: numeric, read as strings, never floats.
export const uf = pgTable(
  'uf',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    codigo: varchar({ length: 2 }).notNull(),
    nome: varchar({ length: 60 }).notNull(),
    sigla: varchar({ length: 2 }).notNull(),
    limiteFretePeso: numeric('limite_frete_peso', { precision: 9, scale: 4 }),
    limiteFreteValor: numeric('limite_frete_valor', { precision: 9, scale: 4 }),
    versao: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('uf_codigo_idx').on(t.codigo),
    uniqueIndex('uf_sigla_idx').on(t.sigla),
    index('uf_nome_trgm_idx').using('gin', t.nome.op('gin_trgm_ops')),
    index('uf_nome_idx').on(t.nome),
    index('uf_nome_ordem_idx').on(chaveOrdem(t.nome)),
  ],
);
