import { z } from 'zod';
import { dataIsoSchema, INTEIRO_MAXIMO, listQuerySchema, pageSchema, versaoSchema } from './common';

// Spec 02 §3. Money and rates are decimal strings with a dot ("12.5"): no binary float ever holds them.
// The engine (src/domain/frete) reads them with decimal.js.

export const MODALIDADES = [
  'FIXO',
  'CALCULADO_KG',
  'CALCULADO_KM',
  'CALCULADO_VALOR',
  'CALCULADO_INDICE',
  'CALCULADO_KG_INTEGRAL',
  'CALCULADO_KM_INTEGRAL',
  'CALCULADO_VALOR_INTEGRAL',
  'CALCULADO_INDICE_INTEGRAL',
  'FIXO_FAIXA_KG',
  'FIXO_FAIXA_KM',
  'FIXO_FAIXA_VALOR',
  'FIXO_FAIXA_INDICE',
] as const;
export type Modalidade = (typeof MODALIDADES)[number];
export const ROTULO_MODALIDADE: Record<Modalidade, string> = {
  FIXO: 'Fixo',
  CALCULADO_KG: 'Calculado por Kg (progressivo)',
  CALCULADO_KM: 'Calculado por Km (progressivo)',
  CALCULADO_VALOR: 'Calculado sobre o valor (progressivo)',
  CALCULADO_INDICE: 'Calculado sobre índice (progressivo)',
  CALCULADO_KG_INTEGRAL: 'Calculado por Kg (integral)',
  CALCULADO_KM_INTEGRAL: 'Calculado por Km (integral)',
  CALCULADO_VALOR_INTEGRAL: 'Calculado sobre o valor (integral)',
  CALCULADO_INDICE_INTEGRAL: 'Calculado sobre índice (integral)',
  FIXO_FAIXA_KG: 'Fixo por faixa de Kg',
  FIXO_FAIXA_KM: 'Fixo por faixa de Km',
  FIXO_FAIXA_VALOR: 'Fixo por faixa de valor',
  FIXO_FAIXA_INDICE: 'Fixo por faixa de índice',
};
/** The quantity a modalidade prices (freight-calculation.md step 4); FIXO prices none. */
export type Grandeza = 'KG' | 'KM' | 'VALOR' | 'INDICE';
export const grandezaDe = (m: Modalidade): Grandeza | null => (m === 'FIXO' ? null : (m.match(/_(KG|KM|VALOR|INDICE)(_INTEGRAL)?$/)![1] as Grandeza));
export const ehIndice = (m: Modalidade) => grandezaDe(m) === 'INDICE';
/** Band values of _VALOR and _INDICE are percentages; of _KG and _KM, R$ per unit (5 decimals). */
export const faixaEmPercentual = (m: Modalidade) => grandezaDe(m) === 'VALOR' || grandezaDe(m) === 'INDICE';

export const ARREDONDAMENTOS = ['NENHUM', 'PARA_CIMA', 'PARA_BAIXO'] as const;
export type Arredondamento = (typeof ARREDONDAMENTOS)[number];
export const ROUNDING_MODES = ['HALF_UP', 'HALF_DOWN'] as const;
export type RoundingMode = (typeof ROUNDING_MODES)[number];
export const ACOES_LIMITE = ['LIMITAR', 'EXCLUSIVO'] as const;
export type AcaoLimite = (typeof ACOES_LIMITE)[number];
export const FLAGS_ELEMENTO = ['INCIDE_IMPOSTO', 'EXCLUSIVO', 'RATEIO'] as const;
export type FlagElemento = (typeof FLAGS_ELEMENTO)[number];
export const FAIXA_COMPONENTES = ['NORMAL', 'PESO', 'DISTANCIA', 'VALOR'] as const;
export type FaixaComponente = (typeof FAIXA_COMPONENTES)[number];
export const RATEIOS_AGRUPAMENTO = ['NENHUM', 'PESO', 'VALOR'] as const;
export type RateioAgrupamento = (typeof RATEIOS_AGRUPAMENTO)[number];
/**
 * Table options (spec 02 §3 "flags", values not shown). ICMS_INCLUSO: the table's prices already include
 * ICMS, so elements are not grossed up (freight-calculation.md step 10 is skipped; the trace says so).
 */
export const FLAGS_TABELA = ['ICMS_INCLUSO'] as const;
export type FlagTabela = (typeof FLAGS_TABELA)[number];
export const ROTULO_FLAG_TABELA: Record<FlagTabela, string> = { ICMS_INCLUSO: 'Preços já incluem o ICMS' };

/** Spec 02 §9: band upper limit maximum. */
export const FAIXA_LIMITE_MAXIMO = 9_999_999;
export const DESCRICAO_ICMS_PADRAO = 'ICMS';
export const DESCRICAO_PESO_TAXADO_PADRAO = 'Peso taxado';

const decimalTexto = (padrao: RegExp, mensagem: string) =>
  z
    .union([z.string(), z.number()], { error: mensagem })
    .transform((v) => String(v).trim())
    .pipe(z.string().regex(padrao, mensagem));
/** R$ amounts: up to 10 integer digits, 2 decimals, not negative. */
export const dinheiroSchema = (campo: string) => decimalTexto(/^\d{1,10}(\.\d{1,2})?$/, `${campo}: informe um valor não negativo com até 2 casas decimais.`);
/** Band values and rates: 5 decimals (spec 02 §9). */
export const taxaSchema = (campo: string) => decimalTexto(/^\d{1,10}(\.\d{1,5})?$/, `${campo}: informe um número não negativo com até 5 casas decimais.`);
const quantidadeSchema = (campo: string) => decimalTexto(/^\d{1,10}(\.\d{1,3})?$/, `${campo}: informe um número não negativo com até 3 casas decimais.`);
const idSchema = z.number({ error: 'O identificador deve ser um número.' }).int().positive().max(INTEIRO_MAXIMO);

// ---- Read shapes (GET /tabelas-frete/{id}); ids of nested items are assigned by the server on save.

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
});
export type TabelaFrete = z.infer<typeof tabelaFreteSchema>;

/** List row (spec 02 §3: transportadora_razaoSocial, inicio, fim). */
export const tabelaFreteLinhaSchema = z.object({
  id: z.number().int(),
  transportadora: transportadoraRefSchema,
  inicio: z.string(),
  fim: z.string().nullable(),
  versao: z.number().int(),
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
  id: idSchema.optional(),
  descricao: z.string().trim().max(100, 'A descrição do elemento de custo deve ter no máximo 100 caracteres').default(''),
  modalidade: z.enum(MODALIDADES, { error: 'A modalidade de cálculo é obrigatória' }).nullish(),
  arredondamento: z.enum(ARREDONDAMENTOS, { error: 'Arredondamento inválido.' }).default('NENHUM'),
  valorArredondamento: quantidadeSchema('Valor de arredondamento').nullish().transform((v) => v ?? null),
  roundingMode: z.enum(ROUNDING_MODES, { error: 'Modo de arredondamento inválido.' }).default('HALF_UP'),
  valorMinimo: dinheiroSchema('Valor mínimo').default('0'),
  valorLimite: dinheiroSchema('Valor limite').default('0'),
  acoesLimite: z.enum(ACOES_LIMITE, { error: 'Ação de limite inválida.' }).default('LIMITAR'),
  tiposVeiculo: z.array(z.object({ id: idSchema }), { error: 'Tipos de veículo inválidos.' }).max(50).default([]),
  faixas: z.array(faixaCadastroSchema, { error: 'Faixas de preço inválidas.' }).max(500, 'Um elemento de custo pode ter no máximo 500 faixas de preço').default([]),
  faixaComponente: z.enum(FAIXA_COMPONENTES, { error: 'Componente da faixa inválido.' }).default('NORMAL'),
  flags: z.array(z.enum(FLAGS_ELEMENTO, { error: 'Opção de elemento de custo inválida.' })).max(3).default(['INCIDE_IMPOSTO']),
  elementosIndexados: z.array(z.string().trim().max(100)).max(50).default([]),
  desdeEntrega: z.number({ error: 'A entrega inicial deve ser um número.' }).int().min(1, 'A entrega inicial deve ser ao menos 1.').max(999).default(1),
  rateioAgrupamento: z.enum(RATEIOS_AGRUPAMENTO, { error: 'Rateio de agrupamento inválido.' }).default('NENHUM'),
});
export type ElementoCustoCadastro = z.infer<typeof elementoCustoCadastroSchema>;

const localCadastro = {
  id: idSchema.optional(),
  municipio: z.object({ id: idSchema }).nullish().transform((v) => v ?? null),
  uf: z.object({ id: idSchema }).nullish().transform((v) => v ?? null),
};
export const origemCadastroSchema = z.object(localCadastro);
export const incidenciaCadastroSchema = z.object({
  id: idSchema.optional(),
  /** Spec 02 §5: empty customer rows are dropped. */
  clientes: z
    .array(z.object({ id: idSchema }).nullish())
    .max(500)
    .default([])
    .transform((cs) => cs.filter((c): c is { id: number } => Boolean(c))),
  elementosCusto: z.array(elementoCustoCadastroSchema).max(100).default([]),
});
export const destinoCadastroSchema = z.object({ ...localCadastro, incidencias: z.array(incidenciaCadastroSchema).max(200).default([]) });
export const percursoCadastroSchema = z.object({
  id: idSchema.optional(),
  descricao: z.string().trim().max(150, 'A descrição do percurso deve ter no máximo 150 caracteres').default(''),
  valorMinimo: dinheiroSchema('Valor mínimo do percurso').default('0'),
  valorMaximo: dinheiroSchema('Valor máximo do percurso').default('0'),
  origens: z.array(origemCadastroSchema).max(6000).default([]),
  destinos: z.array(destinoCadastroSchema).max(6000).default([]),
  elementosCusto: z.array(elementoCustoCadastroSchema).max(100).default([]),
});
export const tabelaFreteCadastroSchema = z.object({
  id: idSchema.optional(),
  transportadora: z.object({ id: idSchema }).nullish().transform((v) => v ?? null),
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

// ---- Calculation (spec 02 §3 calculation request and result; freight-calculation.md).

export const MSG_CALCULO_DATA = 'A data de despacho é obrigatória';
export const MSG_CALCULO_CLIENTE = 'O cliente é obrigatório';
export const MSG_CALCULO_ORIGEM = 'A origem é obrigatória';
export const MSG_CALCULO_DESTINO = 'O destino é obrigatório';
export const MSG_CALCULO_VALOR = 'O valor da carga é obrigatório';
export const MSG_CALCULO_PESO = 'O peso é obrigatório';
export const MSG_CALCULO_TIPO_VEICULO = 'O tipo de veículo é obrigatório';
/** Spec 02 §9: "Default selection value "0". Vehicle type option "Qualquer" means any." */
export const TIPO_VEICULO_QUALQUER = 0;

/** Absent, null or "" answer `mensagem` (spec 02 §5 "O/A X é obrigatório(a)"); anything else goes to `schema`. */
const obrigatorio = <T extends z.ZodType>(schema: T, mensagem: string) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    schema
      .optional()
      .refine((v) => v !== undefined, mensagem)
      .transform((v) => v as z.output<T>),
  );

export const pedidoCalculoSchema = z.object({
  dataDespacho: obrigatorio(dataIsoSchema('A data de despacho é inválida.'), MSG_CALCULO_DATA),
  /** Absent: every carrier with a table in force. */
  transportadora: idSchema.nullish().transform((v) => v ?? null),
  /** Customer CNPJ (or CPF), digits or formatted. */
  cliente: obrigatorio(
    z
      .string({ error: MSG_CALCULO_CLIENTE })
      .transform((v) => v.replace(/\D/g, ''))
      .pipe(z.string().regex(/^(\d{11}|\d{14})$/, 'O CNPJ do cliente é inválido.')),
    MSG_CALCULO_CLIENTE,
  ),
  valor: obrigatorio(dinheiroSchema('Valor da carga'), MSG_CALCULO_VALOR),
  peso: obrigatorio(quantidadeSchema('Peso'), MSG_CALCULO_PESO),
  codigoOrigem: obrigatorio(z.coerce.number({ error: 'O código da origem é inválido.' }).int().min(1000000, 'O código IBGE da origem é inválido.').max(9999999, 'O código IBGE da origem é inválido.'), MSG_CALCULO_ORIGEM),
  codigoDestino: obrigatorio(z.coerce.number({ error: 'O código do destino é inválido.' }).int().min(1000000, 'O código IBGE do destino é inválido.').max(9999999, 'O código IBGE do destino é inválido.'), MSG_CALCULO_DESTINO),
  /** Vehicle type id; 0 = "Qualquer". */
  tipoVeiculo: obrigatorio(z.coerce.number({ error: 'O tipo de veículo é inválido.' }).int().min(0).max(INTEIRO_MAXIMO), MSG_CALCULO_TIPO_VEICULO),
  /** Fraction: 0.12 for 12 %. */
  icms: decimalTexto(/^0(\.\d{1,6})?$/, 'O ICMS deve ser um percentual entre 0 e 99,9999.').nullish().transform((v) => v ?? '0'),
  /** Km; absent: great-circle distance between the municipalities (an estimate). */
  distancia: quantidadeSchema('Distância').nullish().transform((v) => v ?? null),
  /** Deliveries in a grouping (desdeEntrega). */
  entregas: z.number({ error: 'O número de entregas deve ser um número.' }).int().min(1, 'O número de entregas deve ser ao menos 1.').max(999).nullish().transform((v) => v ?? 1),
});
export type PedidoCalculo = z.infer<typeof pedidoCalculoSchema>;
export type PedidoCalculoEntrada = z.input<typeof pedidoCalculoSchema>;

export const STATUS_CALCULO = ['SUCESSO', 'FALHA'] as const;
export type StatusCalculo = (typeof STATUS_CALCULO)[number];
export const NIVEIS_ELEMENTO = ['TABELA', 'PERCURSO', 'INCIDENCIA'] as const;
export type NivelElemento = (typeof NIVEIS_ELEMENTO)[number];
/** ELEMENTO: a cost element; AJUSTE_PERCURSO: raise to the route minimum / cut to its maximum; IMPOSTO: the ICMS line. */
export const TIPOS_LINHA = ['ELEMENTO', 'AJUSTE_PERCURSO', 'IMPOSTO'] as const;

export const linhaCalculoSchema = z.object({
  descricao: z.string(),
  valor: z.string(),
  tipo: z.enum(TIPOS_LINHA),
  nivel: z.enum(NIVEIS_ELEMENTO).nullable(),
});
export type LinhaCalculo = z.infer<typeof linhaCalculoSchema>;

/** One result per carrier; the lines add up to valorTotal (2 decimals). */
export const resultadoCalculoSchema = z.object({
  transportadora: transportadoraRefSchema,
  tabelaFrete: z.object({ id: z.number().int().nullable(), inicio: z.string().nullable(), fim: z.string().nullable() }).nullable(),
  percurso: z.object({ id: z.number().int().nullable(), descricao: z.string() }).nullable(),
  status: z.enum(STATUS_CALCULO),
  elementosCusto: z.array(linhaCalculoSchema),
  valorTotal: z.string(),
  mensagens: z.array(z.string()),
  /** Every step, in Portuguese, for "Detalhes do cálculo". */
  traco: z.array(z.string()),
});
export type ResultadoCalculo = z.infer<typeof resultadoCalculoSchema>;
export const resultadosCalculoSchema = z.array(resultadoCalculoSchema);

/**
 * POST /tabelas-frete/imprimir: the request whose calculations are printed. The server calculates again
 * rather than print figures sent by the browser, so a quotation always matches the tables.
 */
export const impressaoCotacaoSchema = z.object({
  pedido: pedidoCalculoSchema,
  /** Carriers to print (default: every result). */
  transportadoras: z.array(idSchema).max(500).nullish().transform((v) => v ?? null),
});
export type ImpressaoCotacao = z.infer<typeof impressaoCotacaoSchema>;

// ---- Adjust Value (spec 02 §4), a client-side edit of the local copy.

export const FORMAS_AJUSTE = ['PERCENTUAL', 'VALOR_FIXO'] as const;
export type FormaAjuste = (typeof FORMAS_AJUSTE)[number];
export const ajusteValorSchema = z.object({
  descricao: z.string({ error: 'O elemento de custo é obrigatório' }).trim().min(1, 'O elemento de custo é obrigatório'),
  forma: z.enum(FORMAS_AJUSTE, { error: 'A forma de ajuste é obrigatória' }),
  /** May be negative (a discount). */
  valor: z
    .string({ error: 'O valor do ajuste é obrigatório' })
    .trim()
    .min(1, 'O valor do ajuste é obrigatório')
    .regex(/^-?\d{1,10}(\.\d{1,5})?$/, 'O valor do ajuste deve ser um número com até 5 casas decimais'),
});
export type AjusteValor = z.infer<typeof ajusteValorSchema>;
