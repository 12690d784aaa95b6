import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, numeric, pgTable, smallint, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import type { StatusCte } from '../../../contracts/cte-status';
import type { Nivel } from '../../../contracts/permissoes';
import type { CteLido } from '../../../contracts/cte-documento';
import type { Agrupamento, CodigoInconsistencia, OrigemCte, StatusAuditoria } from '../../../contracts/ctes';
import type { LinhaCalculo } from '../../../contracts/calculo-frete';
import { cliente } from './cliente';
import { usuario } from './usuario';
import { tabelaFrete } from './tabela-frete';
import { tipoVeiculo } from './veiculo';
import { transportadora } from './transportadora';
import { relogio } from '../../../domain/relogio';

// CT-es (spec 03 §3). What the Fretes screen filters, sorts and totals on is a column with an index (a
// company keeps millions); the document as read (parties, components, cargo, ICMS) is one jsonb for the
// detail dialog. The XML itself lives in cte_xml, out of the hot table's pages.
export const cte = pgTable(
  'cte',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    chave: varchar({ length: 44 }).notNull(),
    status: varchar({ length: 25 }).$type<StatusCte>().notNull().default('LIDO'),
    /** ENTRADA, SAIDA or DESCONHECIDO: decided when the CT-e is processed. */
    tipo: varchar({ length: 15 }).notNull().default('DESCONHECIDO'),
    numero: integer().notNull(),
    serie: varchar({ length: 3 }).notNull(),
    dataEmissao: timestamp('data_emissao', { withTimezone: true }).notNull(),
    tipoCte: smallint('tipo_cte').notNull(),
    /** REMETENTE, EXPEDIDOR, RECEBEDOR, DESTINATARIO or OUTROS. */
    tomador: varchar({ length: 12 }).notNull(),
    codigoMunicipioOrigem: integer('codigo_municipio_origem').notNull(),
    codigoMunicipioDestino: integer('codigo_municipio_destino').notNull(),
    ufOrigem: varchar('uf_origem', { length: 2 }).notNull(),
    ufDestino: varchar('uf_destino', { length: 2 }).notNull(),
    /** CNPJ (or CPF) digits of the issuing carrier, of the sender, the recipient and the payer. */
    emitenteDocumento: varchar('emitente_documento', { length: 14 }),
    /**
     * The issuer's name (the document's emitente.nome) and its sort key (dobrarSql of it), kept by the trigger
     * cte_emitente (migration 0032): sorting by carrier neither reads the document nor folds. NULL on a CT-e read
     * before 0032 into a table of over 200,000 CT-es; the sort then computes them (consultar-ctes.ts).
     */
    emitenteNome: text('emitente_nome'),
    emitenteOrdem: text('emitente_ordem'),
    remetenteDocumento: varchar('remetente_documento', { length: 14 }),
    destinatarioDocumento: varchar('destinatario_documento', { length: 14 }),
    tomadorDocumento: varchar('tomador_documento', { length: 14 }),
    /** The registered carrier, once processing finds it by CNPJ. */
    transportadoraId: integer('transportadora_id').references(() => transportadora.id),
    /** The customer register (recipient of a SAIDA, sender of an ENTRADA), found when processing. */
    clienteId: integer('cliente_id').references(() => cliente.id),
    /** The carrier invoice (fatura, PROCEDA DOCCOB) that charges this CT-e. */
    numeroFatura: varchar('numero_fatura', { length: 20 }),
    /** Vehicle type of the shipment (grouping sets it; the audit's vehicle-type filter uses it). */
    tipoVeiculoId: integer('tipo_veiculo_id').references(() => tipoVeiculo.id),
    /** PESO_BRUTO_ZERADO, VALOR_NOTA_FISCAL_ZERADO, VALOR_TOTAL_PRODUTOS_ZERADO (spec 03 §3), set by processing. */
    inconsistencias: varchar({ length: 30 }).array().$type<CodigoInconsistencia[]>().notNull().default([]),
    /** Delivery grouping: CANDIDATO (may be grouped), AGRUPADO (confirmed into cte_grupo), or none. */
    agrupamento: varchar({ length: 10 }).$type<Agrupamento>(),
    grupoId: integer('grupo_id').references(() => cteGrupo.id),
    /** Additional-charge code of the ERP order (reentrega, devolução, TDE...), set by processing. */
    codigoCobrancaAdicional: varchar('codigo_cobranca_adicional', { length: 20 }),
    /** Sum of the notes' gross weights and values, as processing (or the detail dialog) left them. */
    pesoBruto: numeric('peso_bruto', { precision: 15, scale: 3 }),
    /** Where pesoBruto came from, as the audit trace says it ("notas fiscais do ERP", "CT-e: PESO BASE DE CALCULO"...). */
    pesoOrigem: varchar('peso_origem', { length: 80 }),
    valorNotas: numeric('valor_notas', { precision: 15, scale: 2 }),
    /** The freight table chosen with "Trocar tabela": later audits keep using it until another is chosen. */
    tabelaFreteId: integer('tabela_frete_id').references(() => tabelaFrete.id, { onDelete: 'set null' }),
    /** The last audit's expected value and the approved value: copies for the list's columns and totals. */
    valorAuditoria: numeric('valor_auditoria', { precision: 15, scale: 2 }),
    valorCorreto: numeric('valor_correto', { precision: 15, scale: 2 }),
    /**
     * The charged amount (valor cobrado): vRec under ICMS by tax substitution, otherwise vTPrest
     * (valorCobrado in src/domain/auditoria): what the list, the totals, the audit and the approval compare.
     */
    valorTotal: numeric('valor_total', { precision: 15, scale: 2 }).notNull(),
    /** vTPrest as the CT-e writes it. */
    valorPrestacao: numeric('valor_prestacao', { precision: 15, scale: 2 }).notNull(),
    valorReceber: numeric('valor_receber', { precision: 15, scale: 2 }),
    valorCarga: numeric('valor_carga', { precision: 15, scale: 2 }),
    /** XML (read from its file) or MINUTA (converted from a confirmed minuta, docs/decisoes.md §13: no XML, a synthetic document). */
    origemDocumento: varchar('origem_documento', { length: 6 }).$type<OrigemCte>().notNull().default('XML'),
    documento: jsonb().$type<CteLido>().notNull(),
    dataCancelamento: timestamp('data_cancelamento', { withTimezone: true }),
    motivoCancelamento: varchar('motivo_cancelamento', { length: 255 }),
    lidoEm: timestamp('lido_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    /** Forwarded above the approver's limit (issue 29): the level it waits for ("aguardando aprovação de Gerente"). */
    aguardandoAprovacaoNivel: varchar('aguardando_aprovacao_nivel', { length: 20 }).$type<Nivel>(),
    /**
     * Issue 31: a complemento (tpCTe 1), anulação (2) or substituto (3) names the CT-e it refers to; the id is filled
     * by the database (migration 0027's trigger) when both are stored, whichever came first.
     */
    chaveReferenciada: varchar('chave_referenciada', { length: 44 }),
    cteReferenciadoId: integer('cte_referenciado_id'),
    versao: integer().notNull().default(0),
    alteradoEm: timestamp('alterado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
  },
  (t) => [
    uniqueIndex('cte_chave_idx').on(t.chave),
    // The Fretes screen: a period (default the current month) with the payer, and optionally a status.
    index('cte_emissao_idx').on(t.dataEmissao.desc(), t.id.desc()),
    // Sorted by charged value (docs/decisoes.md §14): the page's ids in value order, the period and payer checked in
    // the index (migration 0021 adds INCLUDE data_emissao, tomador, status), instead of a top-N sort of a month.
    index('cte_valor_idx').on(t.valorTotal.desc(), t.id.desc().nullsFirst()),
    index('cte_tomador_emissao_idx').on(t.tomador, t.dataEmissao.desc()),
    index('cte_status_emissao_idx').on(t.status, t.dataEmissao.desc()),
    index('cte_transportadora_emissao_idx').on(t.transportadoraId, t.dataEmissao.desc()),
    index('cte_numero_idx').on(t.numero),
    index('cte_numero_fatura_idx').on(t.numeroFatura),
    index('cte_cliente_emissao_idx').on(t.clienteId, t.dataEmissao.desc()),
    index('cte_grupo_idx').on(t.grupoId),
    // Most CT-es are never grouped: only candidates and grouped ones are indexed (the filter names one of them).
    index('cte_agrupamento_emissao_idx').on(t.agrupamento, t.dataEmissao.desc()).where(sql`${t.agrupamento} is not null`),
    index('cte_origem_idx').on(t.codigoMunicipioOrigem),
    index('cte_destino_idx').on(t.codigoMunicipioDestino),
    index('cte_emitente_idx').on(t.emitenteDocumento),
    // Linking a fatura's CT-e lines without a key: issuer CNPJ + número (série checked on the rows found).
    index('cte_emitente_numero_idx').on(t.emitenteDocumento, t.numero),
    index('cte_remetente_idx').on(t.remetenteDocumento),
    index('cte_destinatario_idx').on(t.destinatarioDocumento),
    // "Read the XMLs stored in the last N days" (POST /ctes/carregar-xml-tabela).
    index('cte_lido_em_idx').on(t.lidoEm),
    index('cte_chave_referenciada_idx').on(t.chaveReferenciada).where(sql`${t.chaveReferenciada} is not null`),
    index('cte_referenciado_idx').on(t.cteReferenciadoId).where(sql`${t.cteReferenciadoId} is not null`),
  ],
);

/** The XML as received, for re-reading (POST /ctes/carregar-xml-tabela) and for the record. */
export const cteXml = pgTable('cte_xml', {
  cteId: integer('cte_id')
    .primaryKey()
    .references(() => cte.id, { onDelete: 'cascade' }),
  nomeArquivo: varchar('nome_arquivo', { length: 255 }).notNull(),
  xml: text().notNull(),
});

/** The invoices (NF-e) a CT-e carries; weights and values arrive when the CT-e is processed. */
export const cteNota = pgTable(
  'cte_nota',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cteId: integer('cte_id')
      .notNull()
      .references(() => cte.id, { onDelete: 'cascade' }),
    chave: varchar({ length: 44 }).notNull(),
    pesoLiquido: numeric('peso_liquido', { precision: 15, scale: 3 }),
    pesoBruto: numeric('peso_bruto', { precision: 15, scale: 3 }),
    valorTotalProdutos: numeric('valor_total_produtos', { precision: 15, scale: 2 }),
    valor: numeric({ precision: 15, scale: 2 }),
    pedidoId: varchar('pedido_id', { length: 30 }),
    notaFiscalId: varchar('nota_fiscal_id', { length: 30 }),
    /** The NF-e number (digits 26–34 of the key), for the Fretes screen's NF filter. */
    numero: integer(),
    /**
     * The NF's issue date as the ERP has it (docs/decisoes.md §27: the indicators' "NF" reference filters on it),
     * copied when the CT-e is processed, like the weights; notes stored before it got the CT-e's date.
     */
    dataEmissao: date('data_emissao', { mode: 'string' }),
    // docs/decisoes.md §27: what the indicators filter on, copied from the CT-e by the database itself (triggers of
    // migration 0020: on insert of a note, on update of those CT-e columns), so that a page and its count
    // read one table through one partial index, never a join over a month of CT-es.
    /** The CT-e counts for the indicators: processed, audited or reviewed (not LIDO, CANCELADO, DESCONSIDERADO). */
    indicador: boolean().notNull().default(false),
    cteEmissao: timestamp('cte_emissao', { withTimezone: true }),
    cteNumero: integer('cte_numero'),
    transportadoraId: integer('transportadora_id'),
    numeroFatura: varchar('numero_fatura', { length: 20 }),
    // Issue 33 (migration 0029): the CT-e's destination UF and the note's two indicators, computed by the database
    // (each division rounded once, as the list rounds them), which indicador_resumo sums.
    ufDestino: varchar('uf_destino', { length: 2 }),
    indicadorFretePeso: numeric('indicador_frete_peso'),
    indicadorFreteValor: numeric('indicador_frete_valor'),
  },
  (t) => [
    index('cte_nota_cte_idx').on(t.cteId),
    index('cte_nota_chave_idx').on(t.chave),
    index('cte_nota_numero_idx').on(t.numero),
    index('cte_nota_pedido_idx').on(t.pedidoId),
    // The indicators (src/server/indicadores/filtro-indicadores.ts): each filter an index of the counted notes only.
    index('cte_nota_ind_nf_idx').on(t.dataEmissao.desc(), t.id.desc()).where(sql`${t.indicador} and ${t.dataEmissao} is not null`),
    index('cte_nota_ind_cte_idx').on(t.cteEmissao.desc(), t.cteId.desc(), t.id.desc()).where(sql`${t.indicador}`),
    index('cte_nota_ind_transportadora_idx').on(t.transportadoraId, t.cteEmissao.desc()).where(sql`${t.indicador}`),
    index('cte_nota_ind_fatura_idx').on(t.numeroFatura).where(sql`${t.indicador}`),
    index('cte_nota_ind_numero_idx').on(t.cteNumero).where(sql`${t.indicador}`),
  ],
);

/** A confirmed delivery grouping (POST /ctes/confirmar-agrupamento): its CT-es are audited as one shipment. */
export const cteGrupo = pgTable('cte_grupo', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  tipoVeiculoId: integer('tipo_veiculo_id').references(() => tipoVeiculo.id),
  confirmadoPor: integer('confirmado_por').references(() => usuario.id),
  confirmadoEm: timestamp('confirmado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
});

/**
 * The audits of a CT-e (spec 03 §3 "auditoria", freight-calculation.md): one row per audit, kept (the newest
 * is the CT-e's current audit); approval turns the newest REVISADO with the responsible user, observations
 * and the correct value. A new audit never deletes an old one.
 */
export const cteAuditoria = pgTable(
  'cte_auditoria',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    cteId: integer('cte_id')
      .notNull()
      .references(() => cte.id, { onDelete: 'cascade' }),
    status: varchar({ length: 12 }).$type<StatusAuditoria>().notNull(),
    /** What the carrier charged (vTPrest, or vRec under tax substitution). */
    valorCobrado: numeric('valor_cobrado', { precision: 15, scale: 2 }).notNull(),
    /** The engine's total (null on ERRO). */
    valorTotal: numeric('valor_total', { precision: 15, scale: 2 }),
    diferenca: numeric({ precision: 15, scale: 2 }),
    tolerancia: numeric({ precision: 15, scale: 2 }),
    /** Set by approval, from the chosen basis. */
    valorCorreto: numeric('valor_correto', { precision: 15, scale: 2 }),
    /** The table the engine used; `tabelaEscolhida` when the reviewer changed it. */
    tabelaFreteId: integer('tabela_frete_id').references(() => tabelaFrete.id, { onDelete: 'set null' }),
    tabelaEscolhida: boolean('tabela_escolhida').notNull().default(false),
    elementosCusto: jsonb('elementos_custo').$type<LinhaCalculo[]>().notNull().default([]),
    mensagens: jsonb().$type<string[]>().notNull().default([]),
    /** The engine's steps ("Detalhes do cálculo"). */
    traco: jsonb().$type<string[]>().notNull().default([]),
    responsavelId: integer('responsavel_id').references(() => usuario.id),
    observacoes: varchar({ length: 4000 }),
    auditadoEm: timestamp('auditado_em', { withTimezone: true }).notNull().defaultNow().$defaultFn(relogio.agora),
    revisadoEm: timestamp('revisado_em', { withTimezone: true }),
  },
  (t) => [index('cte_auditoria_cte_idx').on(t.cteId, t.id.desc())],
);
