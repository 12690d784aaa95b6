import { sql } from 'drizzle-orm';
import { listaInteiros } from '../db/lista-inteiros';
import type { Db } from '../db/database';
import { FUSO_SAO_PAULO } from '../../domain/sao-paulo-date';
import { agoraSql } from '../db/agora-sql';

/**
 * Grouping candidates (spec 03 §4 "Grouping"; the rule is ours): processed CT-es (not LIDO, CANCELADO or
 * DESCONSIDERADO) outside a confirmed group, of the same registered carrier, issued the same day (São
 * Paulo) from the same origin municipality, form a set; a set of two or more that goes to more than one
 * destination municipality or customer (register, or recipient document when unregistered) is a routed
 * delivery the carrier may have charged separately: every member becomes CANDIDATO. Only the sets of the
 * given CT-es are looked at; a member of such a set that no longer qualifies loses CANDIDATO.
 * Answers how many CT-es became CANDIDATO.
 */
export async function marcarCandidatos(db: Db, ids: number[]): Promise<number> {
  if (!ids.length) return 0;
  const fuso = sql.raw(`'${FUSO_SAO_PAULO}'`);
  const r = (await db.execute(sql`
    with chaves as (
      select distinct transportadora_id as t, codigo_municipio_origem as o, (data_emissao at time zone ${fuso})::date as dia
      from cte where id = any(${listaInteiros(ids)}) and transportadora_id is not null
    ), membros as (
      select c.id, k.t, k.o, k.dia, c.codigo_municipio_destino as d, coalesce(c.cliente_id::text, c.destinatario_documento, '') as cli
      from chaves k join cte c on c.transportadora_id = k.t and c.codigo_municipio_origem = k.o
        and c.data_emissao >= (k.dia::timestamp at time zone ${fuso}) and c.data_emissao < ((k.dia + 1)::timestamp at time zone ${fuso})
      where c.status not in ('LIDO', 'CANCELADO', 'DESCONSIDERADO') and c.grupo_id is null and c.agrupamento is distinct from 'AGRUPADO'
    ), conjuntos as (
      select t, o, dia from membros group by t, o, dia having count(*) >= 2 and (count(distinct d) > 1 or count(distinct cli) > 1)
    ), alvo as (
      select m.id, case when cj.t is null then null else 'CANDIDATO' end::varchar as agrupamento
      from membros m left join conjuntos cj on cj.t = m.t and cj.o = m.o and cj.dia = m.dia
    )
    update cte set agrupamento = alvo.agrupamento, versao = cte.versao + 1, alterado_em = ${agoraSql()}
    from alvo where cte.id = alvo.id and cte.agrupamento is distinct from alvo.agrupamento
    returning cte.id, cte.agrupamento`)) as unknown as { rows: { id: number; agrupamento: string | null }[] };
  return r.rows.filter((l) => l.agrupamento === 'CANDIDATO').length;
}
