import { and, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { STATUS_CTE, type StatusCte } from '../../contracts/cte-status';
import { FUSO_SAO_PAULO, mesSaoPaulo } from '../../domain/sao-paulo-date';
import type { CteListaQuery } from '../../contracts/ctes';
import { cte, cteNota } from '../db/schema/cte';
import { cteMarca } from '../db/schema/ocorrencia';
import { relogio } from '../../domain/relogio';

// The WHERE of the Fretes list (spec 03 §2.1): every filter is a condition on an indexed column of cte (or an
// EXISTS on an indexed column of cte_nota), so the page, its count and its totals stay index-driven at
// millions of CT-es (tests/server/ctes-indices).

const fuso = sql.raw(`'${FUSO_SAO_PAULO}'`);
/** Start of a calendar day in São Paulo, as a timestamptz the planner folds once (index-friendly). */
export const inicioDoDia = (dia: string) => sql`((${dia}::date)::timestamp at time zone ${fuso})`;
/** Start of the day after. */
export const inicioDoDiaSeguinte = (dia: string) => sql`(((${dia}::date) + 1)::timestamp at time zone ${fuso})`;

/** A key prefix as a range of 44-digit keys (a btree range: no LIKE, whatever the collation). */
export const prefixoChave = (prefixo: string): SQL =>
  prefixo.length >= 44 ? eq(cte.chave, prefixo.slice(0, 44)) : and(gte(cte.chave, prefixo.padEnd(44, '0')), lte(cte.chave, prefixo.padEnd(44, '9')))!;

/** The highest CT-e number (nCT has 9 digits). */
export const NUMERO_CTE_MAXIMO = 999_999_999;

const STATUS_AUDITADOS = STATUS_CTE.filter((s) => s.startsWith('AUDITADO_'));

export type FiltroCtes = Omit<CteListaQuery, 'page' | 'size' | 'sort'>;

/** São Paulo days (YYYY-MM-DD) of the period: neither date given → the current month; one → open on the other side. */
export function periodoCtes(q: Pick<FiltroCtes, 'dataIni' | 'dataFim'>, agora = relogio.agora()): { dataIni?: string; dataFim?: string } {
  return !q.dataIni && !q.dataFim ? mesSaoPaulo(agora) : { dataIni: q.dataIni, dataFim: q.dataFim };
}

/** The statuses the status filter stands for (AUDITADO: every AUDITADO_*, or the one `auditoria` names); none: any. */
export function statusDoFiltro(q: Pick<FiltroCtes, 'status' | 'auditoria'>): StatusCte[] | undefined {
  if (q.status === 'AUDITADO') return q.auditoria ? [`AUDITADO_${q.auditoria}` as StatusCte] : STATUS_AUDITADOS;
  return q.status ? [q.status] : undefined;
}

/**
 * The WHERE of the list. Dates: neither given → the current month in São Paulo; one given → open on the
 * other side. tomadorServico defaults to REMETENTE (TODOS lifts it). AUDITADO is every AUDITADO_*, narrowed
 * by `auditoria` (REVISADO → AUDITADO_REVISADO).
 */
export function filtroCtes(q: FiltroCtes, agora = relogio.agora()): SQL {
  const periodo = periodoCtes(q, agora);
  const condicoes: (SQL | undefined)[] = [
    periodo.dataIni ? sql`${cte.dataEmissao} >= ${inicioDoDia(periodo.dataIni)}` : undefined,
    periodo.dataFim ? sql`${cte.dataEmissao} < ${inicioDoDiaSeguinte(periodo.dataFim)}` : undefined,
    q.tomadorServico !== 'TODOS' ? eq(cte.tomador, q.tomadorServico) : undefined,
  ];
  const status = statusDoFiltro(q);
  if (status) condicoes.push(status.length === 1 ? eq(cte.status, status[0]) : inArray(cte.status, status));
  if (q.numeroFatura) condicoes.push(eq(cte.numeroFatura, q.numeroFatura));
  if (q.chave) condicoes.push(prefixoChave(q.chave));
  if (q.numeroCte !== undefined) condicoes.push(eq(cte.numero, q.numeroCte));
  if (q.numeroNf !== undefined) condicoes.push(sql`exists (select 1 from ${cteNota} where ${cteNota.cteId} = ${cte.id} and ${cteNota.numero} = ${q.numeroNf})`);
  if (q.numeroPedido) condicoes.push(sql`exists (select 1 from ${cteNota} where ${cteNota.cteId} = ${cte.id} and ${cteNota.pedidoId} = ${q.numeroPedido})`);
  if (q.agrupamento) condicoes.push(eq(cte.agrupamento, q.agrupamento));
  if (q.municipioOrigem !== undefined) condicoes.push(eq(cte.codigoMunicipioOrigem, q.municipioOrigem));
  if (q.municipioDestino !== undefined) condicoes.push(eq(cte.codigoMunicipioDestino, q.municipioDestino));
  if (q.transportadora !== undefined) condicoes.push(eq(cte.transportadoraId, q.transportadora));
  if (q.cliente !== undefined) condicoes.push(eq(cte.clienteId, q.cliente));
  // Issue 31: the marks the occurrence triggers keep in cte_marca (a partial index each, migration 0027).
  if (q.ocorrencia === 'REENTREGA') condicoes.push(sql`${cte.id} in (select ${cteMarca.cteId} from ${cteMarca} where ${cteMarca.comReentrega})`);
  if (q.ocorrencia === 'SEM_COMPROVANTE') condicoes.push(sql`not exists (select 1 from ${cteMarca} where ${cteMarca.cteId} = ${cte.id} and ${cteMarca.comComprovante})`);
  return and(...condicoes) ?? sql`true`;
}
