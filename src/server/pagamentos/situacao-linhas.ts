import { sql, type SQL } from 'drizzle-orm';
import type { RegraBloqueio, RegrasPagamento } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { listaInteiros } from '../db/lista-inteiros';
import { naoPagavelTexto } from './pagavel';

// The recompute's first statement (issue 29; docs/decisoes.md §36): every line of the target faturas gets the
// release rules it breaks (only the rules switched on) and its value to pay, in one UPDATE … FROM that writes only
// the lines whose blocks or value changed.

/**
 * The lines' disputes, one row per line of the faturas `alvo` selects: open disputed amount, whether any is open,
 * the settled credit. Restricted to those lines (contestacao_linha_fatura_cte_idx), not every dispute of the company.
 */
export const disputasLinha = (alvo: SQL): SQL => sql`
  select cl.fatura_cte_id,
    bool_or(ct.status in ('ABERTA', 'ENVIADA')) as aberta,
    bool_or(ct.status in ('ACEITA', 'RECUSADA', 'PARCIAL') or (ct.status = 'ENCERRADA' and ct.respondida_em is not null)) as resolvida,
    coalesce(sum(cl.valor_contestado) filter (where ct.status in ('ABERTA', 'ENVIADA')), 0) as contestado,
    coalesce(sum(coalesce(cl.valor_aceito, 0)) filter (where ct.status in ('ACEITA', 'RECUSADA', 'PARCIAL')
      or (ct.status = 'ENCERRADA' and ct.respondida_em is not null)), 0) as aceito
  from contestacao_linha cl join contestacao ct on ct.id = cl.contestacao_id
  where cl.fatura_cte_id in (select fc1.id from fatura_cte fc1 where fc1.fatura_id in (${alvo}))
  group by cl.fatura_cte_id`;

/** Each rule's condition over `l` (the line joined to its CT-e, with faturado, auditado and the tolerances). */
const CONDICOES: Record<Exclude<RegraBloqueio, 'VENCIMENTO_CURTO'>, string> = {
  CTE_NAO_ENCONTRADO: `l.cte_id is null`,
  CTE_NAO_AUDITADO: `l.status in ('LIDO', 'PROCESSADO')`,
  AUDITORIA_FALHA: `l.status in ('AUDITADO_FALHA', 'AUDITADO_ERRO')`,
  // Issue 31: an annulled or substituted CT-e (or an anulação) billed is not payable either (pagavel.ts).
  CTE_CANCELADO_COBRADO: `l.status in ('CANCELADO', 'DESCONSIDERADO') or l.nao_pagavel`,
  CTE_JA_COBRADO: `l.cobranca_anterior_id is not null`,
  // As the audit's verdict: over the larger of the absolute tolerance and the percentage of the audited value.
  VALOR_ACIMA_AUDITADO: `l.auditado is not null and l.faturado - l.auditado > greatest(l.tol_valor, l.auditado * l.tol_percentual / 100)`,
  DIVERGENCIA_ABERTA: `(l.cte_id is not null and l.faturado <> l.cobrado) or l.aberta`,
};

/** The text[] of the rules a line breaks (alphabetical, as array_agg(distinct) sorts them), among those on. */
export function bloqueiosLinhaSql(regras: RegrasPagamento['bloqueios']): SQL {
  const ligadas = (Object.keys(CONDICOES) as (keyof typeof CONDICOES)[]).filter((r) => regras[r]).sort();
  if (ligadas.length === 0) return sql.raw(`'{}'::text[]`);
  const casos = ligadas.map((r) => `case when ${CONDICOES[r]} then '${r}' end`).join(',\n      ');
  // A line settled by an answered dispute (and under no open one) passes every rule.
  return sql.raw(`case when l.resolvida and not l.aberta then '{}'::text[] else array_remove(array[${casos}]::text[], null) end`);
}

/** Lines by id, both ends included. */
export interface FaixaIds {
  de: number;
  ate: number;
}

/** Which lines of the target faturas: a range of ids, or those billing these CT-es. */
export type LinhasRecalculo = FaixaIds | { cteIds: readonly number[] };

/**
 * Updates fatura_cte.bloqueios and valor_a_pagar of the lines of the faturas `alvo` (a SELECT of fatura ids); with
 * `somente`, only a range of ids (recalcular-situacao.ts cuts a fatura of thousands of lines so) or the lines billing
 * some CT-es (a line's blocks and value depend on its own CT-e, disputes and row).
 */
export async function recalcularLinhas(db: Db, alvo: SQL, regras: RegrasPagamento['bloqueios'], somente?: LinhasRecalculo): Promise<void> {
  const daFaixa = !somente ? sql`` : 'cteIds' in somente ? sql` and fc.cte_id = any(${listaInteiros(somente.cteIds)})` : sql` and fc.id between ${somente.de} and ${somente.ate}`;
  await db.execute(sql`
    with disputa as (${disputasLinha(alvo)}),
    cfg as (select tolerancia_valor, tolerancia_percentual from configuracao where id = 1),
    l as (
      select fc.id, fc.cobranca_anterior_id, c.id as cte_id, c.status, c.valor_total as cobrado,
        coalesce(${sql.raw(naoPagavelTexto('c'))}, false) as nao_pagavel,
        coalesce(fc.valor_frete, c.valor_total, 0) as faturado,
        case when c.status = 'AUDITADO_REVISADO' then c.valor_correto
             when c.status in ('AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES') then c.valor_auditoria end as auditado,
        coalesce(cfg.tolerancia_valor, 0.10) as tol_valor, coalesce(cfg.tolerancia_percentual, 0) as tol_percentual,
        coalesce(d.aberta, false) as aberta, coalesce(d.resolvida, false) as resolvida, coalesce(d.aceito, 0) as aceito
      from fatura_cte fc
      left join cte c on c.id = fc.cte_id
      left join disputa d on d.fatura_cte_id = fc.id
      left join cfg on true
      where fc.fatura_id in (${alvo})${daFaixa}),
    novo as (
      select l.id, ${bloqueiosLinhaSql(regras)} as bloqueios,
        round(l.faturado - case when l.resolvida and not l.aberta then l.aceito else 0 end, 2) as valor_a_pagar
      from l)
    update fatura_cte f set bloqueios = novo.bloqueios, valor_a_pagar = novo.valor_a_pagar
    from novo
    where f.id = novo.id and (f.bloqueios is distinct from novo.bloqueios or f.valor_a_pagar is distinct from novo.valor_a_pagar)`);
}
