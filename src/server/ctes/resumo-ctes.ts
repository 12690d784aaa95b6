import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { dobrarEmLotes, emSegundoPlano } from '../db/em-segundo-plano';

// Compaction of cte_resumo (schema/cte-resumo.ts, migration 0021): the triggers on cte only append delta
// rows; this folds committed deltas into the one row per key, a batch per transaction, so a reader sees
// either a batch's deltas or their sum, never both nor neither. Batches keep each transaction short (PGlite
// runs one query at a time: requests wait only for a batch). One batch at a time per company (an advisory
// lock named after the schema: a PostgreSQL database holds both companies); a second compaction skips.

/** Delta rows one totals query may add up before it starts a compaction (in the background). */
export const DELTAS_PARA_COMPACTAR = 2000;
/** Delta rows folded per transaction. */
const LOTE = 5000;
/**
 * The server's background fold takes smaller batches: on PGlite each one is a statement every request waits behind
 * (5,000 deltas held the event loop for well over 50 ms while a batch of readings ran; issue 33).
 */
const LOTE_EM_SEGUNDO_PLANO = 500;

/** Folds the deltas committed by now; answers how many it folded (it stops if another compaction holds the lock). */
export const compactarResumo = (db: Db, lote = LOTE): Promise<number> => dobrarEmLotes(db, lote, compactarLote);

/** One batch: deleted as deltas and added into their keys' rows, in one transaction; -1 when locked out. */
async function compactarLote(db: Db, lote: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [trava] = linhas<{ livre: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(current_schema() || '.cte_resumo')) as livre`),
    );
    if (!trava.livre) return -1;
    // Read committed: a delta of a transaction still open is not seen, and stays for a later batch.
    const [r] = linhas<{ movidas: number; vazias: unknown[] }>(
      await tx.execute(sql`
        with movidas as (
          delete from cte_resumo where ctid = any(array(select ctid from cte_resumo where delta limit ${lote}))
          returning transportadora_id, dia, tomador, status, quantidade, valor_total, valor_auditoria),
        somadas as (
          insert into cte_resumo (transportadora_id, dia, tomador, status, quantidade, valor_total, valor_auditoria, delta)
          select transportadora_id, dia, tomador, status, sum(quantidade), sum(valor_total), sum(valor_auditoria), false
          from movidas group by transportadora_id, dia, tomador, status order by transportadora_id, dia, tomador, status
          on conflict (transportadora_id, dia, tomador, status) where not delta do update set
            quantidade = cte_resumo.quantidade + excluded.quantidade,
            valor_total = cte_resumo.valor_total + excluded.valor_total,
            valor_auditoria = cte_resumo.valor_auditoria + excluded.valor_auditoria
          returning transportadora_id, dia, tomador, status, quantidade)
        select (select count(*)::int from movidas) as movidas,
          coalesce((select json_agg(json_build_object('t', transportadora_id, 'dia', dia, 'tomador', tomador, 'status', status))
            from somadas where quantidade = 0), '[]'::json) as vazias`),
    );
    // Keys left without CT-es (all moved to another status, day or carrier) are dropped.
    if (r.vazias.length)
      await tx.execute(sql`
        delete from cte_resumo as c using json_to_recordset(${JSON.stringify(r.vazias)}::json) as k(t int, dia date, tomador text, status text)
        where not c.delta and c.quantidade = 0 and c.valor_total = 0 and c.valor_auditoria = 0
          and c.transportadora_id = k.t and c.dia = k.dia and c.tomador = k.tomador and c.status = k.status`);
    return r.movidas;
  });
}

const compactacao = emSegundoPlano('Resumo dos CT-es', (db) => compactarResumo(db, LOTE_EM_SEGUNDO_PLANO));

/** Starts a compaction unless this process already runs one on `db`; the caller does not wait for it. */
export const compactarEmSegundoPlano = compactacao.iniciar;

/** This process's background compaction of `db`, if one runs (a test, or a shutdown, may wait for it). */
export const compactacaoEmAndamento = compactacao.emAndamento;
