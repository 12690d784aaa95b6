import { sql, type SQL } from 'drizzle-orm';
import type { FiltroIndicadores } from '../../contracts/indicadores';
import { inicioDoDia, inicioDoDiaSeguinte } from '../ctes/filtro-ctes';

// The rows of the indicators (spec 03 §2.6, §3, §7; docs/decisoes.md §27): one per note (cte_nota n) of each CT-e that
// counts — processed, audited or reviewed; read-only (LIDO), cancelled and disregarded ones do not —, filtered
// by the reference date (the NF's issue date, or the CT-e's), carrier, fatura and CT-e number. Every filter
// reads cte_nota alone: the CT-e's figures the filters need are copied to its notes by the database (migration
// 0020), each with a partial index of the counted notes (cte_nota_ind_*). The order is the reference date's
// index order, newest first, so a page, its count and the exports' cursor walk an index: no sort, no join but
// the 50 rows' own (or, for the cursor, each row's as it is read).

export type FiltroValido = FiltroIndicadores;

export const DE_INDICADORES = sql.raw('cte_nota n join cte c on c.id = n.cte_id');
export const JUNCOES_DESCRITIVAS = sql.raw(
  'left join transportadora t on t.id = c.transportadora_id left join municipio m on m.codigo = c.codigo_municipio_destino left join uf u on u.sigla = c.uf_destino',
);

const porNf = (f: FiltroValido) => f.filtroRadioGroup === 'NF';

/** The WHERE of a filter (already validated by validarFiltroIndicadores), on cte_nota n alone. */
export function ondeIndicadores(f: FiltroValido): SQL {
  const partes: SQL[] = [sql`n.indicador`];
  const inicio = f.dataEmissao_inicio || undefined;
  const fim = f.dataEmissao_fim || undefined;
  if (porNf(f)) {
    // By the NF's date: a note whose date the ERP never gave has no place in that order (it shows by the CT-e's).
    partes.push(sql`n.data_emissao is not null`);
    if (inicio) partes.push(sql`n.data_emissao >= ${inicio}::date`);
    if (fim) partes.push(sql`n.data_emissao <= ${fim}::date`);
  } else {
    if (inicio) partes.push(sql`n.cte_emissao >= ${inicioDoDia(inicio)}`);
    if (fim) partes.push(sql`n.cte_emissao < ${inicioDoDiaSeguinte(fim)}`);
  }
  if (f.transportadora !== undefined) partes.push(sql`n.transportadora_id = ${f.transportadora}`);
  if (f.numeroFatura) partes.push(sql`n.numero_fatura = ${f.numeroFatura}`);
  if (f.numeroCte) partes.push(sql`n.cte_numero = ${Number(f.numeroCte)}`);
  return sql.join(partes, sql` and `);
}

/**
 * The order (newest reference date first) of the screen's pages and of the exports: an index's own order, NULLS
 * LAST as drizzle writes the indexes (a plain DESC means NULLS FIRST, and the planner would sort the period).
 */
export const ordemIndicadores = (f: FiltroValido): SQL =>
  porNf(f) ? sql`n.data_emissao desc nulls last, n.id desc nulls last` : sql`n.cte_emissao desc nulls last, n.cte_id desc nulls last, n.id desc nulls last`;
