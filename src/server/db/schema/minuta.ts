import { date, index, integer, jsonb, numeric, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { ComponentesConemb, LayoutConemb, NotaConemb } from '../../../contracts/conemb';
import type { OrigemMinuta, StatusMinuta } from '../../../contracts/minutas';
import { cliente } from './cliente';
import { cte } from './cte';
import { municipio } from './municipio';
import { transportadora } from './transportadora';
import { relogio } from '../../../domain/relogio';

// Minutas (spec 03 §3 "Minuta") and the CONEMB conhecimentos they are converted from. The list's
// filters (period, carrier with period, fatura, número, chave, status with period) are indexed: the bench
// lists 100,000.
export const minuta = pgTable(
  'minuta',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    status: varchar({ length: 10 }).$type<StatusMinuta>().notNull().default('PENDENTE'),
    fatura: varchar({ length: 20 }),
    numero: varchar({ length: 9 }),
    serie: varchar({ length: 3 }),
    chave: varchar({ length: 44 }),
    dataEmissao: date('data_emissao'),
    transportadoraId: integer('transportadora_id').references(() => transportadora.id),
    origemId: integer('origem_id').references(() => municipio.id),
    destinoId: integer('destino_id').references(() => municipio.id),
    clienteId: integer('cliente_id').references(() => cliente.id),
    peso: numeric({ precision: 15, scale: 3 }),
    percentualIcms: numeric('percentual_icms', { precision: 5, scale: 2 }),
    valorTotalFrete: numeric('valor_total_frete', { precision: 15, scale: 2 }),
    cnpjTomador: varchar('cnpj_tomador', { length: 14 }),
    cnpjRemetente: varchar('cnpj_remetente', { length: 14 }),
    /** Counts kept with the rows they count, so the list tells completeness without reading the children. */
    quantidadeNotasFiscais: integer('quantidade_notas_fiscais').notNull().default(0),
    quantidadeElementosCusto: integer('quantidade_elementos_custo').notNull().default(0),
    origemMinuta: varchar('origem_minuta', { length: 6 }).$type<OrigemMinuta>().notNull().default('MANUAL'),
    /** The conhecimento it was converted from (one minuta per conhecimento). */
    conhecimentoId: integer('conhecimento_id').references(() => conembConhecimento.id),
    /** The CT-e it became (PROCESSADO). */
    cteId: integer('cte_id').references(() => cte.id),
    versao: integer().notNull().default(0),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    alteradaEm: timestamp('alterada_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [
    index('minuta_emissao_idx').on(t.dataEmissao.desc(), t.id.desc()),
    index('minuta_transportadora_emissao_idx').on(t.transportadoraId, t.dataEmissao.desc()),
    index('minuta_status_emissao_idx').on(t.status, t.dataEmissao.desc()),
    index('minuta_fatura_idx').on(t.fatura),
    index('minuta_numero_idx').on(t.numero),
    index('minuta_chave_idx').on(t.chave),
    uniqueIndex('minuta_conhecimento_idx').on(t.conhecimentoId),
    index('minuta_cte_idx').on(t.cteId),
  ],
);

export const minutaNotaFiscal = pgTable(
  'minuta_nota_fiscal',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    minutaId: integer('minuta_id')
      .notNull()
      .references(() => minuta.id, { onDelete: 'cascade' }),
    serie: varchar({ length: 3 }).notNull(),
    numero: varchar({ length: 9 }).notNull(),
  },
  (t) => [index('minuta_nota_fiscal_minuta_idx').on(t.minutaId)],
);

export const minutaElementoCusto = pgTable(
  'minuta_elemento_custo',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    minutaId: integer('minuta_id')
      .notNull()
      .references(() => minuta.id, { onDelete: 'cascade' }),
    nome: varchar({ length: 60 }).notNull(),
    valor: numeric({ precision: 15, scale: 2 }).notNull(),
  },
  (t) => [index('minuta_elemento_custo_minuta_idx').on(t.minutaId)],
);

/** A CONEMB file read ("Ler ConEmb's"): the same content twice changes nothing. */
export const conembArquivo = pgTable(
  'conemb_arquivo',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
    layout: varchar({ length: 3 }).$type<LayoutConemb>().notNull(),
    documento: varchar({ length: 14 }).notNull(),
    transportadoraCnpj: varchar('transportadora_cnpj', { length: 14 }).notNull(),
    transportadoraRazaoSocial: varchar('transportadora_razao_social', { length: 50 }).notNull(),
    quantidade: integer().notNull(),
    valorTotal: numeric('valor_total', { precision: 15, scale: 2 }).notNull(),
    avisos: text().array().notNull().default([]),
    /** SHA-256 of the decoded content. */
    hash: varchar({ length: 64 }).notNull(),
    lidoEm: timestamp('lido_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [uniqueIndex('conemb_arquivo_hash_idx').on(t.hash)],
);

/** One 322/522 conhecimento as read; "Converter Minutas" turns the ones without a minuta into minutas. */
export const conembConhecimento = pgTable(
  'conemb_conhecimento',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    arquivoId: integer('arquivo_id')
      .notNull()
      .references(() => conembArquivo.id),
    linha: integer().notNull(),
    filial: varchar({ length: 10 }).notNull(),
    serie: varchar({ length: 5 }).notNull(),
    numero: varchar({ length: 9 }).notNull(),
    dataEmissao: date('data_emissao').notNull(),
    condicaoFrete: varchar('condicao_frete', { length: 1 }),
    peso: numeric({ precision: 15, scale: 3 }),
    valorTotalFrete: numeric('valor_total_frete', { precision: 15, scale: 2 }).notNull(),
    baseIcms: numeric('base_icms', { precision: 15, scale: 2 }),
    percentualIcms: numeric('percentual_icms', { precision: 5, scale: 2 }),
    valorIcms: numeric('valor_icms', { precision: 15, scale: 2 }),
    componentes: jsonb().$type<ComponentesConemb>().notNull(),
    cfop: varchar({ length: 5 }),
    cnpjEmissor: varchar('cnpj_emissor', { length: 14 }).notNull(),
    cnpjEmbarcadora: varchar('cnpj_embarcadora', { length: 14 }),
    chave: varchar({ length: 44 }),
    placa: varchar({ length: 9 }),
    notas: jsonb().$type<NotaConemb[]>().notNull(),
    acao: varchar({ length: 1 }).notNull(),
    /** Set by an ação E record: a cancelled conhecimento is not converted (its PENDENTE minuta is deleted). */
    excluidoEm: timestamp('excluido_em', { withTimezone: true }),
    lidoEm: timestamp('lido_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [
    // One conhecimento per carrier, série and número: a later file repeating it is skipped.
    uniqueIndex('conemb_conhecimento_emissor_idx').on(t.cnpjEmissor, t.serie, t.numero),
    index('conemb_conhecimento_arquivo_idx').on(t.arquivoId),
  ],
);
