import { sql, type SQL } from 'drizzle-orm';
import type { RegrasPagamento } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { disputasLinha } from './situacao-linhas';

// The recompute's second statement (issue 29; docs/decisoes.md §36): from the lines' blocks (just recomputed)
// and disputes, each target fatura's rules, blocked lines, values and the CONFERIR outcome
// (situacao-resultado.ts), with the overrides: released by a person (liberada_por_id) → LIBERADA; released for
// the undisputed amount (pagar_incontroverso) stays LIBERADA while every blocked line is under an open dispute
// and nothing blocks the fatura itself, else the flag goes back to false. Writes only the faturas that changed;
// the version moves only when the situation does.

/** VENCIMENTO_CURTO: due before the São Paulo date it was read plus the conferência's days. */
const vencimentoCurto = (regras: RegrasPagamento) =>
  regras.bloqueios.VENCIMENTO_CURTO
    ? sql`(f.data_vencimento is not null and f.data_vencimento < (f.lida_em at time zone 'America/Sao_Paulo')::date + ${Math.trunc(regras.prazoConferenciaDias)}::int)`
    : sql.raw('false');

export async function recalcularFaturas(db: Db, alvo: SQL, regras: RegrasPagamento): Promise<void> {
  const incontroversoPermitido = sql.raw(regras.pagarIncontroverso ? 'true' : 'false');
  await db.execute(sql`
    with disputa as (${disputasLinha(alvo)}),
    -- The target lines read once (a large target reads fatura_cte by a scan: once, not once per aggregate).
    fc as materialized (select fc0.id, fc0.fatura_id, fc0.bloqueios, fc0.valor_a_pagar from fatura_cte fc0 where fc0.fatura_id in (${alvo})),
    lin as (
      select fc.fatura_id,
        count(*) filter (where cardinality(fc.bloqueios) > 0)::int as bloqueadas,
        coalesce(bool_and(cardinality(fc.bloqueios) = 0 or coalesce(d.aberta, false)), true) as so_disputas,
        coalesce(sum(fc.valor_a_pagar), 0) as a_pagar,
        coalesce(sum(d.contestado), 0) as contestado,
        coalesce(sum(d.aceito) filter (where not d.aberta), 0) as desconto
      from fc left join disputa d on d.fatura_cte_id = fc.id
      group by fc.fatura_id),
    reg as (
      select fc.fatura_id, array_agg(distinct r order by r) as regras
      from fc cross join lateral unnest(fc.bloqueios) as r
      where cardinality(fc.bloqueios) > 0
      group by fc.fatura_id),
    base as (
      select f.id, f.liberada_por_id, coalesce(lin.bloqueadas, 0) as bloqueadas, coalesce(lin.so_disputas, true) as so_disputas,
        coalesce(lin.a_pagar, 0) as a_pagar, coalesce(lin.contestado, 0) as contestado, coalesce(lin.desconto, 0) as desconto,
        coalesce(reg.regras, '{}'::text[]) || case when ${vencimentoCurto(regras)} then array['VENCIMENTO_CURTO']::text[] else '{}'::text[] end as bloqueios,
        ${vencimentoCurto(regras)} as curto,
        f.pagar_incontroverso and ${incontroversoPermitido} as pedido
      from fatura f left join lin on lin.fatura_id = f.id left join reg on reg.fatura_id = f.id
      where f.id in (${alvo})),
    dec as (
      select b.*, b.pedido and b.so_disputas and not b.curto as incontroverso,
        case when cardinality(array_remove(b.bloqueios, 'CTE_NAO_AUDITADO')) > 0 then 'BLOQUEADA'
             when cardinality(b.bloqueios) > 0 then 'EM_CONFERENCIA' else 'LIBERADA' end as resultado
      from base b),
    novo as (
      select d.id, d.bloqueios, d.bloqueadas, d.contestado, d.desconto, d.incontroverso,
        round(d.a_pagar - case when d.incontroverso then d.contestado else 0 end, 2) as a_pagar,
        case when d.liberada_por_id is not null or d.incontroverso then 'LIBERADA' else d.resultado end as situacao
      from dec d)
    update fatura f set
      bloqueios = novo.bloqueios, linhas_bloqueadas = novo.bloqueadas, valor_a_pagar = novo.a_pagar,
      valor_contestado = novo.contestado, desconto_contestacoes = novo.desconto, pagar_incontroverso = novo.incontroverso,
      situacao_pagamento = novo.situacao,
      versao = f.versao + case when f.situacao_pagamento <> novo.situacao then 1 else 0 end
    from novo
    where f.id = novo.id and (f.bloqueios is distinct from novo.bloqueios or f.linhas_bloqueadas <> novo.bloqueadas
      or f.valor_a_pagar <> novo.a_pagar or f.valor_contestado <> novo.contestado or f.desconto_contestacoes <> novo.desconto
      or f.pagar_incontroverso <> novo.incontroverso or f.situacao_pagamento <> novo.situacao)`);
}
