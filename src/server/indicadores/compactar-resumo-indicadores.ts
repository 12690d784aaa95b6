import { sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { dobrarEmLotes, emSegundoPlano } from '../db/em-segundo-plano';

// Compaction of indicador_resumo (schema/indicador-resumo.ts, migration 0029), as cte_resumo's (ctes/resumo-ctes.ts,
// docs/decisoes.md §14): the triggers on cte_nota only append delta rows; this folds committed deltas into the one
// row per key, a batch per transaction, so a reader sees either a batch's deltas or their sum. One at a time per
// company (an advisory lock named after the schema, also taken by the recount of a UF whose limits change).

/** Delta rows one summary read may meet before it starts a compaction (in the background). */
export const DELTAS_PARA_COMPACTAR = 2000;
const LOTE = 5000;
/**
 * The server's background fold takes smaller batches: on PGlite each one is a statement every request waits behind
 * (5,000 deltas held the event loop for well over 50 ms while a batch of readings ran; issue 33).
 */
const LOTE_EM_SEGUNDO_PLANO = 500;

const MEDIDAS = ['notas', 'soma_frete_peso', 'qtd_frete_peso', 'soma_frete_valor', 'qtd_frete_valor', 'vermelhas_peso', 'vermelhas_valor'];
const somar = sql.raw(MEDIDAS.map((m) => `sum(${m})`).join(', '));
const acumular = sql.raw(MEDIDAS.map((m) => `${m} = indicador_resumo.${m} + excluded.${m}`).join(', '));
const zerada = sql.raw(MEDIDAS.map((m) => `c.${m} = 0`).join(' and '));

/** One batch: deleted as deltas and added into their keys' rows, in one transaction; -1 when locked out. */
async function compactarLote(db: Db, lote: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [trava] = linhas<{ livre: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(hashtext(current_schema() || '.indicador_resumo')) as livre`),
    );
    if (!trava.livre) return -1;
    const [r] = linhas<{ movidas: number; tocadas: unknown[] }>(
      await tx.execute(sql`
        with movidas as (
          delete from indicador_resumo where ctid = any(array(select ctid from indicador_resumo where delta limit ${lote})) returning *),
        somadas as (
          insert into indicador_resumo (referencia, dia, uf_destino, transportadora_id, ${sql.raw(MEDIDAS.join(', '))}, delta)
          select referencia, dia, uf_destino, transportadora_id, ${somar}, false from movidas
          group by referencia, dia, uf_destino, transportadora_id order by referencia, dia, uf_destino, transportadora_id
          on conflict (referencia, dia, uf_destino, transportadora_id) where not delta do update set ${acumular}
          returning referencia, dia, uf_destino, transportadora_id, notas)
        select (select count(*)::int from movidas) as movidas,
          coalesce((select json_agg(json_build_object('r', referencia, 'dia', dia, 'uf', uf_destino, 't', transportadora_id))
            from somadas where notas = 0), '[]'::json) as tocadas`),
    );
    // Keys left without notes (moved to another day, UF or carrier, or no longer counted) are dropped.
    if (r.tocadas.length)
      await tx.execute(sql`
        delete from indicador_resumo as c using json_to_recordset(${JSON.stringify(r.tocadas)}::json) as k(r text, dia date, uf text, t int)
        where not c.delta and ${zerada} and c.referencia = k.r and c.dia = k.dia and c.uf_destino = k.uf and c.transportadora_id = k.t`);
    return r.movidas;
  });
}

/** Folds the deltas committed by now; answers how many it folded (it stops if another compaction holds the lock). */
export const compactarResumoIndicadores = (db: Db, lote = LOTE): Promise<number> => dobrarEmLotes(db, lote, compactarLote);

const compactacao = emSegundoPlano('Resumo dos indicadores', (db) => compactarResumoIndicadores(db, LOTE_EM_SEGUNDO_PLANO));

/** Starts a compaction unless this process already runs one on `db`; the caller does not wait for it. */
export const compactarResumoEmSegundoPlano = compactacao.iniciar;

/** This process's background compaction of `db`, if one runs (a test, or a shutdown, may wait for it). */
export const compactacaoIndicadoresEmAndamento = compactacao.emAndamento;
