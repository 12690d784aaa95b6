import { sql } from 'drizzle-orm';
import type { OcorrenciaAusente } from '../../../contracts/ocorrencias';
import { boolean, check, jsonb, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import type { RegrasPagamento } from '../../../contracts/pagamentos';
import { cliente } from './cliente';

// One row (id 1) per company database.
export const configuracao = pgTable(
  'configuracao',
  {
    id: integer().primaryKey(),
    enderecoEntrada: varchar('endereco_entrada', { length: 300 }),
    enderecoSaida: varchar('endereco_saida', { length: 300 }),
    enderecoErro: varchar('endereco_erro', { length: 300 }),
    integrarFaturamento: boolean('integrar_faturamento').notNull().default(false),
    toleranciaValor: numeric('tolerancia_valor', { precision: 9, scale: 2 }).notNull().default('0.10'),
    toleranciaPercentual: numeric('tolerancia_percentual', { precision: 7, scale: 4 }).notNull().default('0'),
    versao: integer().notNull().default(0),
    /** The company's legal name, CNPJ (digits) and address, as documents name it (null: only the company code). */
    razaoSocial: varchar('razao_social', { length: 200 }),
    cnpj: varchar({ length: 14 }),
    endereco: varchar({ length: 300 }),
    /** Release rules of the payment situation (issue 29): null reads as REGRAS_PAGAMENTO_PADRAO (all on). */
    regrasPagamento: jsonb('regras_pagamento').$type<Omit<RegrasPagamento, 'versao'>>(),
    /** Version of the approval limits (table alcada) as one record: a stale save of them gets 409. */
    alcadasVersao: integer('alcadas_versao').notNull().default(0),
    /** Issue 31: a charged accessorial without a matching occurrence is a FALHA (default) or an OBSERVACAO. */
    ocorrenciaAusente: varchar('ocorrencia_ausente', { length: 10 }).$type<OcorrenciaAusente>().notNull().default('FALHA'),
  },
  (t) => [check('configuracao_unica_check', sql`${t.id} = 1`)],
);

/** Entradas and Tomadores lists of the settings screen. */
export const configuracaoCliente = pgTable(
  'configuracao_cliente',
  {
    lista: varchar({ length: 10 }).notNull(),
    clienteId: integer('cliente_id')
      .notNull()
      .references(() => cliente.id),
  },
  (t) => [
    primaryKey({ columns: [t.lista, t.clienteId] }),
    index('configuracao_cliente_cliente_idx').on(t.clienteId),
    check('configuracao_cliente_lista_check', sql`${t.lista} in ('ENTRADA', 'TOMADOR')`),
  ],
);
