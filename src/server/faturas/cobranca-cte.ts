import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { agoraSql } from '../db/agora-sql';
import { linhas } from '../db/linhas';
import { fatura, faturaCte, faturaDocumento } from '../db/schema/fatura';

// Which fatura a CT-e belongs to (issue 26, duplicate billing): the first line billing it (by identidade, in
// reading order) of a fatura not cancelled. The CT-e carries that line's document número (the Fretes screen's
// "Nº da fatura"); a later fatura billing it again leaves it there, and cancelling the first passes it on to
// the next. The version moves with every change, so an edit of the CT-e opened before gets 409.

/** The número of the first billing of the line `fc`'s CT-e in a fatura not cancelled, other than `excluida`. */
const primeiraCobranca = (excluida: number) => sql`(select od.numero from ${faturaCte} o
    join ${fatura} fo on fo.id = o.fatura_id join ${faturaDocumento} od on od.id = o.documento_id
    where o.identidade = fc.identidade and fo.status = 'PROCESSADO' and o.fatura_id <> ${excluida}
    order by o.fatura_id, o.linha limit 1)`;

/** After a reading: the CT-es this fatura bills first take its número; those billed before keep theirs. */
export async function numerarCtesCobrados(tx: Db, faturaId: number): Promise<void> {
  await tx.execute(sql`
    update cte as c set numero_fatura = d.numero, versao = c.versao + 1, alterado_em = ${agoraSql()}
    from ${faturaCte} fc join ${faturaDocumento} d on d.id = fc.documento_id
    where fc.fatura_id = ${faturaId} and c.id = fc.cte_id and c.numero_fatura is distinct from d.numero
      and not exists (select 1 from ${faturaCte} o join ${fatura} fo on fo.id = o.fatura_id
        where o.identidade = fc.identidade and fo.status = 'PROCESSADO' and o.fatura_id < fc.fatura_id)`);
}

/**
 * Before a fatura is cancelled: its CT-es that still carry its número pass to the next fatura billing them
 * (or to none); a CT-e whose número a person changed is left alone.
 */
export async function liberarCtesCobrados(tx: Db, faturaId: number): Promise<void> {
  await tx.execute(sql`
    update cte as c set numero_fatura = ${primeiraCobranca(faturaId)}, versao = c.versao + 1, alterado_em = ${agoraSql()}
    from ${faturaCte} fc join ${faturaDocumento} d on d.id = fc.documento_id
    where fc.fatura_id = ${faturaId} and c.id = fc.cte_id and c.numero_fatura = d.numero`);
}

/** How many lines of this fatura bill a CT-e already billed (another fatura not cancelled, or an earlier line). */
export async function contarJaCobrados(tx: Db, faturaId: number): Promise<number> {
  const r = await tx.execute(sql`
    select count(*)::int as n from ${faturaCte} fc
    where fc.fatura_id = ${faturaId} and exists (select 1 from ${faturaCte} o join ${fatura} fo on fo.id = o.fatura_id
      where o.identidade = fc.identidade and fo.status = 'PROCESSADO' and (o.fatura_id < fc.fatura_id or (o.fatura_id = fc.fatura_id and o.linha < fc.linha)))`);
  return linhas<{ n: number }>(r)[0].n;
}
