import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { versaoSistema } from './versao-sistema';

export const versaoNota = pgTable(
  'versao_nota',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    versaoId: integer('versao_id')
      .notNull()
      .references(() => versaoSistema.id, { onDelete: 'cascade' }),
    ordem: integer().notNull(),
    tipo: varchar({ length: 10 }).notNull(),
    nota: text().notNull(),
  },
  (t) => [
    index('versao_nota_versao_idx').on(t.versaoId, t.ordem),
    check('versao_nota_tipo_check', sql`${t.tipo} in ('CORRECAO', 'ADICAO')`),
  ],
);
