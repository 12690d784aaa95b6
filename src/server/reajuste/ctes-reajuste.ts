import { and, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { LinhaCalculo } from '../../contracts/calculo-frete';
import type { StatusCte } from '../../contracts/cte-status';
import type { Db } from '../db/database';
import { cte, cteAuditoria } from '../db/schema/cte';
import { idAuditoriaAtual } from '../auditoria/ler-auditorias';
import { inicioDoDia, inicioDoDiaSeguinte } from '../ctes/filtro-ctes';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';

// Issue 32: which CT-es a readjustment simulation prices. The carrier's CT-es issued in the period (São Paulo days;
// cte_transportadora_emissao_idx) that stand audited (AUDITADO_*, ERRO left out: it priced nothing) and whose
// CURRENT audit (the newest row, cte_auditoria_cte_idx) priced them with the table: cte_auditoria.tabela_frete_id is
// the table the engine used (cte.tabela_frete_id is only the one chosen with "Trocar tabela"). A table imported as
// a new version of another (tabela_anterior_id) takes over its CT-es: those audited with any earlier version of the
// chain count as the table's, so a readjustment of the version just imported prices the months before it.

const AUDITADOS: StatusCte[] = ['AUDITADO_SUCESSO', 'AUDITADO_OBSERVACOES', 'AUDITADO_FALHA', 'AUDITADO_REVISADO'];

export interface PeriodoReajuste {
  transportadoraId: number;
  dataIni: string;
  dataFim: string;
}

/** A CT-e of the period, as the first read lists it (small: 100,000 of them stay in memory). */
export interface CteDoPeriodo {
  id: number;
  /** Its current audit (whose lines give the expected value per element). */
  auditoriaId: number;
  numero: number;
  dataEmissao: Date;
  ufDestino: string;
  /** The current audit's expected and charged values. */
  esperado: string;
  cobrado: string;
}

function doPeriodo(p: PeriodoReajuste, extra?: SQL): SQL {
  return and(
    eq(cte.transportadoraId, p.transportadoraId),
    sql`${cte.dataEmissao} >= ${inicioDoDia(p.dataIni)}`,
    sql`${cte.dataEmissao} < ${inicioDoDiaSeguinte(p.dataFim)}`,
    inArray(cte.status, AUDITADOS),
    isNotNull(cteAuditoria.valorTotal),
    extra,
  )!;
}

/** `tabelaId` and every earlier version it descends from (tabela_anterior_id, followed in the database). */
const versoesDaTabela = (tabelaId: number): SQL => sql`(
  with recursive versoes(id, anterior) as (
    select id, tabela_anterior_id from tabela_frete where id = ${tabelaId}
    union
    select t.id, t.tabela_anterior_id from tabela_frete t join versoes v on t.id = v.anterior
  ) select id from versoes)`;

/**
 * The period's audited CT-es priced with table `tabelaId` (emission order), and how many were priced with another
 * table of the carrier (counted by the database: their rows never leave it).
 */
export async function ctesDoPeriodo(db: Db, tabelaId: number, p: PeriodoReajuste, cteId?: number): Promise<{ ctes: CteDoPeriodo[]; outrasTabelas: number }> {
  const doCte = cteId === undefined ? undefined : eq(cte.id, cteId);
  const [linhas, [{ outras }]] = await Promise.all([
    db
      .select({
        id: cte.id,
        auditoriaId: cteAuditoria.id,
        numero: cte.numero,
        dataEmissao: cte.dataEmissao,
        ufDestino: cte.ufDestino,
        esperado: cteAuditoria.valorTotal,
        cobrado: cteAuditoria.valorCobrado,
      })
      .from(cte)
      .innerJoin(cteAuditoria, eq(cteAuditoria.id, idAuditoriaAtual(cte.id)))
      .where(doPeriodo(p, and(sql`${cteAuditoria.tabelaFreteId} in ${versoesDaTabela(tabelaId)}`, doCte)))
      .orderBy(cte.dataEmissao, cte.id),
    db
      .select({ outras: count() })
      .from(cte)
      .innerJoin(cteAuditoria, eq(cteAuditoria.id, idAuditoriaAtual(cte.id)))
      .where(doPeriodo(p, and(sql`${cteAuditoria.tabelaFreteId} not in ${versoesDaTabela(tabelaId)}`, doCte))),
  ]);
  return { ctes: linhas.map((l) => ({ ...l, esperado: l.esperado! })), outrasTabelas: outras };
}

/** The lines of these CT-es' current audits (the expected value per element), by the audits' keys. One query. */
export async function linhasEsperadas(db: Db, ctes: readonly Pick<CteDoPeriodo, 'auditoriaId'>[]): Promise<Map<number, LinhaCalculo[]>> {
  if (!ctes.length) return new Map();
  const linhas = await db
    .select({ cteId: cteAuditoria.cteId, elementos: cteAuditoria.elementosCusto })
    .from(cteAuditoria)
    .where(naLista(cteAuditoria.id, new Set(ctes.map((c) => c.auditoriaId))));
  return new Map(linhas.map((l) => [l.cteId, l.elementos]));
}
