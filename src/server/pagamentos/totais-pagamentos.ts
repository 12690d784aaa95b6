import { sql, type AnyColumn } from 'drizzle-orm';
import type { PagamentosQuery, TotalPagamentos } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { filtroPagamentos } from './listar-pagamentos';

// GET /pagamentos/totais (issue 29): per carrier and due date, one grouped query over the list's filter.
// aPagar: LIBERADA faturas' value to pay; bloqueado: BLOQUEADA and EM_CONFERENCIA faturas' billed value;
// contestado: the value under open disputes. Sums in SQL numeric (exact), read as decimal strings.

const soma = (condicao: string, coluna: AnyColumn) =>
  sql<string>`coalesce(sum(${coluna}) filter (where ${fatura.situacaoPagamento} in (${sql.raw(condicao)})), 0)::numeric(15,2)::text`;

export async function totaisPagamentos(db: Db, q: PagamentosQuery): Promise<TotalPagamentos[]> {
  return db
    .select({
      transportadoraCnpj: fatura.transportadoraCnpj,
      transportadora: sql<string>`max(${fatura.transportadoraRazaoSocial})`,
      dataVencimento: fatura.dataVencimento,
      aPagar: soma(`'LIBERADA'`, fatura.valorAPagar),
      bloqueado: soma(`'BLOQUEADA', 'EM_CONFERENCIA'`, fatura.valorTotal),
      contestado: sql<string>`coalesce(sum(${fatura.valorContestado}), 0)::numeric(15,2)::text`,
      faturas: sql<number>`count(*)::int`,
    })
    .from(fatura)
    .where(filtroPagamentos(q))
    .groupBy(fatura.transportadoraCnpj, fatura.dataVencimento)
    .orderBy(sql`${fatura.dataVencimento} asc nulls first`, fatura.transportadoraCnpj);
}
