import { sql, type SQL } from 'drizzle-orm';
import type { ReferidoPor } from '../../domain/faturas/pagavel';

// Issue 31: the payable reading in SQL (src/domain/faturas/pagavel.ts says why): one text for the fatura check's
// summary, its lines and the payment rules. Each probe uses cte_referenciado_idx; none runs per line in TypeScript.

/** Conditions on a referring CT-e `r` of the CT-e aliased `c`: annuls (2) or substitutes (3) it, not cancelled. */
const refere = (c: string) => `r.cte_referenciado_id = ${c}.id and r.tipo_cte in (2, 3) and r.status <> 'CANCELADO'`;

/** SQL text: true when the CT-e aliased `c` is not payable (an anulação, or annulled or substituted). */
export const naoPagavelTexto = (c: string) => `(${c}.tipo_cte = 2 or exists (select 1 from cte r where ${refere(c)}))`;

/** The same over the query's `cte` table (drizzle). */
export const naoPagavelSql = (): SQL => sql.raw(naoPagavelTexto('"cte"'));

/** The referring CT-e (substitute first, then the latest) of the query's `cte` row, as ReferidoPor json; null when none. */
export const referidoPorSql = (): SQL<ReferidoPor | null> =>
  sql.raw(`(select json_build_object('tipoCte', r.tipo_cte, 'numero', r.numero) from cte r where ${refere('"cte"')} order by r.tipo_cte desc, r.id desc limit 1)`) as SQL<ReferidoPor | null>;
