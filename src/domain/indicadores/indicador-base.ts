import { dividir, percentual } from '../dinheiro';
import { Dec } from '../frete/decimal-exato';
import { calcularIndicador, type EntradaIndicador } from './indicadores-frete';

/**
 * The money columns of a base indicator row (spec 03 §3 "Base indicator row": the spec names them; the
 * reading chosen is in src/contracts/indicadores.ts IndicadorBaseLinha). The note's share of its CT-e is its
 * weight over the CT-e's weight, as in the help text's freight to pay; each share (value × NF weight ÷ CT-e
 * weight) is rounded half-up to cents once, percentages to 4 decimals (dividir, src/domain/dinheiro.ts).
 * Unknown inputs (no audit, no ICMS, no weight) leave their columns empty.
 */
export interface EntradaBase extends Omit<EntradaIndicador, 'limiteFretePeso' | 'limiteFreteValor'> {
  /** The last audit's expected value of the whole CT-e (null before an audit). */
  valorAuditoria: string | null;
  /** The CT-e's ICMS value (null when the document has none). */
  valorIcms: string | null;
}

export interface ValoresBase {
  valorFretePagar: string | null;
  valorFretePrevisto: string | null;
  difFrete: string | null;
  valorImposto: string | null;
  percentualFrete: string | null;
  percentualImposto: string | null;
  valorLiquido: string | null;
}

export function calcularValoresBase(e: EntradaBase): ValoresBase {
  const ind = calcularIndicador({ ...e, limiteFretePeso: null, limiteFreteValor: null });
  if (ind.nfFretePagar === null) {
    return { valorFretePagar: null, valorFretePrevisto: null, difFrete: null, valorImposto: null, percentualFrete: null, percentualImposto: null, valorLiquido: null };
  }
  // calcularIndicador gave a freight to pay: both weights are known and the CT-e's is not zero.
  const parte = (valor: string) => dividir(new Dec(e.pesoNf!).times(valor), e.pesoCte!, 2);
  const pagar = new Dec(ind.nfFretePagar);
  const previsto = e.valorAuditoria === null ? null : parte(e.valorAuditoria);
  const imposto = e.valorIcms === null ? null : parte(e.valorIcms);
  return {
    valorFretePagar: pagar.toFixed(2),
    valorFretePrevisto: previsto?.toFixed(2) ?? null,
    difFrete: previsto ? pagar.minus(previsto).toFixed(2) : null,
    valorImposto: imposto?.toFixed(2) ?? null,
    percentualFrete: ind.indicadorFreteValor,
    percentualImposto: imposto && !pagar.isZero() ? percentual(imposto, pagar, 4).toFixed(4) : null,
    valorLiquido: imposto ? pagar.minus(imposto).toFixed(2) : null,
  };
}
