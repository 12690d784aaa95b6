import { sql } from 'drizzle-orm';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

// One HS256 key per company database: a token of one company never verifies in the other.
export const chaveAssinatura = pgTable('chave_assinatura', {
  id: integer().primaryKey(),
  chave: text().notNull(),
  criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().default(sql`now()`),
});
