import { eq } from 'drizzle-orm';
import { mensagemTransicaoMinuta, podeMinuta } from '../../../machines/minuta-confirmation';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import type { Db } from '../db/database';
import { conembConhecimento, minuta } from '../db/schema/minuta';
import { ApiError } from '../http/api-error';
import { minutaNaoEncontrada } from './ler-minuta';
import { relogio } from '../../domain/relogio';

/**
 * DELETE /minutas (spec 03 §7 "by id"): the minuta locked, 404 unknown, 409 when its status does not take
 * EXCLUIR (only PENDENTE does), 409 stale version; then it goes with its notes and cost elements (cascade).
 * A minuta converted from a CONEMB conhecimento marks that conhecimento excluded, as an ação E would: a
 * later "Converter Minutas" must not bring back what a person deleted. A later CONEMB that sends it again
 * reads it again (inclusoes-conemb.ts): so a conhecimento re-sent with other values, refused while its minuta
 * was PENDENTE, reads once that minuta is deleted (docs/decisoes.md §22).
 */
export async function excluirMinuta(db: Db, id: number, versao: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ status: minuta.status, versao: minuta.versao, numero: minuta.numero, conhecimentoId: minuta.conhecimentoId })
      .from(minuta)
      .where(eq(minuta.id, id))
      .for('update');
    if (!atual) throw minutaNaoEncontrada();
    if (!podeMinuta(atual.status, 'EXCLUIR')) throw new ApiError(409, [mensagemTransicaoMinuta(atual.status, 'EXCLUIR', atual.numero)]);
    if (atual.versao !== versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    await tx.delete(minuta).where(eq(minuta.id, id));
    if (atual.conhecimentoId !== null) await tx.update(conembConhecimento).set({ excluidoEm: relogio.agora() }).where(eq(conembConhecimento.id, atual.conhecimentoId));
  });
}
