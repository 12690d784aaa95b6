import { sql, type SQL } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../ordem-texto';
import { dobrarSql as dobrar } from '../texto-busca';

// A copy of the ERP's vwCliente (synchronised by GET /clientes/atualizar; /vw-clientes reads it) plus
// our own columns: descricaoAmigavel, ativado, versao.
export const cliente = pgTable(
  'cliente',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    clienteId: varchar('cliente_id', { length: 30 }).notNull(),
    razaoSocial: varchar('razao_social', { length: 200 }).notNull(),
    nomeFantasia: varchar('nome_fantasia', { length: 200 }),
    cpfCnpj: varchar('cpf_cnpj', { length: 14 }),
    cpfCnpjFormatado: varchar('cpf_cnpj_formatado', { length: 20 }),
    tipo: varchar({ length: 10 }).notNull(),
    posicao: varchar({ length: 30 }).notNull(),
    cidade: varchar({ length: 100 }),
    estado: varchar({ length: 2 }),
    grupoId: varchar('grupo_id', { length: 30 }),
    grupoRazaoSocial: varchar('grupo_razao_social', { length: 200 }),
    grupoNomeFantasia: varchar('grupo_nome_fantasia', { length: 200 }),
    grupoCpfCnpjFormatado: varchar('grupo_cpf_cnpj_formatado', { length: 20 }),
    descricaoAmigavel: varchar('descricao_amigavel', { length: 150 }),
    ativado: boolean().notNull().default(true),
    versao: integer().notNull().default(0),
    busca: text().generatedAlwaysAs(
      (): SQL =>
        dobrar(
          sql`coalesce(razao_social, '') || ' ' || coalesce(nome_fantasia, '') || ' ' || coalesce(cpf_cnpj, '') || ' ' || coalesce(cpf_cnpj_formatado, '') || ' ' || cliente_id || ' ' || coalesce(descricao_amigavel, '')`,
        ),
    ),
  },
  (t) => [
    uniqueIndex('cliente_cliente_id_idx').on(t.clienteId),
    index('cliente_busca_trgm_idx').using('gin', t.busca.op('gin_trgm_ops')),
    index('cliente_razao_social_idx').on(t.razaoSocial),
    index('cliente_razao_social_ordem_idx').on(chaveOrdem(t.razaoSocial)),
    index('cliente_razao_social_trgm_idx').using('gin', t.razaoSocial.op('gin_trgm_ops')),
    index('cliente_nome_fantasia_trgm_idx').using('gin', t.nomeFantasia.op('gin_trgm_ops')),
    index('cliente_descricao_amigavel_trgm_idx').using('gin', t.descricaoAmigavel.op('gin_trgm_ops')),
    index('cliente_cidade_trgm_idx').using('gin', t.cidade.op('gin_trgm_ops')),
    index('cliente_estado_idx').on(t.estado),
    // The list's default: the active ones by name (ordem-texto.ts).
    index('cliente_ativado_razao_ordem_idx').on(t.ativado, chaveOrdem(t.razaoSocial)),
    index('cliente_posicao_idx').on(t.posicao),
    index('cliente_tipo_idx').on(t.tipo),
    index('cliente_grupo_idx').on(t.grupoId),
    index('cliente_cpf_cnpj_idx').on(t.cpfCnpj),
  ],
);
