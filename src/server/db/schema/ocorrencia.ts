import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { OrigemOcorrencia, SentidoOcorrencia } from '../../../contracts/ocorrencias';
import { relogio } from '../../../domain/relogio';
import { cte } from './cte';

// Issue 31 (docs/decisoes.md §38): the occurrences of deliveries, from PROCEDA OCOREN lines and CT-e 4.00 delivery
// events. An OCOREN line names a nota fiscal (issuer CNPJ + série + número), a CT-e event its CT-e's key; the
// database links each to its CT-es (ocorrencia_cte) by triggers of migration 0027, whichever arrives first, and keeps
// the CT-e's filter marks (com_reentrega, com_comprovante) from its links.
export const ocorrencia = pgTable(
  'ocorrencia',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    origem: varchar({ length: 10 }).$type<OrigemOcorrencia>().notNull(),
    /** The carrier that reported it (OCOREN 341/541; the event's issuer). */
    transportadoraCnpj: varchar('transportadora_cnpj', { length: 14 }),
    /** OCOREN: the nota fiscal; série without leading zeros ('' = blank or 0: matches any série). */
    cnpjEmissorNf: varchar('cnpj_emissor_nf', { length: 14 }),
    serieNf: varchar('serie_nf', { length: 3 }),
    numeroNf: integer('numero_nf'),
    /** A CT-e event's key (or an OCOREN line's, when a longer record carries one). */
    chaveCte: varchar('chave_cte', { length: 44 }),
    /** PROCEDA code ("24") or the event type ("110180"). */
    codigo: varchar({ length: 6 }).notNull(),
    codigoObservacao: varchar('codigo_observacao', { length: 2 }),
    /** What it means for the audit (sentidoDaOcorrencia), fixed when stored. */
    sentido: varchar({ length: 12 }).$type<SentidoOcorrencia>(),
    observacao: varchar({ length: 500 }),
    dataHora: timestamp('data_hora', { withTimezone: true }).notNull(),
    arquivo: varchar({ length: 255 }).notNull(),
    linha: integer(),
    /** A CT-e event cancelled by a later one (110181, 110191): kept, justifies nothing. */
    cancelada: boolean().notNull().default(false),
    /** The event's protocol (nProt), which its cancellation names. */
    protocolo: varchar({ length: 20 }),
    /** What makes a re-sent occurrence the same one (origin, NF or key, code, date and time): stored once. */
    identidade: varchar({ length: 120 }).notNull(),
    /** Linked to at least one CT-e (kept by the link trigger); the list filters on the others. */
    vinculada: boolean().notNull().default(false),
    lidaEm: timestamp('lida_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [
    uniqueIndex('ocorrencia_identidade_idx').on(t.identidade),
    index('ocorrencia_nf_idx').on(t.numeroNf, t.cnpjEmissorNf),
    index('ocorrencia_chave_idx').on(t.chaveCte).where(sql`${t.chaveCte} is not null`),
    index('ocorrencia_protocolo_idx').on(t.protocolo).where(sql`${t.protocolo} is not null`),
    index('ocorrencia_lida_idx').on(t.lidaEm.desc(), t.id.desc()),
    index('ocorrencia_nao_vinculada_idx').on(t.lidaEm.desc(), t.id.desc()).where(sql`not ${t.vinculada}`),
  ],
);

/** Which CT-es an occurrence is about (the CT-es carrying its NF, or the CT-e of its key). */
export const ocorrenciaCte = pgTable(
  'ocorrencia_cte',
  {
    ocorrenciaId: integer('ocorrencia_id')
      .notNull()
      .references(() => ocorrencia.id, { onDelete: 'cascade' }),
    cteId: integer('cte_id')
      .notNull()
      .references(() => cte.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.ocorrenciaId, t.cteId] }), index('ocorrencia_cte_cte_idx').on(t.cteId)],
);

/**
 * The Fretes filters' marks of a CT-e with linked occurrences (kept by migration 0027's triggers): a re-delivery, a
 * proof of delivery (not cancelled). A narrow table of its own: linking 50,000 occurrences rewrites 50,000 of these
 * rows, where marks on `cte` rewrote each wide row with every one of its indexes (and its summary triggers).
 */
export const cteMarca = pgTable(
  'cte_marca',
  {
    cteId: integer('cte_id')
      .primaryKey()
      .references(() => cte.id, { onDelete: 'cascade' }),
    comReentrega: boolean('com_reentrega').notNull().default(false),
    comComprovante: boolean('com_comprovante').notNull().default(false),
  },
  (t) => [
    index('cte_marca_reentrega_idx').on(t.cteId).where(sql`${t.comReentrega}`),
    index('cte_marca_comprovante_idx').on(t.cteId).where(sql`${t.comComprovante}`),
  ],
);
