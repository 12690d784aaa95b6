import { inArray, sql } from 'drizzle-orm';
import { mensagemTransicaoPagamento, proximaSituacaoPagamento } from '../../../machines/fatura-pagamento';
import { mensagemIncontrovesoLiberado, MSG_BLOQUEIOS_ALEM_CONTESTACAO, MSG_INCONTROVERSO_DESLIGADO, type ResultadoAcaoPagamento } from '../../contracts/pagamentos';
import type { Db } from '../db/database';
import { linhas } from '../db/linhas';
import { fatura } from '../db/schema/fatura';
import { ApiError } from '../http/api-error';
import { travarFaturas, type FaturaVersao, type Tx } from './pagar-faturas';
import { recalcularSituacaoPagamento } from './recalcular-situacao';
import { lerRegrasPagamento } from './regras-pagamento';

// POST /pagamentos/liberar-incontroverso (issue 29; docs/decisoes.md §36 "pagar o incontroverso"): a BLOQUEADA
// fatura whose every blocked line is under an open dispute (ABERTA/ENVIADA) and with no fatura-level block
// (VENCIMENTO_CURTO) is released for the undisputed amount: pagar_incontroverso, LIBERADA by the machine's
// LIBERAR_INCONTROVERSO, then the recompute (values to pay without the disputed amount). All or nothing.

/** Per fatura: whether its blocks are only lines under open dispute (one query for all). */
async function soContestacoes(tx: Tx, ids: number[]): Promise<Map<number, boolean>> {
  const r = await tx.execute(sql`
    select f.id, not ('VENCIMENTO_CURTO' = any(f.bloqueios)) and not exists (
      select 1 from fatura_cte fc
      where fc.fatura_id = f.id and cardinality(fc.bloqueios) > 0
        and not exists (
          select 1 from contestacao_linha cl join contestacao c on c.id = cl.contestacao_id
          where cl.fatura_cte_id = fc.id and c.status in ('ABERTA', 'ENVIADA'))) as so
    from fatura f where f.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})`);
  return new Map(linhas<{ id: number; so: boolean }>(r).map((l) => [Number(l.id), l.so === true]));
}

export async function liberarIncontroverso(db: Db, pedidas: readonly FaturaVersao[]): Promise<ResultadoAcaoPagamento> {
  return db.transaction(async (tx) => {
    const travadas = await travarFaturas(tx, pedidas);
    const regras = await lerRegrasPagamento(tx);
    if (!regras.pagarIncontroverso) throw new ApiError(409, [MSG_INCONTROVERSO_DESLIGADO]);
    const so = await soContestacoes(tx, travadas.map((f) => f.id));
    for (const f of travadas) {
      const evento = { type: 'LIBERAR_INCONTROVERSO', soContestacoes: so.get(f.id) === true } as const;
      if (proximaSituacaoPagamento(f.situacao, evento)) continue;
      // BLOQUEADA takes the event only with disputes alone: otherwise say what blocks it; any other situation, the machine's message.
      if (proximaSituacaoPagamento(f.situacao, { ...evento, soContestacoes: true })) throw new ApiError(409, [MSG_BLOQUEIOS_ALEM_CONTESTACAO]);
      throw new ApiError(409, [mensagemTransicaoPagamento(f.situacao, 'LIBERAR_INCONTROVERSO', f.numero)]);
    }
    const ids = travadas.map((f) => f.id);
    await tx
      .update(fatura)
      .set({ pagarIncontroverso: true, situacaoPagamento: 'LIBERADA', versao: sql`${fatura.versao} + 1` })
      .where(inArray(fatura.id, ids));
    await recalcularSituacaoPagamento(tx, { faturaIds: ids });
    const feitas = await tx
      .select({ id: fatura.id, versao: fatura.versao, situacaoPagamento: fatura.situacaoPagamento })
      .from(fatura)
      .where(inArray(fatura.id, ids))
      .orderBy(fatura.id);
    return { mensagens: [mensagemIncontrovesoLiberado(feitas.length)], faturas: feitas };
  });
}
