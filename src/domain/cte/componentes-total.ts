import Decimal from 'decimal.js';
import type { CteLido } from '../../contracts/cte-documento';
import type { CodigoInconsistencia } from '../../contracts/ctes';
import { valoresCobranca } from '../auditoria/valor-cobrado';

// Issue 31: the components of the service (vPrest/Comp) must add up to what the CT-e charges. Compared exactly (decimal,
// no tolerance). The charged amount is valoresCobranca's (vRec under ICMS by tax substitution, else vTPrest); a sum equal to
// vTPrest is consistent too, since the layout defines the components as the parts of vTPrest. A CT-e with no component
// at all says nothing about its parts: not inconsistent.

export interface ComponentesDiferem {
  /** The components' sum, 2 decimals. */
  soma: string;
  /** The charged amount it differs from, 2 decimals, and the field it comes from. */
  total: string;
  campo: 'vTPrest' | 'vRec';
}

/** The figures when the components' sum differs from the charged amount (and from vTPrest); null when consistent. */
export function componentesDiferemDoTotal(documento: Pick<CteLido, 'prestacao' | 'icms'>): ComponentesDiferem | null {
  const componentes = documento.prestacao?.componentes ?? [];
  if (!componentes.length) return null;
  const soma = componentes.reduce((s, c) => s.plus(c.valor), new Decimal(0));
  const { valorTotal, valorPrestacao } = valoresCobranca(documento);
  if (soma.eq(valorTotal) || soma.eq(valorPrestacao)) return null;
  return { soma: soma.toFixed(2), total: new Decimal(valorTotal).toFixed(2), campo: valorTotal === valorPrestacao ? 'vTPrest' : 'vRec' };
}

/** The inconsistencies the document itself shows (beside those of its notes, set by processing). */
export const inconsistenciasDoDocumento = (documento: Pick<CteLido, 'prestacao' | 'icms'>): CodigoInconsistencia[] =>
  componentesDiferemDoTotal(documento) ? ['COMPONENTES_DIFEREM_TOTAL'] : [];
