// Spec 01 §5: a comma becomes a dot and non-numeric characters are removed.
// A pasted pt-BR number ("1.234,56") keeps its meaning: with a comma present, dots are thousands separators.
export function normalizeDecimal(text: string, options: { negative?: boolean } = {}): string {
  let value = text.includes(',') ? text.replace(/\./g, '').replace(/,/g, '.') : text;
  const negative = options.negative === true && value.trim().startsWith('-');
  value = value.replace(/[^0-9.]/g, '');
  const dot = value.indexOf('.');
  if (dot >= 0) value = value.slice(0, dot + 1) + value.slice(dot + 1).replace(/\./g, '');
  return negative ? `-${value}` : value;
}
