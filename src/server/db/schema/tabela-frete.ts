import { sql } from 'drizzle-orm';
import { date, index, integer, jsonb, pgTable, text, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { FlagTabela } from '../../../contracts/tabela-frete-tipos';
import type { ElementoCusto, Percurso } from '../../../contracts/tabela-frete-modelo';
import { transportadora } from './transportadora';
import { usuario } from './usuario';
import { relogio } from '../../../domain/relogio';

/** Routes and global elements in the contract's read shape, nested items with their ids. */
export interface ConteudoTabelaFrete {
  percursos: Percurso[];
  elementosCusto: ElementoCusto[];
}

// Spec 02 §4: a table is edited as a local copy and saved whole, so its routes, destinations,
// incidences and elements are one jsonb document; only what lists and the calculation filter on
// (carrier and validity) are columns.
export const tabelaFrete = pgTable(
  'tabela_frete',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    transportadoraId: integer('transportadora_id')
      .notNull()
      .references(() => transportadora.id),
    inicio: date({ mode: 'string' }).notNull(),
    /** null = open-ended. */
    fim: date({ mode: 'string' }),
    flags: text().array().$type<FlagTabela[]>().notNull().default(sql`'{}'::text[]`),
    descricaoIcms: varchar('descricao_icms', { length: 60 }),
    descricaoPesoTaxado: varchar('descricao_peso_taxado', { length: 60 }),
    conteudo: jsonb().$type<ConteudoTabelaFrete>().notNull(),
    versao: integer().notNull().default(0),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    alteradoEm: timestamp('alterado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    alteradoPor: integer('alterado_por').references(() => usuario.id, { onDelete: 'set null' }),
    /**
     * Issue 32: the version this row replaced (a workbook imported as a new version). The old row is kept as it
     * was, so the CT-es audited with it still point at what they were audited against. Deleting the old row
     * leaves the newer one without its link (set null), never a refused delete.
     */
    tabelaAnteriorId: integer('tabela_anterior_id').references((): AnyPgColumn => tabelaFrete.id, { onDelete: 'set null' }),
  },
  (t) => [
    // A carrier's tables, latest first (/dtos, /cte, the calculation for one carrier, list sorted by carrier).
    index('tabela_frete_transportadora_inicio_idx').on(t.transportadoraId, t.inicio.desc()),
    // "In force on day D" for every carrier: the validity as a range ([inicio, fim], fim null = unbounded).
    index('tabela_frete_vigencia_idx').using('gist', sql`daterange(${t.inicio}, ${t.fim}, '[]')`),
    index('tabela_frete_inicio_idx').on(t.inicio),
    index('tabela_frete_fim_idx').on(t.fim),
    // "Has this table a newer version?" and the FK's own lookups.
    index('tabela_frete_tabela_anterior_idx').on(t.tabelaAnteriorId),
  ],
);
