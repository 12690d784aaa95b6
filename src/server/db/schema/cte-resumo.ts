import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StatusCte } from '../../../contracts/cte-status';

// docs/decisoes.md §14: the Fretes totals (count, charged and audited sums) by São Paulo day of issue, payer, status
// and carrier, so a month's totals read a few hundred rows instead of every CT-e of the month. Kept by the
// database itself (statement triggers of migration 0021 on cte: insert, update, delete, truncate), from the
// same columns the list shows and the audit compares (valor_total is the charged amount). Writers only
// append `delta` rows (no row is updated by them, so concurrent writers never wait for or deadlock on a
// shared total); compaction (src/server/ctes/resumo-ctes.ts) folds the deltas into one row per key in a
// single transaction, so a reader's snapshot always sums to the exact figures.

/** transportadora_id of the rows that add up every carrier (what a list without a carrier filter reads). */
export const RESUMO_TODAS_TRANSPORTADORAS = -1;

export const cteResumo = pgTable(
  'cte_resumo',
  {
    /** A carrier's id; 0 for CT-es without a registered carrier (a key column: unique indexes need it not null); or RESUMO_TODAS_TRANSPORTADORAS. */
    transportadoraId: integer('transportadora_id').notNull(),
    /** The São Paulo calendar day of data_emissao (the list's period filters whole São Paulo days). */
    dia: date({ mode: 'string' }).notNull(),
    tomador: varchar({ length: 12 }).notNull(),
    status: varchar({ length: 25 }).$type<StatusCte>().notNull(),
    quantidade: integer().notNull(),
    valorTotal: numeric('valor_total', { precision: 20, scale: 2 }).notNull(),
    /** Sum of valor_auditoria (null counts as 0, as the list's total does). */
    valorAuditoria: numeric('valor_auditoria', { precision: 20, scale: 2 }).notNull(),
    /** Appended by a trigger, not yet compacted (quantities and sums may be negative). */
    delta: boolean().notNull().default(true),
  },
  (t) => [
    // The totals' read: one carrier (or all), a day range, payer and status. The sums stay out of the index,
    // so compaction's updates are HOT (PGlite has no autovacuum to clean a growing index).
    index('cte_resumo_leitura_idx').on(t.transportadoraId, t.dia, t.tomador, t.status),
    // One compacted row per key: compaction adds the deltas into it (ON CONFLICT).
    uniqueIndex('cte_resumo_chave_idx').on(t.transportadoraId, t.dia, t.tomador, t.status).where(sql`not ${t.delta}`),
  ],
);
