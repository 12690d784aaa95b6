import { agruparBr, arredondar, lerDecimal, semZerosFinais, textoFixo } from './decimal-texto';
import { formatBrl } from './format-brl';

export interface FormatNumberOptions {
  /** Exactly this many decimals (rounded half up). */
  decimals?: number;
  /** Without `decimals`: the value's own decimals, trailing zeros dropped down to this many (default 0). */
  minDecimals?: number;
  /** Without `decimals`: at most this many (rounded half up; default 5, the price bands' precision). */
  maxDecimals?: number;
}

/**
 * Spec 01 §9: numbers the Brazilian way, '.' grouping thousands and ',' as the decimal mark
 * ("6000.000" → "6.000", "1234.5" → "1.234,5"). Exact (decimal-texto.ts), so no binary float touches the value.
 * Empty for a missing or invalid value.
 */
export function formatNumberBr(value: number | string | null | undefined, options: FormatNumberOptions = {}): string {
  const d = lerDecimal(value);
  if (!d) return '';
  if (options.decimals !== undefined) return agruparBr(textoFixo(d, options.decimals));
  const arredondado = semZerosFinais(arredondar(d, options.maxDecimals ?? 5));
  return agruparBr(textoFixo(arredondado, Math.max(options.minDecimals ?? 0, arredondado.escala)));
}

/** A percentage as "12,00 %" (two decimals unless told otherwise). */
export function formatPercentBr(value: number | string | null | undefined, decimals = 2): string {
  const texto = formatNumberBr(value, { decimals });
  return texto ? `${texto} %` : '';
}

// One number format (spec 01 §9), for screens, PDF, DOCX, CSV and messages alike: weights with 3 decimals, money 2, rates and unit prices (R$/kg, the freight engine's
// percent rates) 4, counts without decimals. An unknown value is "—", never 0.

/** What an unknown value shows: never 0. */
export const VALOR_DESCONHECIDO = '—';

const ouTraco = (texto: string) => texto || VALOR_DESCONHECIDO;

/** A weight (kg): always 3 decimals ("2.101,980"); "—" when unknown. */
export const formatarPeso = (value: number | string | null | undefined): string => ouTraco(formatNumberBr(value, { decimals: 3 }));

/** Money: "R$ 8.119.200,00" (formatBrl: 2 decimals, thousands grouped); "—" when unknown. */
export const formatarDinheiro = (value: number | string | null | undefined): string => ouTraco(formatBrl(value));

/** Money without the "R$ " (a column already titled in R$, a CSV cell): "8.119.200,00"; "—" when unknown. */
export const formatarValor = (value: number | string | null | undefined): string => ouTraco(formatNumberBr(value, { decimals: 2 }));

/** A rate or unit price (R$/kg, a percent rate of the freight engine): always 4 decimals ("1,6078"); "—" when unknown. */
export const formatarTaxa = (value: number | string | null | undefined): string => ouTraco(formatNumberBr(value, { decimals: 4 }));

/** A percent rate with its sign: "12,5000 %" (formatPercentBr with 4 decimals); "—" when unknown. */
export const formatarTaxaPercentual = (value: number | string | null | undefined): string => ouTraco(formatPercentBr(value, 4));

/**
 * A quantity: a count without decimals ("1.234"), or a measure with its fixed decimals (m²: 3, "6.390,000").
 * "—" when unknown; `zeroDesconhecido` also for 0 (volumes the ERP did not inform are stored as 0).
 */
export function formatarQuantidade(
  value: number | string | null | undefined,
  opcoes: { decimais?: number; zeroDesconhecido?: boolean } = {},
): string {
  const texto = formatNumberBr(value, { decimals: opcoes.decimais ?? 0 });
  if (!texto || (opcoes.zeroDesconhecido && /^[0.,]+$/.test(texto))) return VALOR_DESCONHECIDO;
  return texto;
}
