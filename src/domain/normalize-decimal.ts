// Spec 01 §5: a comma becomes a dot and non-numeric characters are removed. The text is read the pt-BR way,
// one rule for typing and pasting: '.' groups thousands (dropped) and ',' is the decimal mark, so "37.000"
// is thirty-seven thousand and "1.234,56" is 1234.56. The answer is the value with a dot ("1234.56").
export function normalizeDecimal(text: string, options: { negative?: boolean } = {}): string {
  const negative = options.negative === true && text.trim().startsWith('-');
  let value = text.replace(/\./g, '').replace(/,/g, '.').replace(/[^0-9.]/g, '');
  const dot = value.indexOf('.');
  if (dot >= 0) value = value.slice(0, dot + 1) + value.slice(dot + 1).replace(/\./g, '');
  return negative ? `-${value}` : value;
}
