import { sql } from 'drizzle-orm';
import { STATUS_CTE_CONFERIDOS } from '../../../domain/faturas/conferencia-fatura';
import type { Db } from '../../db/database';
import { linhas } from '../../db/linhas';

// The demo CT-es the demo faturas bill, chosen by two ordered queries (no per-row queries):
// the carriers with the most "conferidos" CT-es (audited with success or observations, or approved), and
// per carrier its most recent ones, emitted before the fatura's day; the newest AUDITADO_FALHA too (the
// divergent line of the file dropped in the input folder).

export interface NotaFaturaDemo {
  chave: string;
  numero: number | null;
  pesoBruto: string | null;
  valor: string | null;
}

export interface CteFaturaDemo {
  id: number;
  chave: string;
  serie: string;
  numero: number;
  /** The CT-e's São Paulo date (YYYY-MM-DD). */
  dataEmissao: string;
  /** The charged value (cte.valor_total): what a conferido line bills. */
  valorTotal: string;
  status: string;
  emitente: string;
  remetente: string | null;
  destinatario: string | null;
  notas: NotaFaturaDemo[];
}

export interface TransportadoraFaturaDemo {
  id: number;
  cnpj: string;
  razaoSocial: string;
  /** The highest CT-e number this carrier issued in the database (a higher one is "not found"). */
  maiorNumero: number;
  conferidos: CteFaturaDemo[];
  /** Its newest CT-e whose audit failed (overcharged against the table), if any. */
  falha: CteFaturaDemo | null;
}

type LinhaCte = Omit<CteFaturaDemo, 'notas'> & { transportadoraId: number; cnpj: string; razaoSocial: string; maiorNumero: number; k: number };


/**
 * Up to `transportadoras` carriers (most conferidos first, then id) with up to `porTransportadora` conferidos
 * each (newest first) emitted before `dia` (YYYY-MM-DD, São Paulo) and billed in no fatura yet.
 */
export async function ctesFaturasDemo(db: Db, dia: string, transportadoras: number, porTransportadora: number): Promise<TransportadoraFaturaDemo[]> {
  const corte = sql`(${dia}::date::timestamp at time zone 'America/Sao_Paulo')`;
  // Approved CT-es are left out: approved at the audit's value, a fatura billing what they charged is blocked for
  // payment (VALOR_ACIMA_AUDITADO, issue 29), and the demo's "conferida" fatura should be payable (Liberada).
  const conferidos = sql.raw(STATUS_CTE_CONFERIDOS.filter((s) => s !== 'AUDITADO_REVISADO').map((s) => `'${s}'`).join(', '));
  const rows = linhas<LinhaCte>(
    await db.execute(sql`
      with candidato as (
        select c.id, c.transportadora_id, c.chave, c.serie, c.numero, c.data_emissao, c.valor_total, c.status,
               c.emitente_documento, c.remetente_documento, c.destinatario_documento,
               row_number() over (partition by c.transportadora_id, c.status = 'AUDITADO_FALHA' order by c.data_emissao desc, c.id desc) as k
        from cte c
        where c.status in (${conferidos}, 'AUDITADO_FALHA') and c.transportadora_id is not null and c.numero_fatura is null
          and c.data_emissao < ${corte} and c.emitente_documento is not null),
      t as (
        select transportadora_id, count(*) as n from candidato where status <> 'AUDITADO_FALHA'
        group by transportadora_id having count(*) >= ${porTransportadora}
        order by n desc, transportadora_id limit ${transportadoras})
      select c.id, c.chave, c.serie, c.numero, to_char(c.data_emissao at time zone 'America/Sao_Paulo', 'YYYY-MM-DD') as "dataEmissao",
             c.valor_total::text as "valorTotal", c.status, c.emitente_documento as emitente, c.remetente_documento as remetente,
             c.destinatario_documento as destinatario, c.k::int as k,
             tr.id as "transportadoraId", tr.cnpj, tr.razao_social as "razaoSocial",
             (select max(x.numero) from cte x where x.emitente_documento = tr.cnpj)::int as "maiorNumero"
      from candidato c join t on t.transportadora_id = c.transportadora_id join transportadora tr on tr.id = c.transportadora_id
      where (c.status <> 'AUDITADO_FALHA' and c.k <= ${porTransportadora}) or (c.status = 'AUDITADO_FALHA' and c.k = 1)
      order by t.n desc, t.transportadora_id, c.k, c.status`),
  );
  const notas = await notasDe(db, rows.map((r) => r.id));
  const porId = new Map<number, TransportadoraFaturaDemo>();
  for (const { transportadoraId, cnpj, razaoSocial, maiorNumero, k: _k, ...c } of rows) {
    let t = porId.get(transportadoraId);
    if (!t) porId.set(transportadoraId, (t = { id: transportadoraId, cnpj, razaoSocial, maiorNumero, conferidos: [], falha: null }));
    const cte = { ...c, notas: notas.get(c.id) ?? [] };
    if (c.status === 'AUDITADO_FALHA') t.falha = cte;
    else t.conferidos.push(cte);
  }
  return [...porId.values()];
}

/** The notes of the chosen CT-es, in one query, in their order. */
async function notasDe(db: Db, ids: number[]): Promise<Map<number, NotaFaturaDemo[]>> {
  const mapa = new Map<number, NotaFaturaDemo[]>();
  if (!ids.length) return mapa;
  const rows = linhas<NotaFaturaDemo & { cteId: number }>(
    await db.execute(sql`
      select cte_id as "cteId", chave, numero, peso_bruto::text as "pesoBruto", valor::text as valor
      from cte_nota where cte_id = any(${sql.raw(`array[${ids.join(',')}]`)}::int[]) order by cte_id, id`),
  );
  for (const { cteId, ...n } of rows) mapa.set(cteId, [...(mapa.get(cteId) ?? []), n]);
  return mapa;
}
