import { and, asc, desc, eq, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { AuditoriaCte } from '../../contracts/ctes';
import type { Db } from '../db/database';
import { cteAuditoria } from '../db/schema/cte';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { usuario } from '../db/schema/usuario';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';

/** The id of a CT-e's current audit: its newest (older ones are history; cte_auditoria_cte_idx serves it). */
export const idAuditoriaAtual = (cteId: SQLWrapper): SQL => sql`(select max(atual.id) from ${cteAuditoria} atual where atual.cte_id = ${cteId})`;

/**
 * The audits of these CT-es (spec 03 §3 "auditoria"), in the order of `cteIds`; CT-es without an audit
 * are left out. Each CT-e's current audit (its newest), or with `todas` every audit it had, newest first
 * (audits are kept: a new one never deletes an old one). One query, whatever the number of ids.
 */
export async function lerAuditorias(db: Db, cteIds: readonly number[], opcoes: { todas?: boolean } = {}): Promise<AuditoriaCte[]> {
  if (cteIds.length === 0) return [];
  const linhas = await db
    .select({
      a: cteAuditoria,
      tabela: { id: tabelaFrete.id, inicio: tabelaFrete.inicio, fim: tabelaFrete.fim },
      responsavel: { nome: usuario.nome, email: usuario.email },
    })
    .from(cteAuditoria)
    .leftJoin(tabelaFrete, eq(tabelaFrete.id, cteAuditoria.tabelaFreteId))
    .leftJoin(usuario, eq(usuario.id, cteAuditoria.responsavelId))
    .where(and(naLista(cteAuditoria.cteId, new Set(cteIds)), opcoes.todas ? undefined : eq(cteAuditoria.id, idAuditoriaAtual(cteAuditoria.cteId))))
    .orderBy(asc(cteAuditoria.cteId), desc(cteAuditoria.id));
  const porCte = new Map<number, typeof linhas>();
  for (const l of linhas) {
    const doCte = porCte.get(l.a.cteId);
    if (doCte) doCte.push(l);
    else porCte.set(l.a.cteId, [l]);
  }
  return cteIds.flatMap((id) => {
    const doCte = porCte.get(id) ?? [];
    porCte.delete(id); // an id given twice answers once
    return doCte.map((l) => {
      const { a } = l;
      return {
        id: a.id,
        cteId: a.cteId,
        status: a.status,
        valorCobrado: a.valorCobrado,
        valorTotal: a.valorTotal,
        diferenca: a.diferenca,
        tolerancia: a.tolerancia,
        valorCorreto: a.valorCorreto,
        tabelaFrete: l.tabela?.id ? { id: l.tabela.id, inicio: l.tabela.inicio, fim: l.tabela.fim } : null,
        tabelaEscolhida: a.tabelaEscolhida,
        elementosCusto: a.elementosCusto,
        mensagens: a.mensagens,
        traco: a.traco,
        responsavel: l.responsavel?.nome ? { nome: l.responsavel.nome, email: l.responsavel.email } : null,
        observacoes: a.observacoes,
        auditadoEm: a.auditadoEm.toISOString(),
        revisadoEm: a.revisadoEm ? a.revisadoEm.toISOString() : null,
      } satisfies AuditoriaCte;
    });
  });
}
