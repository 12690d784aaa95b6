import { z } from 'zod';
import { EVENTOS_ACESSORIOS } from './ocorrencias';
import { dataIsoSchema, INTEIRO_MAXIMO, listQuerySchema, pageSchema, versaoSchema } from './common';
import { ACOES_LIMITE, ARREDONDAMENTOS, FAIXA_COMPONENTES, FLAGS_ELEMENTO, FLAGS_TABELA, MODALIDADES, RATEIOS_AGRUPAMENTO, ROUNDING_MODES, dinheiroSchema, idNumeroSchema, quantidadeSchema, taxaSchema } from './tabela-frete-tipos';

// Spec 02 §3: a freight table as read and as saved, and the list queries (spec 02 §7).

export const faixaSchema = z.object({
  valor: z.string(),
  /** Null only while being edited: saving requires it (spec 02 §5). */
  faixaLimite: z.string().nullable(),
});
export type Faixa = z.infer<typeof faixaSchema>;

export const tipoVeiculoRefSchema = z.object({ id: z.number().int(), descricao: z.string() });
export const municipioRefSchema = z.object({ id: z.number().int(), codigo: z.number().int(), nome: z.string(), siglaUf: z.string() });
export type MunicipioRef = z.infer<typeof municipioRefSchema>;
export const ufRefSchema = z.object({ id: z.number().int(), sigla: z.string(), nome: z.string() });
export type UfRef = z.infer<typeof ufRefSchema>;
export const clienteRefSchema = z.object({ id: z.number().int(), nome: z.string(), cpfCnpjFormatado: z.string().nullable() });
export type ClienteRef = z.infer<typeof clienteRefSchema>;

export const elementoCustoSchema = z.object({
  id: z.number().int().optional(),
  descricao: z.string(),
  modalidade: z.enum(MODALIDADES),
  arredondamento: z.enum(ARREDONDAMENTOS),
  valorArredondamento: z.string().nullable(),
  roundingMode: z.enum(ROUNDING_MODES),
  valorMinimo: z.string(),
  valorLimite: z.string(),
  acoesLimite: z.enum(ACOES_LIMITE),
  tiposVeiculo: z.array(tipoVeiculoRefSchema),
  faixas: z.array(faixaSchema),
  faixaComponente: z.enum(FAIXA_COMPONENTES),
  flags: z.array(z.enum(FLAGS_ELEMENTO)),
  /** Descriptions of the (non-index) elements an _INDICE element sums. */
  elementosIndexados: z.array(z.string()),
  desdeEntrega: z.number().int(),
  rateioAgrupamento: z.enum(RATEIOS_AGRUPAMENTO),
  /**
   * Issue 31: an accessorial charge tied to an event (reentrega, devolução, diária, TDE, agendamento): priced only
   * when the CT-e charges it, and accepted only with a matching occurrence. Absent or null: an ordinary element.
   */
  evento: z.enum(EVENTOS_ACESSORIOS).nullish(),
  /** With `evento`: the charge as a percentage of the original freight ("50" = 50 %); null: by its own modalidade and bands. */
  percentualFrete: z.string().nullish(),
});
export type ElementoCusto = z.infer<typeof elementoCustoSchema>;

export const origemSchema = z.object({
  id: z.number().int().optional(),
  municipio: municipioRefSchema.nullable(),
  uf: ufRefSchema.nullable(),
});
export type Origem = z.infer<typeof origemSchema>;

export const incidenciaSchema = z.object({
  id: z.number().int().optional(),
  clientes: z.array(clienteRefSchema),
  elementosCusto: z.array(elementoCustoSchema),
});
export type Incidencia = z.infer<typeof incidenciaSchema>;

export const destinoSchema = origemSchema.extend({ incidencias: z.array(incidenciaSchema) });
export type Destino = z.infer<typeof destinoSchema>;

export const percursoSchema = z.object({
  id: z.number().int().optional(),
  descricao: z.string(),
  valorMinimo: z.string(),
  valorMaximo: z.string(),
  origens: z.array(origemSchema),
  destinos: z.array(destinoSchema),
  elementosCusto: z.array(elementoCustoSchema),
});
export type Percurso = z.infer<typeof percursoSchema>;

export const transportadoraRefSchema = z.object({ id: z.number().int(), razaoSocial: z.string() });
export type TransportadoraRef = z.infer<typeof transportadoraRefSchema>;

/** Issue 32: a version of a table (a workbook imported as a new version links the row it replaces). */
export const vinculoVersaoSchema = z.object({ id: z.number().int(), inicio: z.string() });
export type VinculoVersao = z.infer<typeof vinculoVersaoSchema>;
/** The links a read answers (GET /tabelas-frete and /{id}); absent on the other reads. */
const vinculosVersao = {
  /** The version this one replaced (kept, its vigência closed). */
  tabelaAnterior: vinculoVersaoSchema.nullish(),
  /** The version that replaced this one (the newest, when more than one). */
  versaoSeguinte: vinculoVersaoSchema.nullish(),
};

export const tabelaFreteSchema = z.object({
  id: z.number().int().optional(),
  transportadora: transportadoraRefSchema.nullable(),
  /** YYYY-MM-DD. */
  inicio: z.string().nullable(),
  /** YYYY-MM-DD; null = open-ended. */
  fim: z.string().nullable(),
  flags: z.array(z.enum(FLAGS_TABELA)),
  descricaoIcms: z.string().nullable(),
  descricaoPesoTaxado: z.string().nullable(),
  percursos: z.array(percursoSchema),
  elementosCusto: z.array(elementoCustoSchema),
  versao: z.number().int().optional(),
  ...vinculosVersao,
});
export type TabelaFrete = z.infer<typeof tabelaFreteSchema>;

/** List row (spec 02 §3: transportadora_razaoSocial, inicio, fim). */
export const tabelaFreteLinhaSchema = z.object({
  id: z.number().int(),
  transportadora: transportadoraRefSchema,
  inicio: z.string(),
  fim: z.string().nullable(),
  versao: z.number().int(),
  ...vinculosVersao,
});
export type TabelaFreteLinha = z.infer<typeof tabelaFreteLinhaSchema>;
export const tabelaFretePageSchema = pageSchema(tabelaFreteLinhaSchema);
/** GET /tabelas-frete/dtos and /tabelas-frete/cte: summaries, latest start first. */
export const tabelaFreteResumosSchema = z.array(tabelaFreteLinhaSchema);

// ---- Save body (POST /tabelas-frete): structure and number formats here; business rules with their
// verbatim messages in src/domain/frete/validar-tabela-frete.ts (run by the dialogs and the server).

const textoOpcional = (campo: string, max: number) => z.string().trim().max(max, `${campo} deve ter no máximo ${max} caracteres`).nullish().transform((v) => v || null);

export const faixaCadastroSchema = z.object({
  valor: taxaSchema('Valor da faixa'),
  faixaLimite: quantidadeSchema('Limite superior da faixa').nullish().transform((v) => v ?? null),
});

export const elementoCustoCadastroSchema = z.object({
  id: idNumeroSchema.optional(),
  descricao: z.string().trim().max(100, 'A descrição do elemento de custo deve ter no máximo 100 caracteres').default(''),
  modalidade: z.enum(MODALIDADES, { error: 'A modalidade de cálculo é obrigatória' }).nullish(),
  arredondamento: z.enum(ARREDONDAMENTOS, { error: 'Arredondamento inválido.' }).default('NENHUM'),
  valorArredondamento: quantidadeSchema('Valor de arredondamento').nullish().transform((v) => v ?? null),
  roundingMode: z.enum(ROUNDING_MODES, { error: 'Modo de arredondamento inválido.' }).default('HALF_UP'),
  valorMinimo: dinheiroSchema('Valor mínimo').default('0'),
  valorLimite: dinheiroSchema('Valor limite').default('0'),
  acoesLimite: z.enum(ACOES_LIMITE, { error: 'Ação de limite inválida.' }).default('LIMITAR'),
  tiposVeiculo: z.array(z.object({ id: idNumeroSchema }), { error: 'Tipos de veículo inválidos.' }).max(50).default([]),
  faixas: z.array(faixaCadastroSchema, { error: 'Faixas de preço inválidas.' }).max(500, 'Um elemento de custo pode ter no máximo 500 faixas de preço').default([]),
  faixaComponente: z.enum(FAIXA_COMPONENTES, { error: 'Componente da faixa inválido.' }).default('NORMAL'),
  flags: z.array(z.enum(FLAGS_ELEMENTO, { error: 'Opção de elemento de custo inválida.' })).max(3).default(['INCIDE_IMPOSTO']),
  elementosIndexados: z.array(z.string().trim().max(100)).max(50).default([]),
  desdeEntrega: z.number({ error: 'A entrega inicial deve ser um número.' }).int().min(1, 'A entrega inicial deve ser ao menos 1.').max(999).default(1),
  rateioAgrupamento: z.enum(RATEIOS_AGRUPAMENTO, { error: 'Rateio de agrupamento inválido.' }).default('NENHUM'),
  /** Issue 31 (see elementoCustoSchema); the rules and their messages: validarElementoCusto. */
  evento: z.enum(EVENTOS_ACESSORIOS, { error: 'Evento do elemento de custo inválido.' }).nullish().transform((v) => v ?? null),
  percentualFrete: z.string({ error: 'O percentual do frete deve ser um número.' }).trim().max(20, 'O percentual do frete é longo demais.').nullish().transform((v) => v || null),
});
export type ElementoCustoCadastro = z.infer<typeof elementoCustoCadastroSchema>;

const localCadastro = {
  id: idNumeroSchema.optional(),
  municipio: z.object({ id: idNumeroSchema }).nullish().transform((v) => v ?? null),
  uf: z.object({ id: idNumeroSchema }).nullish().transform((v) => v ?? null),
};
export const origemCadastroSchema = z.object(localCadastro);
export const incidenciaCadastroSchema = z.object({
  id: idNumeroSchema.optional(),
  /** Spec 02 §5: empty customer rows are dropped. */
  clientes: z
    .array(z.object({ id: idNumeroSchema }).nullish())
    .max(500)
    .default([])
    .transform((cs) => cs.filter((c): c is { id: number } => Boolean(c))),
  elementosCusto: z.array(elementoCustoCadastroSchema).max(100).default([]),
});
export const destinoCadastroSchema = z.object({ ...localCadastro, incidencias: z.array(incidenciaCadastroSchema).max(200).default([]) });
export const percursoCadastroSchema = z.object({
  id: idNumeroSchema.optional(),
  descricao: z.string().trim().max(150, 'A descrição do percurso deve ter no máximo 150 caracteres').default(''),
  valorMinimo: dinheiroSchema('Valor mínimo do percurso').default('0'),
  valorMaximo: dinheiroSchema('Valor máximo do percurso').default('0'),
  origens: z.array(origemCadastroSchema).max(6000).default([]),
  destinos: z.array(destinoCadastroSchema).max(6000).default([]),
  elementosCusto: z.array(elementoCustoCadastroSchema).max(100).default([]),
});
export const tabelaFreteCadastroSchema = z.object({
  id: idNumeroSchema.optional(),
  transportadora: z.object({ id: idNumeroSchema }).nullish().transform((v) => v ?? null),
  inicio: dataIsoSchema('A data de início da vigência é inválida.').nullish().transform((v) => v ?? null),
  fim: dataIsoSchema('A data de fim da vigência é inválida.').nullish().transform((v) => v ?? null),
  flags: z.array(z.enum(FLAGS_TABELA, { error: 'Opção de tabela inválida.' })).max(5).default([]),
  descricaoIcms: textoOpcional('A descrição do ICMS', 60),
  descricaoPesoTaxado: textoOpcional('A descrição do peso taxado', 60),
  percursos: z.array(percursoCadastroSchema).max(2000, 'Uma tabela de frete pode ter no máximo 2000 percursos').default([]),
  elementosCusto: z.array(elementoCustoCadastroSchema).max(100).default([]),
  versao: versaoSchema,
});
export type TabelaFreteCadastro = z.infer<typeof tabelaFreteCadastroSchema>;

/** GET /tabelas-frete?transportadora=texto (spec 02 §7): 50 per page by default. */
export const TABELAS_POR_PAGINA = 50;
export const tabelaFreteListaQuerySchema = listQuerySchema.pick({ sort: true, page: true }).extend({
  transportadora: z.string().max(200, 'O texto de busca é longo demais.').optional(),
  size: listQuerySchema.shape.size.unwrap().default(TABELAS_POR_PAGINA),
});
export const tabelaFreteDtosQuerySchema = z.object({
  transportadora: z.coerce.number({ error: 'Informe a transportadora.' }).int('Informe a transportadora.').positive('Informe a transportadora.').max(INTEIRO_MAXIMO),
});
export const tabelaFreteCteQuerySchema = tabelaFreteDtosQuerySchema.extend({
  dataDespacho: dataIsoSchema('Informe a data de despacho no formato AAAA-MM-DD.'),
});
