import { and, asc, desc, eq, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { StatusCte } from '../../../src/contracts/cte-status';
import { cte, cteAuditoria } from '../../../src/server/db/schema/cte';
import type { Amostras, ContextoAmostras } from './tipos';

/** /api/auditorias-cte and the CT-e calculation PDF; the demo seed's CT-es (some already audited) serve. */
export const amostrasAuditoriasCte = (ctx: ContextoAmostras): Amostras => {
  const db = () => ctx.harness().bancos.COLACRIL.db;
  /** A CT-e in `status` with an audit (with the table it used, when `comTabela`). */
  const auditado = async (status: StatusCte, ordem: 'asc' | 'desc' = 'asc', comTabela = false) => {
    const onde: SQL[] = [eq(cte.status, status)];
    if (comTabela) onde.push(isNotNull(cteAuditoria.tabelaFreteId));
    const [linha] = await db()
      .select({ id: cte.id, tabela: cteAuditoria.tabelaFreteId })
      .from(cte)
      .innerJoin(cteAuditoria, eq(cteAuditoria.cteId, cte.id))
      .where(and(...onde))
      .orderBy(ordem === 'asc' ? asc(cte.id) : desc(cte.id))
      .limit(1);
    if (!linha) throw new Error(`A semente de demonstração não tem CT-e ${status} auditado.`);
    return linha;
  };
  return {
    'POST /api/auditorias-cte/auditar': async () => {
      const [processado] = await db().select({ id: cte.id }).from(cte).where(eq(cte.status, 'PROCESSADO')).orderBy(asc(cte.id)).limit(1);
      return { path: '/api/auditorias-cte/auditar', body: { ctes: [processado?.id ?? 1] } };
    },
    'POST /api/auditorias-cte/trocar-tabela': async () => {
      const c = await auditado('AUDITADO_FALHA', 'asc', true);
      return { path: '/api/auditorias-cte/trocar-tabela', body: { cte: c.id, tabelaFrete: c.tabela } };
    },
    'POST /api/auditorias-cte/aprovar': async () => {
      const c = await auditado('AUDITADO_FALHA', 'desc');
      // Within every level's limit (issue 29; a REPRESENTANTE's is 0): the audit expects what was charged.
      await db().execute(sql`update cte_auditoria set valor_total = valor_cobrado where id = (select max(id) from cte_auditoria where cte_id = ${c.id}::int)`);
      return { path: '/api/auditorias-cte/aprovar', body: { ctes: [c.id], base: 'TRANSPORTADORA', observacoes: 'Amostra de permissão.' } };
    },
    'GET /api/auditorias-cte': async () => ({ path: `/api/auditorias-cte?search=cte.id==${(await auditado('AUDITADO_SUCESSO')).id}` }),
    'GET /api/auditorias-cte/ctes/:ids': async () => ({
      path: `/api/auditorias-cte/ctes/${(await auditado('AUDITADO_SUCESSO')).id},${(await auditado('AUDITADO_OBSERVACOES')).id}`,
    }),
    'GET /api/tabelas-frete/imprimir/cte/:id': async () => ({ path: `/api/tabelas-frete/imprimir/cte/${(await auditado('AUDITADO_SUCESSO')).id}` }),
  };
};
