import type { CteLido } from '../../contracts/cte-documento';

export interface ValoresCobranca {
  /** The charged amount (valor cobrado). */
  valorTotal: string;
  /** vTPrest. */
  valorPrestacao: string;
  /** vRec. */
  valorReceber: string | null;
}

/**
 * The one definition of what a carrier charged (freight-calculation.md, audit verdict): the service's total
 * (vTPrest), or, when the CT-e's ICMS is by tax substitution (ICMS60, the taker pays the tax), the amount to
 * receive (vRec). The list, its totals, the detail, the audit, the approval and the PDF all read this one.
 */
export function valoresCobranca(documento: Pick<CteLido, 'prestacao' | 'icms'>): ValoresCobranca {
  const { valorTotal: prestacao, valorReceber } = documento.prestacao;
  const porSubstituicao = documento.icms?.grupo === 'ICMS60';
  return { valorTotal: porSubstituicao && valorReceber !== null ? valorReceber : prestacao, valorPrestacao: prestacao, valorReceber };
}
