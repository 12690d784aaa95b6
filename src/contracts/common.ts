import { z } from 'zod';

export const EMPRESAS = ['COLACRIL', 'RRE'] as const;
export const empresaSchema = z.enum(EMPRESAS, { error: 'Empresa desconhecida.' });
export type Empresa = z.infer<typeof empresaSchema>;
export const EMPRESA_PADRAO: Empresa = 'COLACRIL';
export const HEADER_EMPRESA = 'X-Empresa';

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
