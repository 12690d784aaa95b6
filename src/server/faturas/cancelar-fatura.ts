import { eq } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_FATURA_JA_CANCELADA, MSG_FATURA_NAO_ENCONTRADA } from '../../contracts/faturas';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { ApiError } from '../http/api-error';
import { cancelarFaturaTx } from './gravar-fatura';

/**
 * POST /faturas/cancelar (spec 03 §2.4 "cancel", §4): the fatura locked, 404 unknown, 409 already cancelled,
 * 409 stale version (nothing written); then CANCELADO and its CT-es released. Answers the número.
 */
export async function cancelarFatura(db: Db, id: number, versao: number): Promise<string> {
  return db.transaction(async (tx) => {
    const [atual] = await tx.select({ status: fatura.status, versao: fatura.versao, numero: fatura.numeroDocumento }).from(fatura).where(eq(fatura.id, id)).for('update');
    if (!atual) throw new ApiError(404, [MSG_FATURA_NAO_ENCONTRADA]);
    if (atual.status === 'CANCELADO') throw new ApiError(409, [MSG_FATURA_JA_CANCELADA]);
    if (atual.versao !== versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    await cancelarFaturaTx(tx, id);
    return atual.numero;
  });
}
