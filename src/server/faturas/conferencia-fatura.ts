import { asc, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { CobrancaAnterior, ResumoConferencia } from '../../contracts/conferencia-fatura';
import { conferirLinha, STATUS_CTE_CONFERIDOS, type ConferenciaLinha, type LinhaConferencia } from '../../domain/faturas/conferencia-fatura';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { faturaCte, faturaDocumento } from '../db/schema/fatura';
import { motivoNaoPagavel } from '../../domain/faturas/pagavel';
import { naoPagavelSql, referidoPorSql } from '../pagamentos/pagavel';

// The check of faturas against the CT-es (docs/decisoes.md §15, "Conferência"): the rules are the domain's
// (src/domain/faturas/conferencia-fatura.ts); the list's summary applies the same rules in one grouped query
// for the page's faturas, the detail reads every line of one fatura once and applies them in TypeScript.

/** The first billing of the line's CT-e (cobranca_anterior_id, kept by cobranca-cte.ts) as CobrancaAnterior (json). */
const jaCobradoEm = sql<CobrancaAnterior | null>`(select json_build_object('faturaId', o.fatura_id, 'numero', od.numero, 'dataEmissao', od.data_emissao)
  from ${faturaCte} o join ${faturaDocumento} od on od.id = o.documento_id where o.id = ${faturaCte.cobrancaAnteriorId})`;

/**
 * A line needing a person, in SQL (conferirLinha's `divergente`): its CT-e billed before
 * (docs/decisoes.md §17), not found, or not audited with success nor approved, or billed with a value other
 * than the CT-e's charged value, or not payable (issue 31: pagamentos/pagavel.ts).
 */
const divergente = sql`(${faturaCte.cobrancaAnteriorId} is not null or ${cte.id} is null or ${notInArray(cte.status, [...STATUS_CTE_CONFERIDOS])}
  or (${faturaCte.valorFrete} is not null and ${faturaCte.valorFrete} <> ${cte.valorTotal}) or coalesce(${naoPagavelSql()}, false))`;

/**
 * ResumoConferencia of each fatura (one grouped query); a fatura without lines is not conferida. It reads of the lines
 * only fatura_id, cte_id, valor_frete and cobranca_anterior_id: with fatura_cte_conferencia_idx (fatura_id) INCLUDE
 * those, an index-only scan (a page of 50 faturas × 100 lines was 10,000 heap pages without it).
 */
export async function resumosConferencia(db: Db, faturaIds: number[]): Promise<Map<number, ResumoConferencia>> {
  const resumos = new Map<number, ResumoConferencia>(faturaIds.map((id) => [id, { conferida: false, divergencias: 0 }]));
  if (!faturaIds.length) return resumos;
  const linhas = await db
    .select({ id: faturaCte.faturaId, ctes: sql<number>`count(*)::int`, divergencias: sql<number>`(count(*) filter (where ${divergente}))::int` })
    .from(faturaCte)
    .leftJoin(cte, eq(cte.id, faturaCte.cteId))
    .where(inArray(faturaCte.faturaId, faturaIds))
    .groupBy(faturaCte.faturaId);
  for (const l of linhas) resumos.set(l.id, { conferida: l.ctes > 0 && l.divergencias === 0, divergencias: l.divergencias });
  return resumos;
}

export type LinhaFatura = LinhaConferencia &
  ConferenciaLinha & {
    id: number;
    linha: number;
    serie: string;
    numero: string;
    dataEmissao: string | null;
    chave: string | null;
    cnpjRemetente: string | null;
    cnpjDestinatario: string | null;
  };

/** Every line of one fatura in file order, joined to its CT-e and checked. */
export async function linhasDaFatura(db: Db, faturaId: number): Promise<LinhaFatura[]> {
  const linhas = await db
    .select({
      id: faturaCte.id,
      linha: faturaCte.linha,
      serie: faturaCte.serie,
      numero: faturaCte.numero,
      dataEmissao: faturaCte.dataEmissao,
      chave: faturaCte.chave,
      cnpjRemetente: faturaCte.cnpjRemetente,
      cnpjDestinatario: faturaCte.cnpjDestinatario,
      valorFrete: faturaCte.valorFrete,
      cteId: cte.id,
      statusCte: cte.status,
      valorCobrado: cte.valorTotal,
      valorAuditoria: cte.valorAuditoria,
      valorCorreto: cte.valorCorreto,
      jaCobradoEm,
      tipoCte: cte.tipoCte,
      referidoPor: referidoPorSql(),
    })
    .from(faturaCte)
    .leftJoin(cte, eq(cte.id, faturaCte.cteId))
    .where(eq(faturaCte.faturaId, faturaId))
    .orderBy(asc(faturaCte.linha));
  return linhas.map(({ tipoCte, referidoPor, ...l }) => {
    const comPagavel = { ...l, naoPagavel: l.cteId === null ? null : motivoNaoPagavel(tipoCte, referidoPor) };
    return { ...comPagavel, ...conferirLinha(comPagavel) };
  });
}
