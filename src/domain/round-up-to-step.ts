import Decimal from 'decimal.js';

// Spec 01 §5: with a step, a decimal input rounds UP to a multiple of the step on blur.
// Decimal arithmetic: 0.1 + 0.2 style float errors must not push a value one step further.
export function roundUpToStep(value: string, step: number | string): string {
  if (value.trim() === '' || !Number.isFinite(Number(value))) return value;
  const passo = new Decimal(step);
  if (passo.lte(0)) return value;
  return new Decimal(value).div(passo).ceil().mul(passo).toString();
}
