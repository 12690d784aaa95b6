import { eq, sql } from 'drizzle-orm';
import { MSG_PRE_FATURA_TRANSPORTADORA, MSG_PRE_FATURA_VAZIA, type PreFaturaCriar } from '../../contracts/pre-faturas';
import { relogio } from '../../domain/relogio';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { transportadora } from '../db/schema/transportadora';
import { ApiError } from '../http/api-error';

// POST /pre-faturas (issue 29): the carrier's audited CT-es (AUDITADO_SUCESSO/_OBSERVACOES/_REVISADO) emitted in the
// period (São Paulo days; cte_transportadora_emissao_idx) and in no other pré-fatura, at the value the shipper
// accepts: the approved CT-e's correct value, else the audit's; a difference to the charged value below
// diferencaMinima keeps the charged one. One statement; the carrier's row locked so two pré-faturas never share a CT-e.

export const VALOR_ACEITO_SQL = sql`case when c.status = 'AUDITADO_REVISADO' then coalesce(c.valor_correto, c.valor_auditoria) else c.valor_auditoria end`;

export async function criarPreFatura(db: Db, p: PreFaturaCriar, usuarioId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [t] = await tx.select({ id: transportadora.id }).from(transportadora).where(eq(transportadora.id, p.transportadora)).for('update');
    if (!t) throw new ApiError(404, [MSG_PRE_FATURA_TRANSPORTADORA]);
    const minima = p.diferencaMinima ?? '0';
    const r = linhas<{ id: number }>(
      await tx.execute(sql`
        with sel as (
          select c.id, case when abs(c.valor_total - ${VALOR_ACEITO_SQL}) < ${minima}::numeric then c.valor_total else ${VALOR_ACEITO_SQL} end as aceito
          from cte c
          where c.transportadora_id = ${p.transportadora}
            and c.data_emissao >= (${p.inicio}::date::timestamp at time zone 'America/Sao_Paulo')
            and c.data_emissao < ((${p.fim}::date + 1)::timestamp at time zone 'America/Sao_Paulo')
            and c.status in ('AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_REVISADO')
            and ${VALOR_ACEITO_SQL} is not null
            and not exists (select 1 from pre_fatura_cte p where p.cte_id = c.id)),
        pf as (
          insert into pre_fatura (transportadora_id, inicio, fim, criada_em, usuario_id, quantidade, valor_total)
          select ${p.transportadora}, ${p.inicio}::date, ${p.fim}::date, ${relogio.agora().toISOString()}::timestamptz, ${usuarioId}, count(*), coalesce(sum(aceito), 0)
          from sel having count(*) > 0
          returning id)
        insert into pre_fatura_cte (pre_fatura_id, cte_id, valor_aceito)
        select pf.id, sel.id, sel.aceito from pf cross join sel
        returning pre_fatura_id as id`),
    );
    if (!r.length) throw new ApiError(409, [MSG_PRE_FATURA_VAZIA]);
    return Number(r[0].id);
  });
}
