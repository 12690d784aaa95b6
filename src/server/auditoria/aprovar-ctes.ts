import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
import { mensagemAlcadaInsuficiente, MSG_SEM_ALCADA, type MinhaAlcada } from '../../contracts/alcadas';
import {
  MSG_CTE_SEM_AUDITORIA,
  MSG_SEM_VALOR_AUDITORIA,
  mensagemCteNaoEncontrado,
  mensagemDoCte,
  resumoAprovacao,
  type aprovarSchema,
  type ResultadoLote,
} from '../../contracts/ctes';
import type { Db } from '../db/database';
import { cte, cteAuditoria } from '../db/schema/cte';
import { ApiError } from '../http/api-error';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';
import { idAuditoriaAtual } from './ler-auditorias';
import { relogio } from '../../domain/relogio';
import { alcadaDoUsuario, dentroDoLimite, mensagemAcimaDaAlcada } from '../alcadas/ler-alcadas';
import { diferencaCte, registrarAprovacoes } from '../alcadas/registrar-aprovacoes';
import { recalcularSituacaoPagamento } from '../pagamentos/recalcular-situacao';

export type Aprovacao = z.infer<typeof aprovarSchema>;

type Aprovado = { id: number; numero: number; auditoria: number; valor: string; diferenca: string };


/** The CT-es of the batch, locked, with their current audit; 404 for unknown ids (approval and forwarding). */
export async function lerCtesParaAprovar(tx: Db, ids: number[]) {
  const linhas = await tx
    .select({ id: cte.id, numero: cte.numero, status: cte.status, auditoria: cteAuditoria.id, valorCobrado: cteAuditoria.valorCobrado, valorTotal: cteAuditoria.valorTotal })
    .from(cte)
    // The CT-e's current audit: its newest (older ones are history).
    .leftJoin(cteAuditoria, eq(cteAuditoria.id, idAuditoriaAtual(cte.id)))
    .where(naLista(cte.id, ids))
    .for('update', { of: cte });
  const porId = new Map(linhas.map((l) => [l.id, l]));
  const faltam = ids.filter((id) => !porId.has(id));
  if (faltam.length) throw new ApiError(404, faltam.map(mensagemCteNaoEncontrado));
  return porId;
}

/** The machine's and the audit's refusals (all or nothing: 409 with every one); else the CT-es to approve. */
function aprovaveis(ids: number[], porId: Awaited<ReturnType<typeof lerCtesParaAprovar>>, aprovacao: Aprovacao): Aprovado[] {
  const recusas: string[] = [];
  const aprovados: Aprovado[] = [];
  for (const id of ids) {
    const l = porId.get(id)!;
    const recusa = (m: string) => recusas.push(ids.length > 1 ? mensagemDoCte(l.numero, m) : m);
    if (proximoStatus(l.status, { type: 'APROVAR' }) === null) recusa(mensagemTransicaoIlegal(l.status, 'APROVAR'));
    else if (l.auditoria === null || l.valorCobrado === null) recusa(MSG_CTE_SEM_AUDITORIA);
    else {
      const valor = aprovacao.valorCorreto ?? (aprovacao.base === 'TRANSPORTADORA' ? l.valorCobrado : l.valorTotal);
      if (valor === null) recusa(MSG_SEM_VALOR_AUDITORIA);
      else aprovados.push({ id, numero: l.numero, auditoria: l.auditoria, valor, diferenca: diferencaCte(l.valorCobrado, l.valorTotal) });
    }
  }
  if (recusas.length) throw new ApiError(409, recusas);
  return aprovados;
}

/** Writes the approvals: audit REVISADO, CT-e AUDITADO_REVISADO (no longer waiting for a level). */
async function gravarAprovados(tx: Db, aprovados: Aprovado[], usuarioId: number, observacoes: string | null) {
  const agora = relogio.agora().toISOString();
  const valores = sql.join(
    aprovados.map((a) => sql`(${a.id}::int, ${a.auditoria}::int, ${a.valor}::numeric)`),
    sql`, `,
  );
  await tx.execute(
    sql`update cte_auditoria set status = 'REVISADO', valor_correto = v.valor, responsavel_id = ${usuarioId}::int, observacoes = ${observacoes}::varchar,
          revisado_em = ${agora}::timestamptz
        from (values ${valores}) as v(id, auditoria, valor) where cte_auditoria.id = v.auditoria`,
  );
  await tx.execute(
    sql`update cte set status = 'AUDITADO_REVISADO', valor_correto = v.valor, aguardando_aprovacao_nivel = null, versao = cte.versao + 1, alterado_em = ${agora}::timestamptz
        from (values ${valores}) as v(id, auditoria, valor) where cte.id = v.id`,
  );
}

/**
 * Approve freight (spec 03 §4; freight-calculation.md, end): event APROVAR of the machine (AUDITADO_FALHA or
 * AUDITADO_ERRO only). The CT-e becomes AUDITADO_REVISADO, its audit REVISADO, with the correct value (the
 * typed one, else the carrier's charged value or the audit's value by `base`), the responsible user, the
 * observations and the time. The machine's refusals are all or nothing: when any CT-e cannot be approved the
 * whole batch is refused (409, one message per refused CT-e, named by its number when several were sent) and
 * nothing changes; an unknown id answers 404. The approver's limit (alçada, issue 29) is per CT-e: a difference
 * |cobrado − previsto| above it is refused and recorded (RECUSA); one CT-e sent answers 409, a batch approves
 * the others and lists those in `ignorados`. Every approval is recorded (APROVACAO) and the payment situation
 * of the faturas billing them recomputed.
 */
export async function aprovarCtes(db: Db, aprovacao: Aprovacao, usuarioId: number): Promise<ResultadoLote> {
  const ids = [...new Set(aprovacao.ctes)];
  const motivo = aprovacao.observacoes?.trim() || null;
  const resultado = await db.transaction(async (tx) => {
    const aprovados = aprovaveis(ids, await lerCtesParaAprovar(tx, ids), aprovacao);
    const alcada: MinhaAlcada = await alcadaDoUsuario(tx, usuarioId);
    const acima = aprovados.filter((a) => !dentroDoLimite(a.diferenca, alcada.limiteCte));
    const dentro = aprovados.filter((a) => dentroDoLimite(a.diferenca, alcada.limiteCte));
    const registro = (tipo: 'APROVACAO' | 'RECUSA') => (a: Aprovado) => ({ tipo, cteId: a.id, usuarioId, nivel: alcada.nivel, diferenca: a.diferenca, motivo });
    await registrarAprovacoes(tx, [...dentro.map(registro('APROVACAO')), ...acima.map(registro('RECUSA'))]);
    if (dentro.length) {
      await gravarAprovados(tx, dentro, usuarioId, motivo);
      await recalcularSituacaoPagamento(tx, { cteIds: dentro.map((a) => a.id) });
    }
    const mensagem = mensagemAcimaDaAlcada(alcada.limiteCte);
    const ignorados = acima.map((a) => ({ id: a.id, numero: a.numero, motivo: mensagem }));
    return { processados: dentro.length, ignorados, mensagens: [resumoAprovacao(dentro.length), ...(acima.length ? [mensagem] : [])] };
  });
  // One CT-e above the limit: 409, after the refusal was recorded (committed above).
  if (ids.length === 1 && resultado.ignorados.length) throw new ApiError(409, [resultado.ignorados[0].motivo]);
  return resultado;
}
