import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';

export const usuario = pgTable(
  'usuario',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    login: varchar({ length: 100 }).notNull(),
    nome: varchar({ length: 200 }).notNull(),
    email: varchar({ length: 200 }),
    senhaHash: text('senha_hash').notNull(),
    nivel: varchar({ length: 20 }).notNull(),
    ativado: boolean().notNull().default(true),
    versao: integer().notNull().default(0),
    /** docs/decisoes.md §1: carried in every token (claim sv); a password change, deactivation or level change bumps it, ending those sessions. */
    sessaoVersao: integer('sessao_versao').notNull().default(0),
    settings: jsonb().$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [
    // Logins are unique regardless of case: "Admin" and "admin" are the same account.
    uniqueIndex('usuario_login_lower_idx').on(sql`lower(${t.login})`),
    index('usuario_nome_trgm_idx').using('gin', t.nome.op('gin_trgm_ops')),
    index('usuario_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('usuario_login_trgm_idx').using('gin', t.login.op('gin_trgm_ops')),
    index('usuario_nome_idx').on(t.nome),
    index('usuario_nome_ordem_idx').on(chaveOrdem(t.nome)),
    index('usuario_nivel_idx').on(t.nivel),
    index('usuario_ativado_idx').on(t.ativado),
    check('usuario_nivel_check', sql`${t.nivel} in ('ADMIN', 'DIRETOR', 'GERENTE', 'SUPERVISOR', 'REPRESENTANTE')`),
  ],
);
