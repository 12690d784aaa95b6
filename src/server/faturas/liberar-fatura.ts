import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mensagemLiberacaoSoBloqueada, type faturaLiberarSchema } from '../../contracts/alcadas';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../contracts/common';
import { MSG_FATURA_NAO_ENCONTRADA } from '../../contracts/faturas';
import { ROTULO_SITUACAO_PAGAMENTO } from '../../contracts/pagamentos';
import { alcadaDoUsuario, dentroDoLimite, mensagemAcimaDaAlcada } from '../alcadas/ler-alcadas';
import { registrarAprovacoes } from '../alcadas/registrar-aprovacoes';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { ApiError } from '../http/api-error';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';

export type LiberacaoFatura = z.infer<typeof faturaLiberarSchema>;

/**
 * The difference a release accepts: Σ over the fatura's blocked lines of max(0, billed − audited); billed is the
 * line's value (else the CT-e's charged value), audited the approved value of an AUDITADO_REVISADO CT-e, else its
 * audit's value; a line without an audited value counts whole. One aggregate over the fatura's lines.
 */
export async function diferencaBloqueada(db: Db, faturaId: number): Promise<string> {
  const r = await db.execute(sql`
    select coalesce(sum(greatest(0, cobrado - coalesce(auditado, 0))), 0)::numeric(15, 2)::text as diferenca
    from (
      select coalesce(fc.valor_frete, c.valor_total, 0) as cobrado,
             case when c.status = 'AUDITADO_REVISADO' then c.valor_correto else c.valor_auditoria end as auditado
      from fatura_cte fc left join cte c on c.id = fc.cte_id
      where fc.fatura_id = ${faturaId}::int and cardinality(fc.bloqueios) > 0
    ) linhas`);
  const linhas = (r as unknown as { rows: { diferenca: string }[] }).rows;
  return linhas[0]?.diferenca ?? '0.00';
}

/**
 * POST /faturas/liberar (issue 29): a person releases a BLOQUEADA fatura within their fatura limit. 404 unknown,
 * 409 stale version, 409 not BLOQUEADA, 409 above the limit (recorded as RECUSA); else liberada_por_id, a LIBERACAO
 * row, and the recompute (which reads liberada_por_id as released).
 */
export async function liberarFatura(db: Db, dados: LiberacaoFatura, usuarioId: number): Promise<void> {
  const recusa = await db.transaction(async (tx) => {
    const [atual] = await tx
      .select({ situacao: fatura.situacaoPagamento, versao: fatura.versao, numero: fatura.numeroDocumento })
      .from(fatura)
      .where(eq(fatura.id, dados.id))
      .for('update');
    if (!atual) throw new ApiError(404, [MSG_FATURA_NAO_ENCONTRADA]);
    if (atual.versao !== dados.versao) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    if (atual.situacao !== 'BLOQUEADA') throw new ApiError(409, [mensagemLiberacaoSoBloqueada(ROTULO_SITUACAO_PAGAMENTO[atual.situacao], atual.numero)]);
    const [diferenca, alcada] = await Promise.all([diferencaBloqueada(tx, dados.id), alcadaDoUsuario(tx, usuarioId)]);
    const registro = { faturaId: dados.id, usuarioId, nivel: alcada.nivel, diferenca, motivo: dados.motivo };
    if (!dentroDoLimite(diferenca, alcada.limiteFatura)) {
      await registrarAprovacoes(tx, [{ ...registro, tipo: 'RECUSA' }]);
      return mensagemAcimaDaAlcada(alcada.limiteFatura);
    }
    await tx
      .update(fatura)
      .set({ liberadaPorId: usuarioId, versao: sql`${fatura.versao} + 1` })
      .where(eq(fatura.id, dados.id));
    await registrarAprovacoes(tx, [{ ...registro, tipo: 'LIBERACAO' }]);
    await recalcularSituacaoPagamento(tx, { faturaIds: [dados.id] });
    return null;
  });
  // Above the limit: 409 after the refusal was recorded (committed above).
  if (recusa) throw new ApiError(409, [recusa]);
}
