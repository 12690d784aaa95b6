import { and, eq, sql } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_REGRAS_SALVAS, type RegrasPagamento } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { configuracao } from '../db/schema/configuracao';
import { ApiError } from '../http/api-error';
import { recalcularSituacaoPagamento } from './recalcular-situacao';
import { lerRegrasPagamento } from './regras-pagamento';

// POST /regras-pagamento (issue 29, Configuração › Pagamento): the company's release rules, with the settings'
// version (a stale one: 409, nothing written); every fatura not exported is reconferred in the same transaction.

export interface RegrasPagamentoSalvas {
  mensagens: string[];
  regras: RegrasPagamento;
}

export async function salvarRegrasPagamento(db: Db, dados: RegrasPagamento): Promise<RegrasPagamentoSalvas> {
  return db.transaction(async (tx) => {
    const { versao, ...regras } = dados;
    const [linha] =
      versao === undefined
        ? []
        : await tx
            .update(configuracao)
            .set({ regrasPagamento: regras, versao: sql`${configuracao.versao} + 1` })
            .where(and(eq(configuracao.id, 1), eq(configuracao.versao, versao)))
            .returning({ id: configuracao.id });
    if (!linha) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    await recalcularSituacaoPagamento(tx, { todas: true });
    return { mensagens: [MSG_REGRAS_SALVAS], regras: await lerRegrasPagamento(tx) };
  });
}
