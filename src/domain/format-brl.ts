import Decimal from 'decimal.js';

// Spec 01 §9: BRL with prefix "R$ ", comma as decimal separator and dot as thousands separator.
// Strings are formatted through Decimal so money never passes through a binary float.
export function formatBrl(value: number | string | null | undefined, precision = 2): string {
  if (value === null || value === undefined || value === '') return '';
  let d: Decimal;
  try {
    d = new Decimal(value);
  } catch {
    return '';
  }
  if (!d.isFinite()) return '';
  const fixed = d.abs().toFixed(precision, Decimal.ROUND_HALF_UP);
  const [inteiro, decimais] = fixed.split('.');
  const agrupado = inteiro.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const negativo = d.isNegative() && !new Decimal(fixed).isZero();
  return `${negativo ? '-' : ''}R$ ${agrupado}${decimais ? `,${decimais}` : ''}`;
}
