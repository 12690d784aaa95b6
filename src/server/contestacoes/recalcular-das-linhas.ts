import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { faturaCte } from '../db/schema/fatura';
import { contestacaoLinha } from '../db/schema/pagamento';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';

/**
 * After a dispute changes: the payment situation of the faturas its lines bill (by their fatura line), and of the
 * faturas that bill its not-yet-billed CT-es (a CT-e disputed before its fatura arrived).
 */
export async function recalcularDasLinhas(tx: Db, contestacaoId: number): Promise<void> {
  const faturas = await tx
    .selectDistinct({ id: faturaCte.faturaId })
    .from(contestacaoLinha)
    .innerJoin(faturaCte, eq(faturaCte.id, contestacaoLinha.faturaCteId))
    .where(eq(contestacaoLinha.contestacaoId, contestacaoId));
  if (faturas.length) await recalcularSituacaoPagamento(tx, { faturaIds: faturas.map((f) => f.id) });
  const soltos = await tx
    .select({ id: contestacaoLinha.cteId })
    .from(contestacaoLinha)
    .where(and(eq(contestacaoLinha.contestacaoId, contestacaoId), isNull(contestacaoLinha.faturaCteId), isNotNull(contestacaoLinha.cteId)));
  if (soltos.length) await recalcularSituacaoPagamento(tx, { cteIds: soltos.map((s) => s.id!) });
}
