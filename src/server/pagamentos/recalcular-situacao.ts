import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { lerRegrasPagamento } from './regras-pagamento';
import { recalcularFaturas } from './situacao-faturas';
import { recalcularLinhas } from './situacao-linhas';
import { reconferivel } from './situacao-resultado';

// The payment situation of faturas (issue 29; docs/decisoes.md §36), recomputed set-based: the rules (one read),
// the lines' blocks and values (one UPDATE), the faturas' rules, values and situation (one UPDATE). Only processed
// faturas in a reconferível situation (machines/fatura-pagamento.ts) move. Callers run it inside their transaction,
// after their change.

/** Which faturas to recompute: these ids, the faturas billing these CT-es, or every fatura not yet exported. */
export type AlvoRecalculo = { faturaIds: readonly number[] } | { cteIds: readonly number[] } | { todas: true };

const lista = (ids: readonly number[]) => sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`);

/** The SELECT of the target fatura ids (each filter indexed: the primary key, fatura_cte_cte_idx, fatura_situacao_*). */
function alvoSql(alvo: AlvoRecalculo): SQL | null {
  const base = sql`select f0.id from fatura f0 where f0.status = 'PROCESSADO' and ${reconferivel('f0.situacao_pagamento')}`;
  if ('todas' in alvo) return base;
  if ('faturaIds' in alvo) return alvo.faturaIds.length ? sql`${base} and f0.id = any(${lista(alvo.faturaIds)})` : null;
  return alvo.cteIds.length
    ? sql`${base} and f0.id in (select fc0.fatura_id from fatura_cte fc0 where fc0.cte_id = any(${lista(alvo.cteIds)}))`
    : null;
}

/** Recomputes the lines' blocks, the values to pay and the payment situation of the faturas `alvo` selects. */
export async function recalcularSituacaoPagamento(db: Db, alvo: AlvoRecalculo): Promise<void> {
  const selecao = alvoSql(alvo);
  if (!selecao) return;
  const regras = await lerRegrasPagamento(db);
  await recalcularLinhas(db, selecao, regras.bloqueios);
  await recalcularFaturas(db, selecao, regras);
}
