import { MOTIVO_CTE_ANULACAO, motivoAnulado, motivoSubstituido } from '../../contracts/ocorrencias';

// Issue 31: whether a CT-e may be paid. An anulação (tpCTe 2) has no freight; a CT-e annulled (by a tpCTe 2) or
// substituted (by a tpCTe 3) that is not cancelled leaves the payable set; the substitute is paid in its place. The
// server reads the referring CT-e (src/server/pagamentos/pagavel.ts); the fatura check and the payment rules use this.

/** The CT-e that annuls or substitutes this one (the substitute first, then the latest). */
export interface ReferidoPor {
  tipoCte: number;
  numero: number;
}

/** Why the CT-e is not payable, or null when it is. */
export function motivoNaoPagavel(tipoCte: number | null, referidoPor: ReferidoPor | null): string | null {
  if (tipoCte === 2) return MOTIVO_CTE_ANULACAO;
  if (referidoPor?.tipoCte === 3) return motivoSubstituido(referidoPor.numero);
  if (referidoPor?.tipoCte === 2) return motivoAnulado(referidoPor.numero);
  return null;
}
