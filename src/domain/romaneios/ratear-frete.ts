import { dividir } from '../dinheiro';
import { Dec } from '../frete/decimal-exato';

/**
 * Spec 03 §5, freight-cost manifest: "Freight allocation across lines: freight value divided by total
 * weight. Each line's share is proportional to weight and item value. Shares are rounded to cents, and
 * a rounding remainder under 0.03 is added to the first line."
 *
 * Reading chosen (docs/decisoes.md §23):
 * - Two levels. The freight is shared over the items by weight: share = peso × (frete / Σ peso), the
 *   rate is never rounded. Each item's share (already in cents) is then shared over its detail lines
 *   by `valorTotalItem`, so the detail shares add up exactly to the item share.
 * - Every share is rounded half-up to cents. remainder = target − Σ rounded shares.
 * - When |remainder| < 0.03 and the first line stays non-negative, the remainder goes to the first
 *   line (first item; first detail line within an item). This is the spec's rule as written.
 * - Otherwise (|remainder| ≥ 0.03, possible from 6 lines up, or the first line would go negative,
 *   e.g. a first line of weight 0) the group is shared by largest remainder instead: every exact share
 *   cut down to cents, the missing cents (fewer than the number of lines) one each to the lines with
 *   the largest cut-off fraction, ties to the lower index. No share negative, each off by < 0.01.
 * - Total weight zero (or detail values summing to zero): equal shares, by the same rules.
 * - An item with no detail lines keeps its share on the item (`detalhes: []`).
 * - Freight zero: every share is "0.00".
 * - Preconditions, refused with RangeError: no items ('O romaneio deve ter ao menos um item.', spec
 *   §5), a negative or non-numeric freight, weight or value, a freight with more than 2 decimals
 *   (the shares could not add up to it).
 */
export interface ItemRateio {
  peso: string;
  detalhes: readonly { valorTotalItem: string }[];
}

export interface RateioItem {
  /** The item's share of the freight, "123.45". */
  item: string;
  /** Each detail line's share of the item's share, in the order given. */
  detalhes: string[];
}

/** Remainders at or above this (in absolute value) are not given to the first line. */
export const LIMITE_RESTO = new Dec('0.03');

const CENTAVO = new Dec('0.01');

export function ratearFrete(valorFrete: string, itens: readonly ItemRateio[]): RateioItem[] {
  const frete = lerNaoNegativo(valorFrete, 'O valor do frete');
  if (frete.decimalPlaces() > 2) throw new RangeError('O valor do frete deve ter no máximo duas casas decimais.');
  if (itens.length === 0) throw new RangeError('O romaneio deve ter ao menos um item.');
  const pesos = itens.map((it, i) => lerNaoNegativo(it.peso, `O peso do item ${i + 1}`));
  const valores = itens.map((it, i) =>
    it.detalhes.map((d, j) => lerNaoNegativo(d.valorTotalItem, `O valor da linha ${j + 1} do item ${i + 1}`)),
  );
  const cotasItens = repartir(frete, pesos);
  return cotasItens.map((cota, i) => ({
    item: cota.toFixed(2),
    detalhes: valores[i].length === 0 ? [] : repartir(cota, valores[i]).map((c) => c.toFixed(2)),
  }));
}

/** Shares `total` (whole cents, ≥ 0) over `pesos` (≥ 0, at least one) as described above. */
function repartir(total: Dec, pesos: readonly Dec[]): Dec[] {
  const soma = pesos.reduce((s, p) => s.plus(p), new Dec(0));
  // Zero total weight: no proportion to follow, so equal shares rather than all on one line.
  const base = soma.isZero() ? pesos.map(() => new Dec(1)) : pesos;
  const somaBase = soma.isZero() ? new Dec(pesos.length) : soma;
  // Each exact share is total × p ÷ somaBase: never computed as a rounded number, only rounded (once) from it.
  const numeradores = base.map((p) => total.times(p));
  const arredondadas = numeradores.map((n) => dividir(n, somaBase, 2));
  const resto = total.minus(somar(arredondadas));
  const primeira = arredondadas[0].plus(resto);
  if (resto.abs().lt(LIMITE_RESTO) && !primeira.isNegative()) {
    arredondadas[0] = primeira;
    return arredondadas;
  }
  return maioresRestos(total, numeradores, somaBase);
}

/** Largest-remainder method: cut down to cents, hand the missing cents to the largest fractions. */
function maioresRestos(total: Dec, numeradores: readonly Dec[], somaBase: Dec): Dec[] {
  const cortadas = numeradores.map((n) => dividir(n, somaBase, 2, 'para-baixo'));
  const faltam = total.minus(somar(cortadas)).div(CENTAVO).toNumber();
  // The cut-off fractions share the denominator somaBase: their numerators compare exactly.
  const ordem = numeradores
    .map((n, i) => ({ i, fracao: n.minus(cortadas[i].times(somaBase)) }))
    .sort((a, b) => b.fracao.comparedTo(a.fracao) || a.i - b.i);
  for (let k = 0; k < faltam; k++) cortadas[ordem[k].i] = cortadas[ordem[k].i].plus(CENTAVO);
  return cortadas;
}

function somar(valores: readonly Dec[]): Dec {
  return valores.reduce((s, v) => s.plus(v), new Dec(0));
}

function lerNaoNegativo(texto: string, rotulo: string): Dec {
  let d: Dec;
  try {
    d = new Dec(texto);
  } catch {
    throw new RangeError(`${rotulo} é inválido: "${texto}".`);
  }
  if (!d.isFinite()) throw new RangeError(`${rotulo} é inválido: "${texto}".`);
  if (d.lt(0)) throw new RangeError(`${rotulo} não pode ser negativo.`);
  return d.isZero() ? new Dec(0) : d;
}
