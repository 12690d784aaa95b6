import { and, count, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { CtePage, CteListaQuery } from '../../contracts/ctes';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { cteResumo, RESUMO_TODAS_TRANSPORTADORAS } from '../db/schema/cte-resumo';
import { periodoCtes, statusDoFiltro } from './filtro-ctes';
import { compactarEmSegundoPlano, DELTAS_PARA_COMPACTAR } from './resumo-ctes';

// The Fretes totals (count, charged and audited sums of every CT-e the filters match). When the filters are
// only the summary's dimensions (period, payer, status, carrier: the screen's default and its usual
// narrowing), cte_resumo answers from a few rows per day (its "every carrier" rows, or the carrier's); any
// other filter scans the matching CT-es as before (through that filter's index). Both sum the very columns
// the rows show: valor_total is the charged amount the audit compares.

export type TotaisCtes = CtePage['totais'];

/** Query fields the summary can answer (page, size and sort do not change totals). A new filter falls back. */
const DO_RESUMO: ReadonlySet<string> = new Set(['page', 'size', 'sort', 'dataIni', 'dataFim', 'tomadorServico', 'status', 'auditoria', 'transportadora']);

export const resumoResponde = (q: CteListaQuery): boolean => Object.entries(q).every(([campo, valor]) => valor === undefined || DO_RESUMO.has(campo));

const somas = (coluna: { valorTotal: SQL | typeof cte.valorTotal; valorAuditoria: SQL | typeof cte.valorAuditoria }) => ({
  valorTotal: sql<string>`coalesce(sum(${coluna.valorTotal}), 0)::numeric(17, 2)::text`,
  valorAuditoria: sql<string>`coalesce(sum(${coluna.valorAuditoria}), 0)::numeric(17, 2)::text`,
});

/** The summary's sums for the filters (resumoResponde(q) must hold), plus how many uncompacted deltas it met. */
export function consultaResumo(db: Db, q: CteListaQuery, agora: Date) {
  const periodo = periodoCtes(q, agora);
  const status = statusDoFiltro(q);
  return db
    .select({
      quantidade: sql<number>`coalesce(sum(${cteResumo.quantidade}), 0)::int`,
      ...somas({ valorTotal: sql`${cteResumo.valorTotal}`, valorAuditoria: sql`${cteResumo.valorAuditoria}` }),
      deltas: sql<number>`(count(*) filter (where ${cteResumo.delta}))::int`,
    })
    .from(cteResumo)
    .where(
      and(
        eq(cteResumo.transportadoraId, q.transportadora ?? RESUMO_TODAS_TRANSPORTADORAS),
        periodo.dataIni ? gte(cteResumo.dia, periodo.dataIni) : undefined,
        periodo.dataFim ? lte(cteResumo.dia, periodo.dataFim) : undefined,
        q.tomadorServico !== 'TODOS' ? eq(cteResumo.tomador, q.tomadorServico) : undefined,
        status ? inArray(cteResumo.status, status) : undefined,
      ),
    );
}

/** From cte_resumo; a read that met many uncompacted deltas starts a compaction for the next ones. */
async function totaisDoResumo(db: Db, q: CteListaQuery, agora: Date): Promise<TotaisCtes> {
  const [t] = await consultaResumo(db, q, agora);
  if (t.deltas > DELTAS_PARA_COMPACTAR) compactarEmSegundoPlano(db);
  return { quantidade: t.quantidade, valorTotal: t.valorTotal, valorAuditoria: t.valorAuditoria };
}

/** Over the matching CT-es themselves (`onde` is filtroCtes(q)). */
export async function totaisPorVarredura(db: Db, onde: SQL): Promise<TotaisCtes> {
  const [t] = await db
    .select({ quantidade: count(), ...somas({ valorTotal: cte.valorTotal, valorAuditoria: cte.valorAuditoria }) })
    .from(cte)
    .where(onde);
  return t;
}

/** The totals of GET /ctes/listar-simples: `onde` is filtroCtes(q, agora). */
export const totaisCtes = (db: Db, q: CteListaQuery, onde: SQL, agora: Date): Promise<TotaisCtes> =>
  resumoResponde(q) ? totaisDoResumo(db, q, agora) : totaisPorVarredura(db, onde);
