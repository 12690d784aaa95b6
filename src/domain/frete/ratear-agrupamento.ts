import type { RateioAgrupamento } from '../../contracts/tabela-frete-tipos';
import { dividir } from '../dinheiro';
import { Dec } from './decimal-exato';

/**
 * freight-calculation.md step 11: a RATEIO element computed once for a grouping is shared among its
 * CT-e by weight or by cargo value (NENHUM: the first CT-e carries it all). Each share is cut DOWN to
 * cents and the remaining cents go to the first CT-e, so the shares always add up to `valor` exactly.
 */
export function ratearAgrupamento(valor: string, partes: readonly { peso: string; valor: string }[], modo: RateioAgrupamento): string[] {
  if (partes.length === 0) return [];
  const total = new Dec(valor).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
  const pesos = partes.map((p) => new Dec(modo === 'PESO' ? p.peso : modo === 'VALOR' ? p.valor : 0));
  const soma = pesos.reduce((s, p) => s.plus(p), new Dec(0));
  let cotas: Dec[];
  if (modo === 'NENHUM') cotas = partes.map((_, i) => (i === 0 ? total : new Dec(0)));
  // Zero total weight (or value): no proportion to follow, so equal shares rather than all on one CT-e.
  else if (soma.isZero()) cotas = partes.map(() => dividir(total, partes.length, 2, 'para-baixo'));
  else cotas = pesos.map((p) => dividir(total.times(p), soma, 2, 'para-baixo'));
  const resto = total.minus(cotas.reduce((s, c) => s.plus(c), new Dec(0)));
  cotas[0] = cotas[0].plus(resto);
  return cotas.map((c) => c.toFixed(2));
}
