import { sql } from 'drizzle-orm';
import { boolean, char, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

// Issue 33: the charts of /indicadores (GET /vw/frete-indicadores-resumo) from sums kept by the database, so a
// month of a million CT-es reads a few thousand rows instead of every note. One row per reference (N: the NF's issue
// date; C: the São Paulo day of the CT-e's issue), day, destination UF and carrier, holding what the means and the
// red counts are made of: how many counted notes, the sum and count of each note's stored indicators (cte_nota's
// indicador_frete_peso / indicador_frete_valor, each already rounded once as the list rounds it) and how many
// reach their UF's limit. The means are divided once at read time (dividirSql), so the chart answers exactly
// what the per-note query answers. Kept by the triggers of migration 0029 as cte_resumo is (§14): writers append
// `delta` rows, compaction (src/server/indicadores/compactar-resumo-indicadores.ts) folds them into one row per key;
// a change of a UF's limits recounts that UF's rows.

/** Which date a row counts the notes by: the NF's issue date or the CT-e's (the screen's filtroRadioGroup). */
export type ReferenciaResumo = 'N' | 'C';

export const indicadorResumo = pgTable(
  'indicador_resumo',
  {
    referencia: char({ length: 1 }).$type<ReferenciaResumo>().notNull(),
    dia: date({ mode: 'string' }).notNull(),
    ufDestino: varchar('uf_destino', { length: 2 }).notNull(),
    /** The carrier's id; 0 for notes without one (a key column: the unique index needs it not null). */
    transportadoraId: integer('transportadora_id').notNull(),
    notas: integer().notNull(),
    somaFretePeso: numeric('soma_frete_peso').notNull(),
    qtdFretePeso: integer('qtd_frete_peso').notNull(),
    somaFreteValor: numeric('soma_frete_valor').notNull(),
    qtdFreteValor: integer('qtd_frete_valor').notNull(),
    vermelhasPeso: integer('vermelhas_peso').notNull(),
    vermelhasValor: integer('vermelhas_valor').notNull(),
    /** Appended by a trigger, not yet compacted (counts and sums may be negative). */
    delta: boolean().notNull().default(true),
  },
  (t) => [
    // The read: one reference and a day range (the carrier filter is checked in the index).
    index('indicador_resumo_leitura_idx').on(t.referencia, t.dia, t.transportadoraId),
    uniqueIndex('indicador_resumo_chave_idx').on(t.referencia, t.dia, t.ufDestino, t.transportadoraId).where(sql`not ${t.delta}`),
  ],
);
