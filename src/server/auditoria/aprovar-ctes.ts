import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { mensagemTransicaoIlegal, proximoStatus } from '../../../machines/cte-audit';
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

export type Aprovacao = z.infer<typeof aprovarSchema>;

/**
 * Approve freight (spec 03 §4; freight-calculation.md, end): event APROVAR of the machine (AUDITADO_FALHA or
 * AUDITADO_ERRO only). The CT-e becomes AUDITADO_REVISADO, its audit REVISADO, with the correct value (the
 * typed one, else the carrier's charged value or the audit's value by `base`), the responsible user, the
 * observations and the time. All or nothing: when any CT-e cannot be approved the whole batch is refused
 * (409, one message per refused CT-e, named by its number when several were sent) and nothing changes;
 * an unknown id answers 404.
 */
export async function aprovarCtes(db: Db, aprovacao: Aprovacao, usuarioId: number): Promise<ResultadoLote> {
  const ids = [...new Set(aprovacao.ctes)];
  const observacoes = aprovacao.observacoes?.trim() || null;
  return db.transaction(async (tx) => {
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

    const recusas: string[] = [];
    const aprovados: { id: number; auditoria: number; valor: string }[] = [];
    for (const id of ids) {
      const l = porId.get(id)!;
      const recusa = (m: string) => recusas.push(ids.length > 1 ? mensagemDoCte(l.numero, m) : m);
      if (proximoStatus(l.status, { type: 'APROVAR' }) === null) recusa(mensagemTransicaoIlegal(l.status, 'APROVAR'));
      else if (l.auditoria === null || l.valorCobrado === null) recusa(MSG_CTE_SEM_AUDITORIA);
      else {
        const valor = aprovacao.valorCorreto ?? (aprovacao.base === 'TRANSPORTADORA' ? l.valorCobrado : l.valorTotal);
        if (valor === null) recusa(MSG_SEM_VALOR_AUDITORIA);
        else aprovados.push({ id, auditoria: l.auditoria, valor });
      }
    }
    if (recusas.length) throw new ApiError(409, recusas);

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
      sql`update cte set status = 'AUDITADO_REVISADO', valor_correto = v.valor, versao = cte.versao + 1, alterado_em = ${agora}::timestamptz
          from (values ${valores}) as v(id, auditoria, valor) where cte.id = v.id`,
    );
    return { processados: aprovados.length, ignorados: [], mensagens: [resumoAprovacao(aprovados.length)] };
  });
}
