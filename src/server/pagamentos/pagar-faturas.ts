import { inArray, sql } from 'drizzle-orm';
import { mensagemTransicaoPagamento, proximaSituacaoPagamento, type EventoPagamento } from '../../../machines/fatura-pagamento';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_FATURA_NAO_ENCONTRADA } from '../../contracts/faturas';
import { mensagemFaturasPagas, MSG_FATURA_REPETIDA, type ResultadoAcaoPagamento, type SituacaoPagamento } from '../../contracts/pagamentos';
import { relogio } from '../../domain/relogio';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { ApiError } from '../http/api-error';

// POST /pagamentos/pagar (issue 29): EXPORTADA → PAGA by the machine, all or nothing. The faturas locked; an
// unknown one 404, a stale version 409 MENSAGEM_VERSAO_OBSOLETA, a situation the machine refuses 409 with its message.

export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export interface FaturaVersao {
  id: number;
  versao: number;
}
export interface FaturaTravada {
  id: number;
  versao: number;
  numero: string;
  situacao: SituacaoPagamento;
}

/** Locks the faturas (id order: no deadlock between two calls), checking each exists once at the version seen. */
export async function travarFaturas(tx: Tx, pedidas: readonly FaturaVersao[]): Promise<FaturaTravada[]> {
  const ids = pedidas.map((f) => f.id);
  if (new Set(ids).size !== ids.length) throw new ApiError(400, [MSG_FATURA_REPETIDA]);
  const linhas = await tx
    .select({ id: fatura.id, versao: fatura.versao, numero: fatura.numeroDocumento, situacao: fatura.situacaoPagamento })
    .from(fatura)
    .where(inArray(fatura.id, ids))
    .orderBy(fatura.id)
    .for('update');
  const porId = new Map(linhas.map((l) => [l.id, l]));
  for (const f of pedidas) {
    const atual = porId.get(f.id);
    if (!atual) throw new ApiError(404, [MSG_FATURA_NAO_ENCONTRADA]);
    if (atual.versao !== f.versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  }
  return pedidas.map((f) => porId.get(f.id)!);
}

/** The machine's next situation for each, or 409 with its message for the first it refuses. */
export function transicionar(faturas: readonly FaturaTravada[], evento: EventoPagamento): SituacaoPagamento {
  let destino: SituacaoPagamento | null = null;
  for (const f of faturas) {
    destino = proximaSituacaoPagamento(f.situacao, evento);
    if (!destino) throw new ApiError(409, [mensagemTransicaoPagamento(f.situacao, evento.type, f.numero)]);
  }
  return destino!;
}

export async function pagarFaturas(db: Db, pedidas: readonly FaturaVersao[]): Promise<ResultadoAcaoPagamento> {
  return db.transaction(async (tx) => {
    const travadas = await travarFaturas(tx, pedidas);
    const paga = transicionar(travadas, { type: 'PAGAR' });
    const feitas = await tx
      .update(fatura)
      .set({ situacaoPagamento: paga, pagaEm: relogio.agora(), versao: sql`${fatura.versao} + 1` })
      .where(inArray(fatura.id, travadas.map((f) => f.id)))
      .returning({ id: fatura.id, versao: fatura.versao, situacaoPagamento: fatura.situacaoPagamento });
    return { mensagens: [mensagemFaturasPagas(feitas.length)], faturas: feitas.sort((a, b) => a.id - b.id) };
  });
}
