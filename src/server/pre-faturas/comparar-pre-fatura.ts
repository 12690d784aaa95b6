import { sql } from 'drizzle-orm';
import type { ComparacaoPreFaturaLinha } from '../../contracts/pre-faturas';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { lerPreFatura } from './ler-pre-fatura';

// GET /pre-faturas/{id}/comparacao (issue 29): each CT-e of the pré-fatura against what the PROCESSADO faturas bill
// for it (fatura_cte by cte_id): the same value, another value, or missing from the faturas; then the carrier's
// CT-es of the period those faturas bill that the pré-fatura lacks. Two set-based queries over indexed joins.

type Linha = Omit<ComparacaoPreFaturaLinha, 'situacao'>;

const faturado = sql`
  select fc.cte_id, sum(coalesce(fc.valor_frete, c2.valor_total))::numeric(15,2)::text as valor, array_agg(distinct f.numero_documento order by f.numero_documento) as faturas
  from fatura_cte fc join fatura f on f.id = fc.fatura_id and f.status = 'PROCESSADO' join cte c2 on c2.id = fc.cte_id`;

export async function compararPreFatura(db: Db, id: number): Promise<ComparacaoPreFaturaLinha[]> {
  const p = await lerPreFatura(db, id);
  const dentro = linhas<Linha>(
    await db.execute(sql`
      select c.id as "cteId", c.serie, c.numero, p.valor_aceito::text as "valorAceito", b.valor as "valorFaturado", coalesce(b.faturas, '{}') as faturas
      from pre_fatura_cte p join cte c on c.id = p.cte_id
      left join (${faturado} where fc.cte_id in (select cte_id from pre_fatura_cte where pre_fatura_id = ${id}) group by fc.cte_id) b on b.cte_id = c.id
      where p.pre_fatura_id = ${id}
      order by c.serie, c.numero, c.id`),
  );
  const fora = linhas<Linha>(
    await db.execute(sql`
      select c.id as "cteId", c.serie, c.numero, null as "valorAceito", b.valor as "valorFaturado", b.faturas
      from cte c
      join (${faturado} where c2.transportadora_id = ${p.transportadora.id} group by fc.cte_id) b on b.cte_id = c.id
      where c.transportadora_id = ${p.transportadora.id}
        and c.data_emissao >= (${p.inicio}::date::timestamp at time zone 'America/Sao_Paulo')
        and c.data_emissao < ((${p.fim}::date + 1)::timestamp at time zone 'America/Sao_Paulo')
        and not exists (select 1 from pre_fatura_cte x where x.pre_fatura_id = ${id} and x.cte_id = c.id)
      order by c.serie, c.numero, c.id`),
  );
  return [
    ...dentro.map((l) => ({
      ...l,
      cteId: Number(l.cteId),
      numero: Number(l.numero),
      situacao: l.valorFaturado === null ? ('NAO_FATURADO' as const) : l.valorFaturado === l.valorAceito ? ('IGUAL' as const) : ('VALOR_DIFERENTE' as const),
    })),
    ...fora.map((l) => ({ ...l, cteId: Number(l.cteId), numero: Number(l.numero), situacao: 'FATURADO_FORA' as const })),
  ];
}
