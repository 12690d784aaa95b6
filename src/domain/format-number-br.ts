import Decimal from 'decimal.js';

export interface FormatNumberOptions {
  /** Exactly this many decimals (rounded half up). */
  decimals?: number;
  /** Without `decimals`: the value's own decimals, trailing zeros dropped down to this many (default 0). */
  minDecimals?: number;
  /** Without `decimals`: at most this many (rounded half up; default 5, the price bands' precision). */
  maxDecimals?: number;
}

const decimal = (value: number | string | null | undefined): Decimal | null => {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return null;
  try {
    const d = new Decimal(value);
    return d.isFinite() ? d : null;
  } catch {
    return null;
  }
};

/**
 * Spec 01 §9: numbers the Brazilian way, '.' grouping thousands and ',' as the decimal mark
 * ("6000.000" → "6.000", "1234.5" → "1.234,5"). Through Decimal, so no binary float touches the value.
 * Empty for a missing or invalid value.
 */
export function formatNumberBr(value: number | string | null | undefined, options: FormatNumberOptions = {}): string {
  const d = decimal(value);
  if (!d) return '';
  let fixo: string;
  if (options.decimals !== undefined) fixo = d.toFixed(options.decimals, Decimal.ROUND_HALF_UP);
  else {
    const arredondado = d.toDecimalPlaces(options.maxDecimals ?? 5, Decimal.ROUND_HALF_UP);
    fixo = arredondado.toFixed(Math.max(options.minDecimals ?? 0, arredondado.decimalPlaces()));
  }
  const negativo = fixo.startsWith('-');
  const [inteiro, decimais] = fixo.replace('-', '').split('.');
  const agrupado = inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const zero = /^[0.]*$/.test(fixo.replace('-', ''));
  return `${negativo && !zero ? '-' : ''}${agrupado}${decimais ? `,${decimais}` : ''}`;
}

/** A percentage as "12,00 %" (two decimals unless told otherwise). */
export function formatPercentBr(value: number | string | null | undefined, decimals = 2): string {
  const texto = formatNumberBr(value, { decimals });
  return texto ? `${texto} %` : '';
}
