import { sql } from 'drizzle-orm';
import type { DesempenhoTransportadora } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';

// GET /pagamentos/desempenho (issue 29): the carriers' scorecard per month, two grouped queries merged by carrier
// and month. Lines: of the faturas emitted in the month (not cancelled): CT-e lines billed, % divergent (a line
// with any block, or billed ≠ audited), the amount overcharged Σ max(0, billed − audited). Disputes: answered in
// the month (São Paulo): Σ accepted credits, average days from sending to the answer. Exact numeric throughout.

interface LinhaMes {
  cnpj: string;
  nome: string;
  mes: string;
}
type Linhas = LinhaMes & { ctes: number; percentual: string; aMais: string };
type Disputas = LinhaMes & { recuperado: string; dias: string | null };

/** First day of `inicio` to the first day after `fim` (months YYYY-MM). */
const periodo = (inicio: string, fim: string) => ({ de: `${inicio}-01`, ate: sql`(${`${fim}-01`}::date + interval '1 month')::date` });

async function porLinhas(db: Db, inicio: string, fim: string): Promise<Linhas[]> {
  const p = periodo(inicio, fim);
  return linhas<Linhas>(
    await db.execute(sql`
      select f.transportadora_cnpj as cnpj, max(f.transportadora_razao_social) as nome, to_char(f.data_emissao, 'YYYY-MM') as mes,
        count(*)::int as ctes,
        round(100.0 * count(*) filter (where cardinality(fc.bloqueios) > 0 or v.auditado is distinct from v.faturado and v.auditado is not null) / count(*), 1)::text as percentual,
        coalesce(sum(greatest(0, v.faturado - v.auditado)), 0)::numeric(15,2)::text as "aMais"
      from fatura f
      join fatura_cte fc on fc.fatura_id = f.id
      left join cte c on c.id = fc.cte_id
      cross join lateral (select coalesce(fc.valor_frete, c.valor_total) as faturado,
        case when c.status = 'AUDITADO_REVISADO' then c.valor_correto
             when c.status in ('AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES') then c.valor_auditoria end as auditado) v
      where f.data_emissao >= ${p.de}::date and f.data_emissao < ${p.ate} and f.status <> 'CANCELADO'
      group by f.transportadora_cnpj, to_char(f.data_emissao, 'YYYY-MM')`),
  );
}

async function porDisputas(db: Db, inicio: string, fim: string): Promise<Disputas[]> {
  const p = periodo(inicio, fim);
  const mes = sql`to_char(c.respondida_em at time zone 'America/Sao_Paulo', 'YYYY-MM')`;
  return linhas<Disputas>(
    await db.execute(sql`
      select c.transportadora_cnpj as cnpj, max(c.transportadora_nome) as nome, ${mes} as mes,
        coalesce(sum(c.valor_aceito), 0)::numeric(15,2)::text as recuperado,
        round(avg(extract(epoch from c.respondida_em - c.enviada_em)) filter (where c.enviada_em is not null) / 86400, 1)::text as dias
      from contestacao c
      where c.respondida_em is not null
        and (c.respondida_em at time zone 'America/Sao_Paulo') >= ${p.de}::date
        and (c.respondida_em at time zone 'America/Sao_Paulo') < ${p.ate}
      group by c.transportadora_cnpj, ${mes}`),
  );
}

export async function desempenhoTransportadoras(db: Db, inicio: string, fim: string): Promise<DesempenhoTransportadora[]> {
  const [porLinha, porDisputa] = await Promise.all([porLinhas(db, inicio, fim), porDisputas(db, inicio, fim)]);
  const chave = (l: LinhaMes) => `${l.cnpj}|${l.mes}`;
  const todos = new Map<string, DesempenhoTransportadora>();
  const vazio = (l: LinhaMes): DesempenhoTransportadora => ({
    transportadoraCnpj: l.cnpj,
    transportadora: l.nome,
    mes: l.mes,
    ctesCobrados: 0,
    percentualDivergente: '0.0',
    valorCobradoAMais: '0.00',
    valorRecuperado: '0.00',
    diasMediosResposta: null,
  });
  for (const l of porLinha) todos.set(chave(l), { ...vazio(l), ctesCobrados: l.ctes, percentualDivergente: l.percentual, valorCobradoAMais: l.aMais });
  for (const d of porDisputa) {
    const atual = todos.get(chave(d)) ?? vazio(d);
    todos.set(chave(d), { ...atual, valorRecuperado: d.recuperado, diasMediosResposta: d.dias });
  }
  return [...todos.values()].sort((a, b) => a.mes.localeCompare(b.mes) || a.transportadora.localeCompare(b.transportadora, 'pt-BR') || a.transportadoraCnpj.localeCompare(b.transportadoraCnpj));
}
