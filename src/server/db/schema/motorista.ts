import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';

export const motorista = pgTable(
  'motorista',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nome: varchar({ length: 150 }).notNull(),
    cpf: varchar({ length: 11 }).notNull(),
    rg: varchar({ length: 20 }).notNull(),
    cnh: varchar({ length: 20 }),
    rntnc: varchar({ length: 20 }).notNull(),
    logradouro: varchar({ length: 150 }).notNull(),
    complemento: varchar({ length: 150 }),
    endereco: varchar({ length: 150 }),
    cep: varchar({ length: 8 }).notNull(),
    bairro: varchar({ length: 150 }),
    cidade: varchar({ length: 150 }).notNull(),
    uf: varchar({ length: 2 }).notNull(),
    status: varchar({ length: 10 }).notNull().default('ATIVO'),
    versao: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('motorista_cpf_idx').on(t.cpf),
    index('motorista_nome_trgm_idx').using('gin', t.nome.op('gin_trgm_ops')),
    index('motorista_cpf_trgm_idx').using('gin', t.cpf.op('gin_trgm_ops')),
    index('motorista_rg_trgm_idx').using('gin', t.rg.op('gin_trgm_ops')),
    index('motorista_cnh_trgm_idx').using('gin', t.cnh.op('gin_trgm_ops')),
    index('motorista_nome_idx').on(t.nome),
    index('motorista_nome_ordem_idx').on(chaveOrdem(t.nome)),
    index('motorista_status_idx').on(t.status),
    index('motorista_cidade_idx').on(t.cidade),
    index('motorista_cidade_ordem_idx').on(chaveOrdem(t.cidade)),
    index('motorista_uf_idx').on(t.uf),
    check('motorista_status_check', sql`${t.status} in ('ATIVO', 'INATIVO')`),
  ],
);
