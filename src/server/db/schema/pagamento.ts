import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { MotivoContestacao, StatusContestacao } from '../../../contracts/contestacoes';
import type { Nivel } from '../../../contracts/permissoes';
import { relogio } from '../../../domain/relogio';
import { cte } from './cte';
import { fatura, faturaCte } from './fatura';
import { transportadora } from './transportadora';
import { usuario } from './usuario';

// From verdict to payment (issue 29; docs/decisoes.md §36): approval limits, the approvals recorded, disputes with
// the carrier and their lines, export runs to payables, pré-faturas. The fatura's payment situation and the
// lines' blocks are columns of fatura and fatura_cte (schema/fatura.ts); the release rules a column of configuracao.

/** A level's limits (usuario_id null) or a user's own (nivel null); null limits: no limit. */
export const alcada = pgTable(
  'alcada',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nivel: varchar({ length: 20 }).$type<Nivel>(),
    usuarioId: integer('usuario_id').references(() => usuario.id, { onDelete: 'cascade' }),
    limiteCte: numeric('limite_cte', { precision: 15, scale: 2 }),
    limiteFatura: numeric('limite_fatura', { precision: 15, scale: 2 }),
  },
  (t) => [
    uniqueIndex('alcada_nivel_idx').on(t.nivel).where(sql`${t.nivel} is not null`),
    uniqueIndex('alcada_usuario_idx').on(t.usuarioId).where(sql`${t.usuarioId} is not null`),
    check('alcada_dono_check', sql`(${t.nivel} is null) <> (${t.usuarioId} is null)`),
  ],
);

/** Every approval, forward, release or refusal: who, when, the difference and the reason. */
export const aprovacao = pgTable(
  'aprovacao',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    tipo: varchar({ length: 15 }).$type<'APROVACAO' | 'ENCAMINHAMENTO' | 'LIBERACAO' | 'RECUSA'>().notNull(),
    cteId: integer('cte_id').references(() => cte.id, { onDelete: 'cascade' }),
    faturaId: integer('fatura_id').references(() => fatura.id, { onDelete: 'cascade' }),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuario.id),
    nivel: varchar({ length: 20 }).$type<Nivel>().notNull(),
    /** For a forward: the level it went to. */
    nivelDestino: varchar('nivel_destino', { length: 20 }).$type<Nivel>(),
    diferenca: numeric({ precision: 15, scale: 2 }).notNull(),
    motivo: text(),
    em: timestamp({ withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [index('aprovacao_cte_idx').on(t.cteId, t.em.desc()), index('aprovacao_fatura_idx').on(t.faturaId, t.em.desc()), index('aprovacao_em_idx').on(t.em.desc())],
);

export const contestacao = pgTable(
  'contestacao',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Shown to people and the carrier: 1, 2, … per company. */
    numero: integer().notNull(),
    status: varchar({ length: 10 }).$type<StatusContestacao>().notNull().default('ABERTA'),
    motivo: varchar({ length: 25 }).$type<MotivoContestacao>().notNull(),
    descricao: text(),
    transportadoraCnpj: varchar('transportadora_cnpj', { length: 14 }).notNull(),
    transportadoraNome: varchar('transportadora_nome', { length: 200 }).notNull(),
    transportadoraId: integer('transportadora_id').references(() => transportadora.id),
    faturaId: integer('fatura_id').references(() => fatura.id),
    valorContestado: numeric('valor_contestado', { precision: 15, scale: 2 }).notNull(),
    valorAceito: numeric('valor_aceito', { precision: 15, scale: 2 }),
    documentoCredito: varchar('documento_credito', { length: 40 }),
    observacoes: text(),
    prazo: date().notNull(),
    abertaPorId: integer('aberta_por_id')
      .notNull()
      .references(() => usuario.id),
    abertaEm: timestamp('aberta_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    enviadaEm: timestamp('enviada_em', { withTimezone: true }),
    respondidaEm: timestamp('respondida_em', { withTimezone: true }),
    encerradaEm: timestamp('encerrada_em', { withTimezone: true }),
    versao: integer().notNull().default(0),
  },
  (t) => [
    uniqueIndex('contestacao_numero_idx').on(t.numero),
    index('contestacao_status_idx').on(t.status, t.prazo),
    index('contestacao_fatura_idx').on(t.faturaId),
    index('contestacao_transportadora_idx').on(t.transportadoraCnpj, t.abertaEm.desc()),
  ],
);

export const contestacaoLinha = pgTable(
  'contestacao_linha',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    contestacaoId: integer('contestacao_id')
      .notNull()
      .references(() => contestacao.id, { onDelete: 'cascade' }),
    faturaCteId: integer('fatura_cte_id').references(() => faturaCte.id, { onDelete: 'set null' }),
    cteId: integer('cte_id').references(() => cte.id, { onDelete: 'set null' }),
    /** Série/número as billed or as the CT-e says. */
    cte: varchar({ length: 20 }).notNull(),
    valorCobrado: numeric('valor_cobrado', { precision: 15, scale: 2 }).notNull(),
    valorCorreto: numeric('valor_correto', { precision: 15, scale: 2 }).notNull(),
    valorContestado: numeric('valor_contestado', { precision: 15, scale: 2 }).notNull(),
    valorAceito: numeric('valor_aceito', { precision: 15, scale: 2 }),
  },
  (t) => [
    index('contestacao_linha_contestacao_idx').on(t.contestacaoId),
    index('contestacao_linha_fatura_cte_idx').on(t.faturaCteId),
    index('contestacao_linha_cte_idx').on(t.cteId),
  ],
);

/** One export run to payables; its faturas carry its id (fatura.exportacao_id). */
export const exportacaoPagamento = pgTable('exportacao_pagamento', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  feitaEm: timestamp('feita_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  usuarioId: integer('usuario_id')
    .notNull()
    .references(() => usuario.id),
  faturas: integer().notNull(),
  valorTotal: numeric('valor_total', { precision: 15, scale: 2 }).notNull(),
});

/** A pré-fatura: the audited CT-es of a carrier and period with the value the shipper accepts. */
export const preFatura = pgTable(
  'pre_fatura',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    transportadoraId: integer('transportadora_id')
      .notNull()
      .references(() => transportadora.id),
    inicio: date().notNull(),
    fim: date().notNull(),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuario.id),
    quantidade: integer().notNull(),
    valorTotal: numeric('valor_total', { precision: 15, scale: 2 }).notNull(),
  },
  (t) => [index('pre_fatura_transportadora_idx').on(t.transportadoraId, t.criadaEm.desc())],
);

export const preFaturaCte = pgTable(
  'pre_fatura_cte',
  {
    preFaturaId: integer('pre_fatura_id')
      .notNull()
      .references(() => preFatura.id, { onDelete: 'cascade' }),
    cteId: integer('cte_id')
      .notNull()
      .references(() => cte.id),
    valorAceito: numeric('valor_aceito', { precision: 15, scale: 2 }).notNull(),
  },
  (t) => [uniqueIndex('pre_fatura_cte_idx').on(t.preFaturaId, t.cteId), index('pre_fatura_cte_cte_idx').on(t.cteId)],
);
