import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';

// Roles as text[]: a profile is read whole, and /eu unnests them in the same query as the user.
export const perfil = pgTable(
  'perfil',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    descricao: varchar({ length: 100 }).notNull(),
    roles: text().array().notNull().default(sql`'{}'::text[]`),
    ativado: boolean().notNull().default(true),
    versao: integer().notNull().default(0),
  },
  (t) => [
    index('perfil_descricao_trgm_idx').using('gin', t.descricao.op('gin_trgm_ops')),
    index('perfil_descricao_idx').on(t.descricao),
    index('perfil_descricao_ordem_idx').on(chaveOrdem(t.descricao)),
    index('perfil_ativado_idx').on(t.ativado),
    index('perfil_roles_idx').using('gin', t.roles),
  ],
);
