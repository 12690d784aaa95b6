import { eq, sql } from 'drizzle-orm';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
import type { CancelamentoCte, CteLido } from '../../contracts/cte-documento';
import type { Db } from '../db/database';
import { cte, cteXml } from '../db/schema/cte';
import { instanteXml } from '../../domain/cte/instante-xml';
import { relogio } from '../../domain/relogio';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';

// Cancelling a CT-e already in the database (spec 03 §7, docs/decisoes.md §12): by a cancellation event file, or by its
// cteProc read again carrying the cancellation it did not carry before. The status machine decides; a
// cancelled CT-e is final. A CT-e billed in a fatura shows cancelled there at once (the check reads its status).

export interface ColunasCancelamento {
  dataCancelamento: Date;
  motivoCancelamento: string | null;
}

/** When (the given date-time, else now) and why, as the cte table keeps them. */
export function colunasCancelamento(c: { dataCancelamento: string | null; motivoCancelamento: string | null }): ColunasCancelamento {
  const quando = instanteXml(c.dataCancelamento);
  return { dataCancelamento: quando ? new Date(quando) : relogio.agora(), motivoCancelamento: c.motivoCancelamento?.slice(0, 255) ?? null };
}

/** A cancelled CT-e's columns: from the cancellation its cteProc carries, else from its protocol (cStat 101, 135, 155). */
export function cancelamentoDoCte(lido: CteLido, embutido?: CancelamentoCte): ColunasCancelamento {
  if (embutido) return colunasCancelamento(embutido);
  return colunasCancelamento({ dataCancelamento: lido.protocolo?.recebidoEm ?? null, motivoCancelamento: lido.protocolo?.motivo ?? null });
}

/** The cteProc that proves the cancellation: it becomes the CT-e's document and kept XML. */
export interface ArquivoCancelado {
  lido: CteLido;
  xml: string;
  nome: string;
}

/**
 * Cancels the CT-e of `chave` (locked for the change) and moves its version; with `arquivo`, keeps that file
 * as its XML. The reason, in Portuguese, when it cannot: not read yet, or its status does not allow it.
 */
export async function cancelarCte(tx: Db, chave: string, colunas: ColunasCancelamento, arquivo?: ArquivoCancelado): Promise<{ motivo: string } | null> {
  const [atual] = await tx
    .select({ id: cte.id, status: cte.status, tipoCte: cte.tipoCte, referenciado: cte.cteReferenciadoId })
    .from(cte)
    .where(eq(cte.chave, chave))
    .for('update');
  if (!atual) return { motivo: `O CT-e ${chave} deste cancelamento ainda não foi lido: leia o CT-e e depois o cancelamento.` };
  if (proximoStatus(atual.status, { type: 'CANCELAR' }) === null) return { motivo: mensagemTransicaoIlegal(atual.status, 'CANCELAR') };
  await tx
    .update(cte)
    .set({ status: 'CANCELADO', ...colunas, ...(arquivo ? { documento: arquivo.lido } : {}), versao: sql`${cte.versao} + 1`, alteradoEm: relogio.agora() })
    .where(eq(cte.id, atual.id));
  if (arquivo) {
    const xml = { nomeArquivo: arquivo.nome.slice(0, 255), xml: arquivo.xml };
    await tx.insert(cteXml).values({ cteId: atual.id, ...xml }).onConflictDoUpdate({ target: cteXml.cteId, set: xml });
  }
  // A billed CT-e cancelled: its faturas are reconferred (issue 29, CTE_CANCELADO_COBRADO); a cancelled anulação or
  // substitute no longer takes its original out of the payable set (issue 31): the original's faturas too.
  const original = (atual.tipoCte === 2 || atual.tipoCte === 3) && atual.referenciado !== null ? [atual.referenciado] : [];
  await recalcularSituacaoPagamento(tx, { cteIds: [atual.id, ...original] });
  return null;
}
