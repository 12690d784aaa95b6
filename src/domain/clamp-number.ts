// Spec 01 §5: number inputs are clamped to their minimum and maximum and become 0 if not numeric.
export function clampNumber(value: string | number, min?: number, max?: number): number {
  const text = typeof value === 'number' ? String(value) : value.trim().replace(',', '.');
  let n = text === '' ? NaN : Number(text);
  if (!Number.isFinite(n)) n = 0;
  if (min !== undefined && n < min) n = min;
  if (max !== undefined && n > max) n = max;
  return n;
}
