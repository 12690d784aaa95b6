import { agruparBr, lerDecimal, textoFixo } from './decimal-texto';

// Spec 01 §9: BRL with prefix "R$ ", comma as decimal separator and dot as thousands separator.
// Exact (decimal-texto.ts): money never passes through a binary float; rounded half up.
export function formatBrl(value: number | string | null | undefined, precision = 2): string {
  const d = lerDecimal(value);
  if (!d) return '';
  const fixo = textoFixo(d, precision);
  return fixo.startsWith('-') ? `-R$ ${agruparBr(fixo.slice(1))}` : `R$ ${agruparBr(fixo)}`;
}
