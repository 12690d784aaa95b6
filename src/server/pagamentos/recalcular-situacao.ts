import type { Db } from '../db/database';

// PLACEHOLDER until the recompute lands (issue 29): the payment situation of faturas, recomputed set-based.

/** Which faturas to recompute: these ids, the faturas billing these CT-es, or every fatura not yet exported. */
export type AlvoRecalculo = { faturaIds: readonly number[] } | { cteIds: readonly number[] } | { todas: true };

/** Recomputes the lines' blocks, the values to pay and the payment situation of the faturas `alvo` selects. */
export async function recalcularSituacaoPagamento(_db: Db, _alvo: AlvoRecalculo): Promise<void> {}
