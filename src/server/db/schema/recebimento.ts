import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import type { ContagemRecebimento, FonteRecebimento, ResultadoDocumento, SituacaoExecucao, TipoDocumento } from '../../../contracts/recebimento';
import { relogio } from '../../../domain/relogio';
import { usuario } from './usuario';

// Documents that arrive by themselves (issue 30; docs/decisoes.md §37): each source's settings and state, its runs and
// the documents each run saw (the intake log, and what a re-read of the same message or NSU must not store twice).

/**
 * One row per scheduled source (CAIXA_POSTAL, SEFAZ, PASTA). `config` holds what may be shown (host, user, CNPJ...);
 * `segredo` what may not (the mailbox password, the PFX and its password), encrypted with CHAVE_SEGREDOS
 * (recebimento/segredos.ts). The SEFAZ NSU state and the next-call time survive restarts here.
 */
export const recebimentoFonte = pgTable(
  'recebimento_fonte',
  {
    fonte: varchar({ length: 15 }).$type<FonteRecebimento>().primaryKey(),
    ativa: boolean().notNull().default(false),
    config: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    segredo: text(),
    /** SEFAZ: the last NSU received and the highest the service has for the company (15 digits, kept as numbers). */
    ultNsu: bigint('ult_nsu', { mode: 'bigint' }).notNull().default(sql`0`),
    maxNsu: bigint('max_nsu', { mode: 'bigint' }).notNull().default(sql`0`),
    /** No scheduled run before this instant (the interval; SEFAZ's hour after 137 or 656). */
    proximaEm: timestamp('proxima_em', { withTimezone: true }),
    /** SEFAZ 656 (consumo indevido): blocked until then, said on screen. */
    bloqueadaAte: timestamp('bloqueada_ate', { withTimezone: true }),
    falhasSeguidas: integer('falhas_seguidas').notNull().default(0),
    versao: integer().notNull().default(0),
  },
  (t) => [check('recebimento_fonte_check', sql`${t.fonte} in ('PASTA', 'CAIXA_POSTAL', 'SEFAZ')`)],
);

/** One reading of a source: scheduled, "Ler agora", an upload, a folder reading. */
export const recebimentoExecucao = pgTable(
  'recebimento_execucao',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fonte: varchar({ length: 15 }).$type<FonteRecebimento>().notNull(),
    inicio: timestamp({ withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    fim: timestamp({ withTimezone: true }),
    situacao: varchar({ length: 15 }).$type<SituacaoExecucao>().notNull().default('EM_ANDAMENTO'),
    contagem: jsonb().$type<ContagemRecebimento>().notNull(),
    mensagens: jsonb().$type<string[]>().notNull().default([]),
    feitos: integer().notNull().default(0),
    total: integer(),
    usuarioId: integer('usuario_id').references(() => usuario.id, { onDelete: 'set null' }),
  },
  (t) => [index('recebimento_execucao_fonte_idx').on(t.fonte, t.id.desc()), index('recebimento_execucao_inicio_idx').on(t.inicio.desc())],
);

/**
 * One document a run saw. `chaveOrigem` + `hash` identify it for the run that comes after a crash (the mailbox: the
 * Message-ID; SEFAZ: the NSU): a document already stored under them is not read again.
 */
export const recebimentoItem = pgTable(
  'recebimento_item',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    execucaoId: integer('execucao_id')
      .notNull()
      .references(() => recebimentoExecucao.id, { onDelete: 'cascade' }),
    fonte: varchar({ length: 15 }).$type<FonteRecebimento>().notNull(),
    chaveOrigem: varchar('chave_origem', { length: 500 }),
    hash: varchar({ length: 64 }),
    origem: varchar({ length: 500 }).notNull(),
    arquivo: varchar({ length: 255 }).notNull(),
    tipo: varchar({ length: 15 }).$type<TipoDocumento>().notNull(),
    resultado: varchar({ length: 10 }).$type<ResultadoDocumento>().notNull(),
    motivo: text(),
    referencia: varchar({ length: 60 }),
  },
  (t) => [
    index('recebimento_item_execucao_idx').on(t.execucaoId, t.id),
    index('recebimento_item_origem_idx').on(t.fonte, t.chaveOrigem, t.hash).where(sql`${t.chaveOrigem} is not null`),
  ],
);
