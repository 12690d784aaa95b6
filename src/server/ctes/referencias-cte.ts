import { asc, eq } from 'drizzle-orm';
import type { CteCompleto } from '../../contracts/ctes';
import { referenciaDoTipo } from '../../contracts/ocorrencias';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';

// Issue 31, GET /ctes/{id}: the CT-e this one complements, annuls or substitutes (its key always, its id and number
// when it is stored), and the CT-es that refer to it. One query each, by the primary key and cte_referenciado_idx.

/** More would be a carrier's error; the detail shows the first ones. */
const MAXIMO_REFERENCIADO_POR = 50;

interface Linha {
  id: number;
  tipoCte: number;
  chaveReferenciada: string | null;
  cteReferenciadoId: number | null;
}

export async function referenciasDoCte(db: Db, c: Linha): Promise<Pick<CteCompleto, 'referencia' | 'referenciadoPor'>> {
  const tipo = referenciaDoTipo(c.tipoCte);
  const [original, referenciadoPor] = await Promise.all([
    c.cteReferenciadoId === null ? [] : db.select({ numero: cte.numero }).from(cte).where(eq(cte.id, c.cteReferenciadoId)),
    db
      .select({ id: cte.id, tipoCte: cte.tipoCte, chave: cte.chave, numero: cte.numero, serie: cte.serie, status: cte.status, valorTotal: cte.valorTotal })
      .from(cte)
      .where(eq(cte.cteReferenciadoId, c.id))
      .orderBy(asc(cte.dataEmissao), asc(cte.id))
      .limit(MAXIMO_REFERENCIADO_POR),
  ]);
  return {
    referencia:
      tipo && c.chaveReferenciada
        ? { tipo, chave: c.chaveReferenciada, id: original[0] ? c.cteReferenciadoId : null, numero: original[0]?.numero ?? null }
        : null,
    referenciadoPor: referenciadoPor.flatMap(({ tipoCte, ...r }) => {
      const tipoDele = referenciaDoTipo(tipoCte);
      return tipoDele ? [{ tipo: tipoDele, ...r }] : [];
    }),
  };
}
