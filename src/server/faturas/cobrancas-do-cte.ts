import { asc, eq, or } from 'drizzle-orm';
import type { CobrancaDoCte } from '../../contracts/faturas';
import { identidadeCte } from '../../domain/faturas/identidade-cte';
import type { Db } from '../db/database';
import { fatura, faturaCte, faturaDocumento } from '../db/schema/fatura';

// The CT-e detail's list of every fatura line that billed the CT-e (docs/decisoes.md §17, duplicate billing), in
// reading order: found by the CT-e's identity (its key's CNPJ, série and número) or by the link of the line.

export interface CteIdentificado {
  id: number;
  chave: string;
  serie: string;
  numero: number;
  emitente: string | null;
}

export async function cobrancasDoCte(db: Db, c: CteIdentificado): Promise<CobrancaDoCte[]> {
  const identidade = identidadeCte({ chave: c.chave, emissor: c.emitente ?? '', serie: c.serie, numero: String(c.numero) });
  const linhas = await db
    .select({
      faturaId: faturaCte.faturaId,
      numero: faturaDocumento.numero,
      dataEmissao: faturaDocumento.dataEmissao,
      transportadora: fatura.transportadoraRazaoSocial,
      valorFrete: faturaCte.valorFrete,
      status: fatura.status,
    })
    .from(faturaCte)
    .innerJoin(fatura, eq(fatura.id, faturaCte.faturaId))
    .innerJoin(faturaDocumento, eq(faturaDocumento.id, faturaCte.documentoId))
    .where(or(eq(faturaCte.identidade, identidade), eq(faturaCte.cteId, c.id)))
    .orderBy(asc(faturaCte.faturaId), asc(faturaCte.linha));
  const primeira = linhas.findIndex((l) => l.status === 'PROCESSADO');
  return linhas.map((l, i) => ({ ...l, primeira: i === primeira }));
}
