import type { Grandeza } from '../../contracts/tabela-frete-tipos';
import type { Dec } from './decimal-exato';

// Numbers in the calculation trace ("Detalhes do cálculo") read as a Brazilian supervisor writes them:
// "R$ 1.234,56" like formatBrl (spec 01 §9), but straight from the Decimal, without parsing it again
// (the trace is built on every calculation, thousands per second in audits).

function agrupar(inteiro: string): string {
  if (inteiro.length <= 3) return inteiro;
  let r = inteiro.slice(0, inteiro.length % 3 || 3);
  for (let i = r.length; i < inteiro.length; i += 3) r += `.${inteiro.slice(i, i + 3)}`;
  return r;
}

function partes(d: Dec, casas?: number): { sinal: string; texto: string } {
  const fixo = casas === undefined ? d.abs().toFixed() : d.abs().toFixed(casas);
  const ponto = fixo.indexOf('.');
  const texto = ponto < 0 ? agrupar(fixo) : `${agrupar(fixo.slice(0, ponto))},${fixo.slice(ponto + 1)}`;
  return { sinal: d.isNegative() && /[1-9]/.test(fixo) ? '-' : '', texto };
}

/** 1234.5 → "1.234,5"; `casas` fixes the decimals. */
export function numeroBr(d: Dec, casas?: number): string {
  const { sinal, texto } = partes(d, casas);
  return sinal + texto;
}

/** 1234.5 → "R$ 1.234,50" (HALF_UP to `casas`). */
export function reais(d: Dec, casas = 2): string {
  const { sinal, texto } = partes(d, casas);
  return `${sinal}R$ ${texto}`;
}

/** An unrounded amount as it is, at least with cents: "R$ 82,005". */
export const reaisExato = (d: Dec) => reais(d, Math.max(2, d.decimalPlaces()));

/** A quantity with its unit: "1.000 kg", "430 km", "R$ 10.000,00". */
export const quantidadeTexto = (g: Grandeza, d: Dec) => (g === 'KG' ? `${numeroBr(d)} kg` : g === 'KM' ? `${numeroBr(d)} km` : reaisExato(d));
