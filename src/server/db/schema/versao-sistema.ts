import { date, integer, pgTable } from 'drizzle-orm/pg-core';

// Ids are assigned by the release, not by a sequence: the client stores the last one seen.
export const versaoSistema = pgTable('versao_sistema', {
  id: integer().primaryKey(),
  data: date().notNull(),
});
