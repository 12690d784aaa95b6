import { and, eq, ne, sql } from 'drizzle-orm';
import { sentidoDaOcorrencia } from '../../contracts/ocorrencias';
import type { OcorrenciaAuditoria } from '../../domain/auditoria/acessorios-cobrados';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { ocorrencia, ocorrenciaCte } from '../db/schema/ocorrencia';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';

// Issue 31: what the audit reads beyond the CT-e itself, once per chunk (one query each, never one per CT-e): the
// occurrences linked to its CT-es, and for complements the other complements of the same original.

/** The linked occurrences (not cancelled) of these CT-es, by CT-e (ocorrencia_cte_cte_idx). */
export async function ocorrenciasDosCtes(db: Db, cteIds: ReadonlySet<number>): Promise<Map<number, OcorrenciaAuditoria[]>> {
  const porCte = new Map<number, OcorrenciaAuditoria[]>([...cteIds].map((id) => [id, []]));
  if (!cteIds.size) return porCte;
  const lidas = await db
    .select({
      cteId: ocorrenciaCte.cteId,
      id: ocorrencia.id,
      origem: ocorrencia.origem,
      codigo: ocorrencia.codigo,
      codigoObservacao: ocorrencia.codigoObservacao,
      observacao: ocorrencia.observacao,
      sentido: ocorrencia.sentido,
      dataHora: ocorrencia.dataHora,
      arquivo: ocorrencia.arquivo,
      linha: ocorrencia.linha,
    })
    .from(ocorrenciaCte)
    .innerJoin(ocorrencia, eq(ocorrencia.id, ocorrenciaCte.ocorrenciaId))
    .where(and(naLista(ocorrenciaCte.cteId, cteIds), eq(ocorrencia.cancelada, false)));
  for (const o of lidas)
    porCte.get(o.cteId)?.push({
      id: o.id,
      origem: o.origem,
      codigo: o.codigo,
      // Stored when read (sentidoDaOcorrencia); worked out again for a row stored without it.
      sentido: o.sentido ?? sentidoDaOcorrencia(o.origem, o.codigo, o.codigoObservacao, o.observacao),
      dataHora: new Date(o.dataHora),
      arquivo: o.arquivo,
      linha: o.linha,
    });
  return porCte;
}

export interface ComplementoCobrado {
  id: number;
  originalId: number;
  valorTotal: string;
}

/** The complements (tpCTe 1, not cancelled) of these originals, with their charged values (cte_referenciado_idx). */
export async function complementosDosOriginais(db: Db, originais: ReadonlySet<number>): Promise<Map<number, ComplementoCobrado[]>> {
  const porOriginal = new Map<number, ComplementoCobrado[]>([...originais].map((id) => [id, []]));
  if (!originais.size) return porOriginal;
  const lidos = await db
    .select({ id: cte.id, originalId: sql<number>`${cte.cteReferenciadoId}`, valorTotal: cte.valorTotal })
    .from(cte)
    .where(and(naLista(cte.cteReferenciadoId, originais), eq(cte.tipoCte, 1), ne(cte.status, 'CANCELADO')));
  for (const c of lidos) porOriginal.get(c.originalId)?.push(c);
  return porOriginal;
}
