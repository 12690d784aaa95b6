import { z } from 'zod';
import { INTEIRO_MAXIMO, type Page } from './common';

// Freight indicators (spec 03 §2.6, §3 "Indicator filter", "Indicator row", "Base indicator row", §5
// "Indicators and CSV export", "Indicator formulas", §7, §8, §9; docs/decisoes.md §25). Money and weights are exact
// decimal strings; dates ISO (YYYY-MM-DD).

/** Spec §9: the indicator results 50 a page; CSV with a semicolon. */
export const TAMANHO_PAGINA_INDICADORES = 50;
export const SEPARADOR_CSV_INDICADORES = ';';

/** The reference date the period filters: the NF's issue date or the CT-e's. */
export const REFERENCIAS_INDICADOR = ['NF', 'CTE'] as const;
export type ReferenciaIndicador = (typeof REFERENCIAS_INDICADOR)[number];

// Spec §5 and §8, verbatim.
export const MSG_INFORME_UM_CAMPO = 'Você deve informar pelo menos um dos campos (Período, Transportadora ou Nº da Fatura)';
export const MSG_INFORME_UM_CAMPO_COM_CTE = 'Você deve informar pelo menos um dos campos (Período, Transportadora, Nº do CT-e ou Nº da Fatura)';
export const MSG_DATA_FINAL_INVALIDA = 'Data final inválida ou não informada.';
export const MSG_DATA_INICIAL_INVALIDA = 'Data inicial inválida ou não informada.';
export const MSG_PERIODO_INDICADORES_INVALIDO = 'Período informado inválido, a data final deve ser maior ou igual que a inicial.';
export const TITULO_MENSAGEM_SERVIDOR = 'Mensagem do servidor';
export const MSG_NENHUM_INDICADOR = 'Nenhum indicador encontrado com os parâmetros informados.';
export const TITULO_ADVERTENCIA_INDICADORES = 'Advertência';

/**
 * The indicator filter as typed (spec §3): the dates stay text here so the rules of §5
 * (src/domain/indicadores/validar-filtro-indicadores.ts) can say which one is missing or invalid, in the
 * order the spec gives, on the client and on the server alike.
 */
export const filtroIndicadoresSchema = z.object({
  filtroRadioGroup: z.enum(REFERENCIAS_INDICADOR, { error: 'Referência: informe NF ou CTE.' }).default('NF'),
  dataEmissao_inicio: z.string().trim().max(10, MSG_DATA_INICIAL_INVALIDA).optional(),
  dataEmissao_fim: z.string().trim().max(10, MSG_DATA_FINAL_INVALIDA).optional(),
  transportadora: z.coerce.number({ error: 'Transportadora: identificador inválido.' }).int('Transportadora: identificador inválido.').positive('Transportadora: identificador inválido.').max(INTEIRO_MAXIMO, 'Transportadora: identificador inválido.').optional(),
  numeroFatura: z.string().trim().max(20, 'Nº da fatura: no máximo 20 caracteres.').optional(),
  numeroCte: z.string().trim().regex(/^\d{0,9}$/, 'Nº do CT-e: apenas dígitos (até 9).').optional(),
});
export type FiltroIndicadores = z.infer<typeof filtroIndicadoresSchema>;

/** How an indicator compares with its UF limit (green below, red otherwise). */
export const SITUACOES_INDICADOR = ['VERDE', 'VERMELHO', 'SEM_LIMITE', 'INDEFINIDO'] as const;
export type SituacaoIndicador = (typeof SITUACOES_INDICADOR)[number];

/** A clear mark instead of a division by zero. */
export const MARCAS_INDICADOR = ['PESO_CTE_ZERADO', 'VALOR_NF_ZERADO', 'NF_SEM_PESO'] as const;
export type MarcaIndicador = (typeof MARCAS_INDICADOR)[number];
export const ROTULO_MARCA_INDICADOR: Record<MarcaIndicador, string> = {
  PESO_CTE_ZERADO: 'CT-e sem peso: o frete a pagar não pode ser calculado.',
  VALOR_NF_ZERADO: 'Nota fiscal sem valor: o indicador de frete valor não pode ser calculado.',
  NF_SEM_PESO: 'Nota fiscal sem peso no ERP: o frete a pagar não pode ser calculado.',
};

/** The paging of GET /vw/frete-indicadores-peso-valor and the JSON form of /vw/frete-indicadores-base. */
export const paginaIndicadoresSchema = z.object({
  page: z.coerce.number({ error: 'Página inválida.' }).int('Página inválida.').min(0, 'Página inválida.').max(1_000_000, 'Página inválida.').default(0),
  size: z.coerce.number({ error: 'Tamanho de página inválido.' }).int('Tamanho de página inválido.').min(1, 'Tamanho de página inválido.').max(1000, 'Tamanho de página: no máximo 1000.').default(TAMANHO_PAGINA_INDICADORES),
});

/**
 * Spec §3 "Indicator row (screen)", one per note of each CT-e, plus what the screen marks: the two
 * situations against the destination UF's limits and the marks of a division that could not be made.
 */
export interface IndicadorLinha {
  /** cte_nota id: a row's identity (a CT-e has one row per note). */
  id: number;
  cteId: number;
  numeroFatura: string | null;
  cte: number;
  dataEmissaoCte: string;
  transportadora: string | null;
  notaFiscal: number | null;
  dataEmissaoNf: string | null;
  notaFiscalValor: string | null;
  empresaDestinataria: string | null;
  cidadeDestinoTrecho: string | null;
  ufDestinoTrecho: string;
  notaFiscalPesoBruto: string | null;
  nfFretePagar: string | null;
  indicadorFretePeso: string | null;
  indicadorFreteValor: string | null;
  limiteFretePeso: string | null;
  limiteFreteValor: string | null;
  valorCte: string;
  pesoCte: string | null;
  situacaoFretePeso: SituacaoIndicador;
  situacaoFreteValor: SituacaoIndicador;
  marcas: MarcaIndicador[];
}
export type IndicadoresPage = Page<IndicadorLinha>;

/**
 * Spec §3 "Base indicator row (exported)": the spec lists the fields and "others"; what each is here (the
 * reading chosen, docs/decisoes.md §25), per note of each CT-e, the CT-e's figures shared by the note's weight:
 * valorFretePagar = the freight to pay of the formulas; valorFretePrevisto = the same share of the audit's
 * expected value (null before an audit); difFrete = pagar − previsto; valorImposto = the same share of the
 * CT-e's ICMS; percentualFrete = pagar / NF value × 100; percentualImposto = imposto / pagar × 100;
 * valorLiquido = pagar − imposto; tipoNota ENTRADA/SAIDA (the CT-e's direction); tipoCte as the CT-e writes it.
 */
export interface IndicadorBaseLinha {
  id: number;
  dataEmissao: string | null;
  dataEmissaoCte: string;
  numeroFatura: string | null;
  notaFiscalId: string | null;
  notaFiscal: number | null;
  tipoNota: string;
  transportadora: string | null;
  cte: number;
  tipoCte: number;
  ufDestino: string;
  cidadeDestino: string | null;
  valorNotaFiscal: string | null;
  pesoNotaFiscal: string | null;
  valorCte: string;
  pesoCte: string | null;
  valorFretePrevisto: string | null;
  valorFretePagar: string | null;
  difFrete: string | null;
  valorImposto: string | null;
  percentualFrete: string | null;
  percentualImposto: string | null;
  valorLiquido: string | null;
}
export type IndicadoresBasePage = Page<IndicadorBaseLinha>;

/**
 * The charts above the /indicadores table (GET /vw/frete-indicadores-resumo, same filter): per destination UF
 * (with its limits) and per carrier (the 10 with most notes), the mean of the rows' indicators (the number
 * each row shows, averaged over the notes that have it) and how many notes are red.
 */
export interface GrupoIndicador {
  chave: string;
  rotulo: string;
  notas: number;
  fretePeso: string | null;
  freteValor: string | null;
  vermelhasPeso: number;
  vermelhasValor: number;
  limiteFretePeso: string | null;
  limiteFreteValor: string | null;
}
export interface ResumoIndicadores {
  porUf: GrupoIndicador[];
  porTransportadora: GrupoIndicador[];
}

/** File names (spec §2.6, §7): the /indicadores export, the panel's two buttons. */
export const ARQUIVO_CSV_INDICADORES = 'indicadores.csv';
export const ARQUIVO_CSV_INDICADORES_FRETE = 'Indicadores-Frete.csv';
export const ARQUIVO_CSV_INDICADORES_SERVIDOR = 'Indicadores.csv';

/** The query of the indicator calls: the filter, the page, and formato=csv for the file instead of a page. */
export const consultaIndicadoresSchema = filtroIndicadoresSchema.extend(paginaIndicadoresSchema.shape).extend({
  formato: z.enum(['csv'], { error: 'Formato: apenas csv.' }).optional(),
});
