import { z } from 'zod';
import { EMPRESAS } from './empresas';

export { EMPRESAS, EMPRESA_PADRAO, HEADER_EMPRESA, type Empresa } from './empresas';
export const empresaSchema = z.enum(EMPRESAS, { error: 'Empresa desconhecida.' });

/** Error body of every 4xx answer (architecture.md, interface conventions). */
export const erroSchema = z.object({ mensagens: z.array(z.string()) });
export type Erro = z.infer<typeof erroSchema>;

/** Spring-style page: the shape every paginated list answers with. */
export const pageSchema = <T extends z.ZodType>(item: T) =>
  z.object({
    content: z.array(item),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    number: z.number().int(),
    size: z.number().int(),
  });
export type Page<T> = { content: T[]; totalElements: number; totalPages: number; number: number; size: number };

export const TAMANHO_MAXIMO_PAGINA = 300;

/** Query of every list call: search (RSQL or the spec's short forms), sort "campo[,asc|desc]", page, size. */
export const listQuerySchema = z.object({
  search: z.string().max(2000, 'A expressão de busca é longa demais.').optional(),
  sort: z.string().max(200, 'A ordenação é longa demais.').optional(),
  page: z.coerce
    .number({ error: 'A página deve ser um número.' })
    .int('A página deve ser um número inteiro.')
    .min(0, 'A página não pode ser negativa.')
    .default(0),
  size: z.coerce
    .number({ error: 'O tamanho da página deve ser um número.' })
    .int('O tamanho da página deve ser um número inteiro.')
    .min(1, 'O tamanho da página deve ser ao menos 1.')
    .max(TAMANHO_MAXIMO_PAGINA, `O tamanho da página deve ser no máximo ${TAMANHO_MAXIMO_PAGINA}.`)
    .default(50),
});
export type ListQuery = z.infer<typeof listQuerySchema>;

/** Ids and versions are PostgreSQL integer columns: larger values are refused here, not by the database. */
export const INTEIRO_MAXIMO = 2_147_483_647;

/**
 * An id inside a body ({id}, {tipoVeiculo: {id}}, perfis: [{id}]): a positive integer column, so never beyond
 * INTEIRO_MAXIMO (docs/decisoes.md §5: 2147483648 reached the database and answered 500).
 */
export const identificadorSchema = () => z.number().int().positive().max(INTEIRO_MAXIMO, 'O identificador é grande demais.');

export const idParamSchema = z.object({
  id: z.coerce
    .number({ error: 'O identificador deve ser um número.' })
    .int('O identificador deve ser um número inteiro.')
    .positive('O identificador deve ser positivo.')
    .max(INTEIRO_MAXIMO, 'O identificador é grande demais.'),
});

/** Optimistic concurrency: every saved record carries its version (409 on a stale one). */
export const versaoSchema = z.number().int().min(0).max(INTEIRO_MAXIMO, 'A versão do registro é grande demais.').optional();

export const MENSAGEM_VERSAO_OBSOLETA =
  'Este registro foi alterado por outro usuário. Recarregue os dados e tente novamente.';

/**
 * Text the database may receive: no C0 control character (TAB, LF and CR are text) nor DEL. PostgreSQL
 * refuses NUL in text; the others cannot be shown or typed on the screens.
 */
export const CARACTERE_CONTROLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** Half of a UTF-16 pair alone: not Unicode text (UTF-8 cannot hold it; PostgreSQL's jsonb refuses "\ud800"). */
export const SURROGATE_SOLTO = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

// Dates travel as AAAA-MM-DD. zod's ISO date is a real calendar day (no 2024-02-30, 2024-13-45,
// 0000-00-00); the years are bounded too, so the database never sees year 0 or 9999.
export const ANO_MINIMO = 1900;
export const ANO_MAXIMO = 2999;
const anoAceito = (data: string) => {
  const ano = Number(data.slice(0, 4));
  return ano >= ANO_MINIMO && ano <= ANO_MAXIMO;
};
/** A calendar date AAAA-MM-DD between ANO_MINIMO and ANO_MAXIMO; anything else fails with `mensagem`. */
export const dataIsoSchema = (mensagem: string) => z.iso.date({ error: mensagem }).refine(anoAceito, mensagem);
const dataIsoQualquer = dataIsoSchema('-');
export const ehDataIso = (texto: string): boolean => dataIsoQualquer.safeParse(texto).success;

/**
 * A list filter by carrier: its CNPJ (or a person's CPF), digits or formatted; blank is no filter. One schema for
 * GET /faturas, /contestacoes and /pagamentos.
 */
export const transportadoraFiltroSchema = z
  .string()
  .trim()
  .transform((v) => v.replace(/[.\-/\s]/g, ''))
  .refine((v) => v === '' || /^(\d{11}|\d{14})$/.test(v), 'Transportadora: informe o CNPJ (14 dígitos) ou o CPF (11 dígitos).')
  .optional()
  .transform((v) => (v ? v : undefined));
