import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { LayoutDoccob, NotaDoccob } from '../../../contracts/doccob';
import type { StatusFatura } from '../../../contracts/faturas';
import type { RegraBloqueio, SituacaoPagamento } from '../../../contracts/pagamentos';
import { cte } from './cte';
import { transportadora } from './transportadora';
import { relogio } from '../../../domain/relogio';

// Faturas (spec 03 §3 "Fatura"): one row per DOCCOB interchange read, its 352/552 documents and
// its 353/555 CT-e lines, each line linked to the CT-e of the database when one matches. The list's filters
// (period on the first document's emission, with or without the status; carrier CNPJ; documento; número of
// a document) are indexed: a company keeps hundreds of thousands.
export const fatura = pgTable(
  'fatura',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
    layout: varchar({ length: 4 }).$type<LayoutDoccob>().notNull(),
    /** The 350/550 document id ("COBRA…"). */
    documento: varchar({ length: 14 }).notNull(),
    /** The 000 interchange header: sender, recipient, id, and its date ("2021-06-24T11:07", no zone). */
    remetente: varchar({ length: 35 }).notNull(),
    destinatario: varchar({ length: 35 }).notNull(),
    intercambio: varchar({ length: 12 }).notNull(),
    dataIntercambio: varchar('data_intercambio', { length: 16 }),
    /** The 351/551 carrier as the file says it, and the register that has its CNPJ (when there is one). */
    transportadoraCnpj: varchar('transportadora_cnpj', { length: 14 }).notNull(),
    transportadoraRazaoSocial: varchar('transportadora_razao_social', { length: 50 }).notNull(),
    transportadoraId: integer('transportadora_id').references(() => transportadora.id),
    /** The first 352/552's número, emission and due date (an interchange usually holds one document). */
    numeroDocumento: varchar('numero_documento', { length: 10 }).notNull(),
    dataEmissao: date('data_emissao').notNull(),
    dataVencimento: date('data_vencimento'),
    /** CT-e lines (353/555) of every document. */
    quantidade: integer().notNull(),
    /** Sum of the documents' values. */
    valorTotal: numeric('valor_total', { precision: 15, scale: 2 }).notNull(),
    /** The 355/559 trailer; null when the file had none (a warning says so). */
    totalQuantidade: integer('total_quantidade'),
    totalValor: numeric('total_valor', { precision: 15, scale: 2 }),
    avisos: text().array().notNull().default([]),
    status: varchar({ length: 10 }).$type<StatusFatura>().notNull().default('PROCESSADO'),
    /** SHA-256 of what makes it the same fatura (carrier, documents, values, CT-e lines): "already read". */
    hash: varchar({ length: 64 }).notNull(),
    versao: integer().notNull().default(0),
    lidaEm: timestamp('lida_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    /**
     * Payment situation (issue 29; machines/fatura-pagamento.ts), recomputed by the server (pagamentos/situacao-*.ts)
     * whenever a CT-e it bills, an audit, an approval, a dispute, a rule or the fatura changes; with the value to pay,
     * the value under open disputes, the discount the carrier accepted, and the reasons that block it (per line in
     * fatura_cte.bloqueios; fatura-level rules here).
     */
    situacaoPagamento: varchar('situacao_pagamento', { length: 16 }).$type<SituacaoPagamento>().notNull().default('EM_CONFERENCIA'),
    bloqueios: text().array().$type<RegraBloqueio[]>().notNull().default([]),
    linhasBloqueadas: integer('linhas_bloqueadas').notNull().default(0),
    valorAPagar: numeric('valor_a_pagar', { precision: 15, scale: 2 }).notNull().default('0'),
    valorContestado: numeric('valor_contestado', { precision: 15, scale: 2 }).notNull().default('0'),
    descontoContestacoes: numeric('desconto_contestacoes', { precision: 15, scale: 2 }).notNull().default('0'),
    /** Released for the undisputed amount (LIBERAR_INCONTROVERSO), or by a person within their fatura limit. */
    pagarIncontroverso: boolean('pagar_incontroverso').notNull().default(false),
    liberadaPorId: integer('liberada_por_id'),
    exportacaoId: integer('exportacao_id'),
    exportadaEm: timestamp('exportada_em', { withTimezone: true }),
    pagaEm: timestamp('paga_em', { withTimezone: true }),
  },
  (t) => [
    index('fatura_emissao_idx').on(t.dataEmissao.desc(), t.id.desc()),
    index('fatura_status_emissao_idx').on(t.status, t.dataEmissao.desc(), t.id.desc()),
    index('fatura_transportadora_emissao_idx').on(t.transportadoraCnpj, t.dataEmissao.desc()),
    index('fatura_documento_idx').on(t.documento),
    // The list sorted by value over a long period (bench: 123 ms p99 without it, 0.9 ms in the plan with it).
    index('fatura_valor_idx').on(t.valorTotal.desc(), t.id.desc()),
    index('fatura_transportadora_id_idx').on(t.transportadoraId),
    index('fatura_situacao_vencimento_idx').on(t.situacaoPagamento, t.dataVencimento, t.id),
    index('fatura_situacao_emissao_idx').on(t.situacaoPagamento, t.dataEmissao.desc(), t.id.desc()),
    index('fatura_exportacao_idx').on(t.exportacaoId).where(sql`${t.exportacaoId} is not null`),
  ],
);

/** One 352/552 of the interchange with every field of spec §3 documentos[]; status follows its fatura's. */
export const faturaDocumento = pgTable(
  'fatura_documento',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    faturaId: integer('fatura_id')
      .notNull()
      .references(() => fatura.id, { onDelete: 'cascade' }),
    /** Position among the file's documents (0-based). */
    ordem: smallint().notNull(),
    transportadoraCnpj: varchar('transportadora_cnpj', { length: 14 }).notNull(),
    status: varchar({ length: 10 }).$type<StatusFatura>().notNull().default('PROCESSADO'),
    filial: varchar({ length: 10 }).notNull(),
    tipoDocumento: varchar('tipo_documento', { length: 1 }).notNull(),
    serie: varchar({ length: 3 }).notNull(),
    numero: varchar({ length: 10 }).notNull(),
    dataEmissao: date('data_emissao').notNull(),
    dataVencimento: date('data_vencimento'),
    dataLimiteDesconto: date('data_limite_desconto'),
    tipoCobranca: varchar('tipo_cobranca', { length: 3 }).notNull(),
    valor: numeric({ precision: 15, scale: 2 }).notNull(),
    valorIcms: numeric('valor_icms', { precision: 15, scale: 2 }),
    valorJurosDia: numeric('valor_juros_dia', { precision: 15, scale: 2 }),
    valorDesconto: numeric('valor_desconto', { precision: 15, scale: 2 }),
    agenteCobranca: varchar('agente_cobranca', { length: 35 }),
    agencia: varchar({ length: 4 }),
    digitoAgencia: varchar('digito_agencia', { length: 1 }),
    conta: varchar({ length: 10 }),
    digitoConta: varchar('digito_conta', { length: 2 }),
    acao: varchar({ length: 1 }).$type<'I' | 'E'>().notNull(),
    quantidadeCtes: integer('quantidade_ctes').notNull(),
  },
  (t) => [
    // The same carrier's document (série + número) is PROCESSADO once: two readings racing, one wins.
    uniqueIndex('fatura_documento_processado_idx').on(t.transportadoraCnpj, t.serie, t.numero).where(sql`${t.status} = 'PROCESSADO'`),
    // Exact número and its prefix (GET /faturas numeroDocumento, GET /faturas/listar), whatever the collation.
    index('fatura_documento_numero_idx').on(t.numero.op('varchar_pattern_ops')),
    // Cancelling by ação E finds the document whatever its fatura's status.
    index('fatura_documento_transportadora_idx').on(t.transportadoraCnpj, t.serie, t.numero),
    index('fatura_documento_fatura_idx').on(t.faturaId, t.ordem),
  ],
);

/** One 353/555 line: what the carrier billed for one CT-e, and the CT-e it matched (null: not found). */
export const faturaCte = pgTable(
  'fatura_cte',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    faturaId: integer('fatura_id')
      .notNull()
      .references(() => fatura.id, { onDelete: 'cascade' }),
    documentoId: integer('documento_id')
      .notNull()
      .references(() => faturaDocumento.id, { onDelete: 'cascade' }),
    /** Line of the file (1-based): the order of the Fretes tab. */
    linha: integer().notNull(),
    filial: varchar({ length: 10 }).notNull(),
    serie: varchar({ length: 5 }).notNull(),
    numero: varchar({ length: 12 }).notNull(),
    valorFrete: numeric('valor_frete', { precision: 15, scale: 2 }),
    dataEmissao: date('data_emissao'),
    cnpjRemetente: varchar('cnpj_remetente', { length: 14 }),
    cnpjDestinatario: varchar('cnpj_destinatario', { length: 14 }),
    cnpjEmissor: varchar('cnpj_emissor', { length: 14 }),
    chave: varchar({ length: 44 }),
    cteId: integer('cte_id').references(() => cte.id, { onDelete: 'set null' }),
    notas: jsonb().$type<NotaDoccob[]>().notNull().default([]),
    /** The CT-e it bills, "CNPJ|série|número" (domain/faturas/identidade-cte.ts): finds the other faturas billing it. */
    identidade: varchar({ length: 60 }).notNull(),
    /**
     * The line that billed the same CT-e first, in a fatura not cancelled (docs/decisoes.md §17): set, this line bills
     * it again ("já cobrado"). Kept by the reading and by cancellations (faturas/cobranca-cte.ts), so the lists read
     * a column instead of looking for earlier billings line by line.
     */
    cobrancaAnteriorId: integer('cobranca_anterior_id'),
    /** The release rules this line breaks (issue 29), kept by the recompute; empty: it passes. */
    bloqueios: text().array().$type<RegraBloqueio[]>().notNull().default([]),
    /** What the shipper accepts to pay for this line (audited value, less an accepted dispute's credit). */
    valorAPagar: numeric('valor_a_pagar', { precision: 15, scale: 2 }),
  },
  (t) => [
    uniqueIndex('fatura_cte_linha_idx').on(t.faturaId, t.linha),
    index('fatura_cte_cte_idx').on(t.cteId),
    index('fatura_cte_documento_idx').on(t.documentoId),
    // Duplicate billing (docs/decisoes.md §17): the first line billing a CT-e, in reading order, among its lines.
    index('fatura_cte_identidade_idx').on(t.identidade, t.faturaId, t.linha),
    // A page's check (conferencia-fatura.ts) reads the lines of 50 faturas from the index alone: migration 0025 adds
    // INCLUDE (cte_id, valor_frete, cobranca_anterior_id), which drizzle cannot say (bench pagamento: 860 ms → 60 ms cold).
    index('fatura_cte_conferencia_idx').on(t.faturaId),
  ],
);
