import { and, count, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../contracts/common';
import type { PagamentosListaQuery, PagamentosQuery } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { fatura } from '../db/schema/fatura';
import { lerOrdem } from '../list/ler-ordem';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';

// GET /pagamentos (issue 29): faturas by payment situation, carrier and due date, as GET /faturas rows. The
// situation and the due date walk fatura_situacao_vencimento_idx; the carrier fatura_transportadora_emissao_idx.

// Each order as its index walks it: fatura_situacao_vencimento_idx is (situação, vencimento ASC NULLS LAST, id ASC),
// so the due date sorts with PostgreSQL's default nulls (a fatura without one last when ascending) and the index
// gives the page in due-date order (the id only sorts within a date); the emission indexes are DESC NULLS LAST.
const ORDENAVEIS: Record<string, (direcao: 'asc' | 'desc') => SQL[]> = {
  dataVencimento: (d) => [sql`${fatura.dataVencimento} ${sql.raw(d)}`],
  dataEmissao: (d) => [sql`${fatura.dataEmissao} ${sql.raw(d === 'desc' ? 'desc nulls last' : 'asc nulls first')}`],
  numeroDocumento: (d) => [sql`lpad(${fatura.numeroDocumento}, 10, '0') ${sql.raw(d)}`],
  valorTotal: (d) => [sql`${fatura.valorTotal} ${sql.raw(d === 'desc' ? 'desc nulls last' : 'asc nulls first')}`],
  valorAPagar: (d) => [sql`${fatura.valorAPagar} ${sql.raw(d)}`],
  transportadora: (d) => ordemTexto(fatura.transportadoraRazaoSocial, d),
};

/** Default: the nearest due date first (what to pay next); the id breaks ties, the newest first (an incremental sort). */
function ordemPagamentos(sort: string | undefined): SQL[] {
  const ordem = lerOrdem(sort, 'dataVencimento,asc', (c) => Object.hasOwn(ORDENAVEIS, c));
  return [...ordem.flatMap(({ campo, direcao }) => ORDENAVEIS[campo](direcao)), sql`${fatura.id} desc nulls last`];
}

/** The WHERE shared by the list, the totals and the export (an empty carrier is no filter). */
export function filtroPagamentos(q: PagamentosQuery): SQL | undefined {
  return and(
    q.situacao ? eq(fatura.situacaoPagamento, q.situacao) : undefined,
    q.transportadora ? eq(fatura.transportadoraCnpj, q.transportadora) : undefined,
    q.vencimentoInicio ? gte(fatura.dataVencimento, q.vencimentoInicio) : undefined,
    q.vencimentoFim ? lte(fatura.dataVencimento, q.vencimentoFim) : undefined,
  );
}

/** Reads one page of rows: the caller's columns (the route gives GET /faturas' row: faturas/ imports pagamentos/, not back). */
export type LerPagina<T> = (onde: SQL | undefined, ordem: SQL[], limite: number, deslocamento: number) => Promise<T[]>;

/** GET /pagamentos: one page of rows and the count of every matching fatura. */
export async function listarPagamentos<T>(db: Db, q: PagamentosListaQuery, lerPagina: LerPagina<T>): Promise<Page<T>> {
  const onde = filtroPagamentos(q);
  const [linhas, [{ total }]] = await Promise.all([
    lerPagina(onde, ordemPagamentos(q.sort), q.size, listOffset(q.page, q.size)),
    db.select({ total: count() }).from(fatura).where(onde),
  ]);
  return pageOf(linhas, total, q.page, q.size);
}
