import { z } from 'zod';
import { identificadorSchema, pageSchema, versaoSchema } from './common';

export const TIPOS_CLIENTE = ['MATRIZ', 'FILIAL', 'UNICO'] as const;

/** The ERP view's columns (spec 01 §3, vwCliente). posicao ATIVO shows as active; anything else does not. */
export const vwClienteSchema = z.object({
  pk: z.object({ clienteId: z.string() }),
  razaoSocial: z.string(),
  nomeFantasia: z.string().nullable(),
  cpfCnpjFormatado: z.string().nullable(),
  tipo: z.enum(TIPOS_CLIENTE),
  posicao: z.string(),
  cidade: z.string().nullable(),
  estado: z.string().nullable(),
  grupoRazaoSocial: z.string().nullable(),
  grupoNomeFantasia: z.string().nullable(),
  grupoCpfCnpjFormatado: z.string().nullable(),
});
export type VwCliente = z.infer<typeof vwClienteSchema>;
export const vwClientePageSchema = pageSchema(vwClienteSchema);

export const clienteSchema = z.object({
  id: z.number().int(),
  descricaoAmigavel: z.string().nullable(),
  ativado: z.boolean(),
  vwCliente: vwClienteSchema,
  versao: z.number().int(),
});
export type Cliente = z.infer<typeof clienteSchema>;
export const clientePageSchema = pageSchema(clienteSchema);

/** POST /clientes: the ERP owns the rest; the friendly description and ativado are ours. */
export const clienteCadastroSchema = z.object({
  id: identificadorSchema(),
  descricaoAmigavel: z.string().trim().max(150, 'A descrição amigável deve ter no máximo 150 caracteres').nullish(),
  ativado: z.boolean().optional(),
  versao: versaoSchema,
});
export type ClienteCadastro = z.infer<typeof clienteCadastroSchema>;

/** GET /vw-clientes/listar-ficha-financeira row: the group's customers with their financial position. */
export const fichaFinanceiraSchema = z.array(vwClienteSchema);

const paginaSchema = z.coerce.number({ error: 'A página deve ser um número.' }).int('A página deve ser um número inteiro.').min(0, 'A página não pode ser negativa.').default(0);
const tamanhoSchema = (padrao: number) =>
  z.coerce
    .number({ error: 'O tamanho da página deve ser um número.' })
    .int('O tamanho da página deve ser um número inteiro.')
    .min(1, 'O tamanho da página deve ser ao menos 1.')
    .max(300, 'O tamanho da página deve ser no máximo 300.')
    .default(padrao);
const textoBusca = z.string().max(200, 'O texto de busca é longo demais.').optional();
const sortSchema = z.string().max(200, 'A ordenação é longa demais.').optional();

/** GET /clientes/listar-simples: cliente = razão social, nome fantasia, CPF/CNPJ or code (active customers). */
export const clienteListaQuerySchema = z.object({
  cliente: textoBusca,
  desativados: z.enum(['true', 'false'], { error: 'Use true ou false.' }).optional().transform((v) => v === 'true'),
  sort: sortSchema,
  page: paginaSchema,
  size: tamanhoSchema(20),
});

/** GET /vw-clientes/listar-simples. clienteId_notIn: codes to leave out, comma-separated (already chosen ones). */
export const vwClienteListaQuerySchema = z.object({
  cliente: textoBusca,
  posicao: z.string().trim().max(30, 'A posição é longa demais.').optional(),
  clienteId_notIn: z
    .string()
    .max(20_000, 'A lista de clientes a excluir é longa demais.')
    .optional()
    .transform((v) => (v ?? '').split(',').map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().max(30)).max(500, 'A lista de clientes a excluir é longa demais (máximo 500).')),
  sort: sortSchema,
  page: paginaSchema,
  size: tamanhoSchema(20),
});

/** GET /vw-clientes/listar-ficha-financeira: a group (grupoId, or the group of clienteId), optionally one tipo. */
export const fichaFinanceiraQuerySchema = z
  .object({
    grupoId: z.string().trim().max(30).optional(),
    clienteId: z.string().trim().max(30).optional(),
    tipo: z.enum(TIPOS_CLIENTE, { error: 'Tipo de cliente desconhecido (use MATRIZ, FILIAL ou UNICO).' }).optional(),
  })
  .refine((q) => q.grupoId || q.clienteId, 'Informe o grupo ou o cliente.');
export const vwClientesSchema = z.array(vwClienteSchema);
export const clientesSchema = z.array(clienteSchema);
