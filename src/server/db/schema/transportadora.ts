import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';
import { municipio } from './municipio';
import { dobrarSql as dobrar } from '../texto-busca';

// A copy of the ERP's vwTransportadora (synchronised by GET /transportadoras/atualizar) plus our own
// columns: the IBGE municipality (tab IBGE), ativado and versao.
export const transportadora = pgTable(
  'transportadora',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    fornecedorId: varchar('fornecedor_id', { length: 30 }).notNull(),
    razaoSocial: varchar('razao_social', { length: 200 }).notNull(),
    nomeFantasia: varchar('nome_fantasia', { length: 200 }),
    cnpj: varchar({ length: 14 }),
    cnpjFormatado: varchar('cnpj_formatado', { length: 20 }),
    inscricaoEstadual: varchar('inscricao_estadual', { length: 30 }),
    logradouro: varchar({ length: 200 }),
    complemento: varchar({ length: 100 }),
    cep: varchar({ length: 10 }),
    bairro: varchar({ length: 100 }),
    localidade: varchar({ length: 100 }),
    estado: varchar({ length: 2 }),
    contato: varchar({ length: 100 }),
    telefone1: varchar({ length: 30 }),
    telefone2: varchar({ length: 30 }),
    telefone3: varchar({ length: 30 }),
    municipioId: integer('municipio_id').references(() => municipio.id),
    ativado: boolean().notNull().default(true),
    versao: integer().notNull().default(0),
    /** The name's sort key (ordem-texto.ts's chaveOrdem without the COLLATE), kept: a CT-e list or export sorted by
     * carrier folds each carrier once, not each CT-e (issue 33: 22,400 CT-es on PGlite, 503 → 190 ms). */
    razaoSocialOrdem: text('razao_social_ordem').generatedAlwaysAs((): SQL => dobrar(sql`razao_social`)),
    busca: text().generatedAlwaysAs(
      (): SQL =>
        dobrar(
          sql`coalesce(razao_social, '') || ' ' || coalesce(nome_fantasia, '') || ' ' || coalesce(cnpj, '') || ' ' || coalesce(cnpj_formatado, '') || ' ' || fornecedor_id`,
        ),
    ),
  },
  (t) => [
    uniqueIndex('transportadora_fornecedor_idx').on(t.fornecedorId),
    index('transportadora_busca_trgm_idx').using('gin', t.busca.op('gin_trgm_ops')),
    index('transportadora_razao_social_idx').on(t.razaoSocial),
    index('transportadora_razao_social_ordem_idx').on(chaveOrdem(t.razaoSocial)),
    index('transportadora_razao_social_trgm_idx').using('gin', t.razaoSocial.op('gin_trgm_ops')),
    index('transportadora_nome_fantasia_trgm_idx').using('gin', t.nomeFantasia.op('gin_trgm_ops')),
    index('transportadora_fornecedor_trgm_idx').using('gin', t.fornecedorId.op('gin_trgm_ops')),
    index('transportadora_estado_idx').on(t.estado),
    index('transportadora_nome_fantasia_idx').on(t.nomeFantasia),
    index('transportadora_nome_fantasia_ordem_idx').on(chaveOrdem(t.nomeFantasia)),
    index('transportadora_cnpj_idx').on(t.cnpj),
    // The list's default: the active ones by name (ordem-texto.ts).
    index('transportadora_ativado_razao_ordem_idx').on(t.ativado, chaveOrdem(t.razaoSocial)),
    index('transportadora_municipio_idx').on(t.municipioId),
  ],
);
