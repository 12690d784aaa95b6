import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { agoraSql } from '../db/agora-sql';
import { linhas } from '../db/linhas';
import { fatura, faturaCte, faturaDocumento } from '../db/schema/fatura';

// Which fatura a CT-e belongs to (docs/decisoes.md §17, duplicate billing): the first line billing it (by identidade,
// in reading order) of a fatura not cancelled. Every later line billing it points at that one
// (fatura_cte.cobranca_anterior_id: "já cobrado"), kept here when a fatura is read and when one is cancelled, so
// the lists read a column. The CT-e carries the first line's document número (the Fretes screen's "Nº da
// fatura"); cancelling that fatura passes it on to the next. The version moves with every change of the CT-e,
// so an edit opened before gets 409.

/**
 * Recomputes cobranca_anterior_id of the lines `alvo` selects (alias fc), from the faturas not cancelled;
 * writes only what changed. Answers how many of those lines bill a CT-e already billed.
 */
async function marcarCobrancasAnteriores(tx: Db, alvo: SQL): Promise<number> {
  const r = await tx.execute(sql`
    with x as (
      select fc.id, fc.cobranca_anterior_id as atual,
        (select o.id from ${faturaCte} o join ${fatura} fo on fo.id = o.fatura_id
          where o.identidade = fc.identidade and fo.status = 'PROCESSADO' and (o.fatura_id, o.linha) < (fc.fatura_id, fc.linha)
          order by o.fatura_id, o.linha limit 1) as anterior
      from ${faturaCte} fc where ${alvo}
        -- Most lines bill a CT-e nobody billed before: one probe of the index, without the join, leaves them out.
        and exists (select 1 from ${faturaCte} p where p.identidade = fc.identidade and (p.fatura_id, p.linha) < (fc.fatura_id, fc.linha))),
    mudou as (
      update ${faturaCte} as l set cobranca_anterior_id = x.anterior from x
      where l.id = x.id and x.anterior is distinct from x.atual returning 1)
    select (select count(*) from x where anterior is not null)::int as n, (select count(*) from mudou)::int as mudaram`);
  return linhas<{ n: number }>(r)[0].n;
}

/** Lines of a fatura by their line number in the file, both ends included. */
export interface FaixaLinhas {
  de: number;
  ate: number;
}

/**
 * After a reading: marks the fatura's lines that bill a CT-e already billed (another fatura not cancelled, or
 * an earlier line of this one), and the CT-es it bills first take its número. Answers how many were marked.
 * With `faixa`, only those lines (issue 33: the reading runs it a few hundred lines a statement, in line order,
 * so each statement stays short on PGlite).
 */
export async function registrarCobrancas(tx: Db, faturaId: number, faixa?: FaixaLinhas): Promise<number> {
  const daFaixa = faixa ? sql` and fc.linha between ${faixa.de} and ${faixa.ate}` : sql``;
  const jaCobrados = await marcarCobrancasAnteriores(tx, sql`fc.fatura_id = ${faturaId}${daFaixa}`);
  await tx.execute(sql`
    update cte as c set numero_fatura = d.numero, versao = c.versao + 1, alterado_em = ${agoraSql()}
    from ${faturaCte} fc join ${faturaDocumento} d on d.id = fc.documento_id
    where fc.fatura_id = ${faturaId}${daFaixa} and c.id = fc.cte_id and fc.cobranca_anterior_id is null and c.numero_fatura is distinct from d.numero`);
  return jaCobrados;
}

/**
 * Cancels a fatura's billings: its CT-es that still carry its número pass to the next fatura billing them (or to
 * none; a número a person changed is left alone), the fatura becomes CANCELADO, and the other faturas' lines
 * billing the same CT-es are marked again (the next one becomes the first).
 */
export async function cancelarCobrancas(tx: Db, faturaId: number, marcarCancelada: () => Promise<void>): Promise<void> {
  await tx.execute(sql`
    update cte as c set versao = c.versao + 1, alterado_em = ${agoraSql()},
      numero_fatura = (select od.numero from ${faturaCte} o join ${fatura} fo on fo.id = o.fatura_id join ${faturaDocumento} od on od.id = o.documento_id
        where o.identidade = fc.identidade and fo.status = 'PROCESSADO' and o.fatura_id <> ${faturaId} order by o.fatura_id, o.linha limit 1)
    from ${faturaCte} fc join ${faturaDocumento} d on d.id = fc.documento_id
    where fc.fatura_id = ${faturaId} and c.id = fc.cte_id and c.numero_fatura = d.numero`);
  await marcarCancelada();
  await marcarCobrancasAnteriores(
    tx,
    sql`fc.fatura_id <> ${faturaId} and fc.identidade in (select identidade from ${faturaCte} where fatura_id = ${faturaId})`,
  );
}
