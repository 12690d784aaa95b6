import { sql, type SQL } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';
import { dobrarSql } from '../texto-busca';
import { uf } from './uf';

export const municipio = pgTable(
  'municipio',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    codigo: integer().notNull(),
    nome: varchar({ length: 100 }).notNull(),
    ufId: integer('uf_id')
      .notNull()
      .references(() => uf.id),
    siglaUf: varchar('sigla_uf', { length: 2 }).notNull(),
    latitude: doublePrecision(),
    longitude: doublePrecision(),
    capital: boolean().notNull().default(false),
    /** The name folded (lower case, no accents) for /municipios/findByNomeOrCodigo. */
    nomeBusca: text('nome_busca').generatedAlwaysAs((): SQL => dobrarSql(sql`nome`)),
  },
  (t) => [
    uniqueIndex('municipio_codigo_idx').on(t.codigo),
    index('municipio_nome_trgm_idx').using('gin', t.nome.op('gin_trgm_ops')),
    index('municipio_nome_idx').on(t.nome),
    index('municipio_nome_ordem_idx').on(chaveOrdem(t.nome)),
    index('municipio_nome_busca_trgm_idx').using('gin', t.nomeBusca.op('gin_trgm_ops')),
    index('municipio_uf_idx').on(t.ufId),
    index('municipio_sigla_uf_idx').on(t.siglaUf),
  ],
);
