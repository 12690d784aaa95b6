import { eq, sql } from 'drizzle-orm';
import { mensagemTransicaoContestacao, proximoStatusContestacao, type EventoContestacao } from '../../../machines/contestacao';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_CONTESTACAO_NAO_ENCONTRADA, type ContestacaoResponder, type StatusContestacao } from '../../contracts/contestacoes';
import { relogio } from '../../domain/relogio';
import type { Db } from '../db/database';
import { contestacao, contestacaoLinha } from '../db/schema/pagamento';
import { ApiError } from '../http/api-error';
import { recalcularDasLinhas } from './recalcular-das-linhas';
import { valoresAceitos } from './valores-aceitos';

// POST /contestacoes/{id}/enviar, /responder, /encerrar: the dispute locked, 404 unknown, 409 when the machine
// refuses the event (its message), 409 on a stale version; then the new status, its date, and the recompute of
// the payment situation of the faturas its lines bill.

type Atual = { status: StatusContestacao; versao: number; numero: number };

async function travar(tx: Db, id: number, evento: EventoContestacao, versao: number): Promise<{ atual: Atual; proximo: StatusContestacao }> {
  const [atual] = await tx
    .select({ status: contestacao.status, versao: contestacao.versao, numero: contestacao.numero })
    .from(contestacao)
    .where(eq(contestacao.id, id))
    .for('update');
  if (!atual) throw new ApiError(404, [MSG_CONTESTACAO_NAO_ENCONTRADA]);
  const proximo = proximoStatusContestacao(atual.status, evento);
  if (!proximo) throw new ApiError(409, [mensagemTransicaoContestacao(atual.status, evento.type, atual.numero)]);
  if (atual.versao !== versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
  return { atual, proximo };
}

const datas = (evento: EventoContestacao['type']) => {
  const agora = relogio.agora();
  if (evento === 'ENVIAR') return { enviadaEm: agora };
  if (evento === 'ENCERRAR') return { encerradaEm: agora };
  return { respondidaEm: agora };
};

/** ENVIAR or ENCERRAR: only the status and its date change. */
export async function mudarContestacao(db: Db, id: number, tipo: 'ENVIAR' | 'ENCERRAR', versao: number): Promise<void> {
  await db.transaction(async (tx) => {
    const { proximo } = await travar(tx, id, { type: tipo }, versao);
    await tx
      .update(contestacao)
      .set({ status: proximo, ...datas(tipo), versao: sql`${contestacao.versao} + 1` })
      .where(eq(contestacao.id, id));
    await recalcularDasLinhas(tx, id);
  });
}

/** RESPONDER: the carrier's answer, the accepted value of every line (the credit) and their total. */
export async function responderContestacao(db: Db, id: number, resposta: ContestacaoResponder): Promise<void> {
  await db.transaction(async (tx) => {
    const { proximo } = await travar(tx, id, { type: 'RESPONDER', resultado: resposta.resultado }, resposta.versao);
    const linhas = await tx
      .select({ id: contestacaoLinha.id, valorContestado: contestacaoLinha.valorContestado })
      .from(contestacaoLinha)
      .where(eq(contestacaoLinha.contestacaoId, id))
      .orderBy(contestacaoLinha.id);
    const { porLinha, total } = valoresAceitos(linhas, resposta);
    const ids = [...porLinha.keys()];
    const valores = sql.join(ids.map((l) => sql`(${l}::int, ${porLinha.get(l)}::numeric)`), sql`, `);
    await tx.execute(
      sql`update contestacao_linha set valor_aceito = v.valor from (values ${valores}) as v(id, valor) where contestacao_linha.id = v.id`,
    );
    await tx
      .update(contestacao)
      .set({
        status: proximo,
        ...datas('RESPONDER'),
        valorAceito: total,
        documentoCredito: resposta.documentoCredito || null,
        observacoes: resposta.observacoes || null,
        versao: sql`${contestacao.versao} + 1`,
      })
      .where(eq(contestacao.id, id));
    await recalcularDasLinhas(tx, id);
  });
}
