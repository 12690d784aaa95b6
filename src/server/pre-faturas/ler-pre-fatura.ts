import { and, asc, desc, eq, gt, lt } from 'drizzle-orm';
import { MSG_PRE_FATURA_NAO_ENCONTRADA, type PreFatura, type PreFaturaCompleta, type PreFaturaCte } from '../../contracts/pre-faturas';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { cte } from '../db/schema/cte';
import { preFatura, preFaturaCte } from '../db/schema/pagamento';
import { transportadora } from '../db/schema/transportadora';
import { ApiError } from '../http/api-error';

// GET /pre-faturas (the newest first, keyset ?antesDe=) and GET /pre-faturas/{id} with its CT-es.

const colunas = {
  id: preFatura.id,
  transportadoraId: preFatura.transportadoraId,
  cnpj: transportadora.cnpj,
  razaoSocial: transportadora.razaoSocial,
  inicio: preFatura.inicio,
  fim: preFatura.fim,
  criadaEm: preFatura.criadaEm,
  quantidade: preFatura.quantidade,
  valorTotal: preFatura.valorTotal,
};
type Linha = Omit<{ [K in keyof typeof colunas]: (typeof colunas)[K]['_']['data'] }, 'cnpj'> & { cnpj: string | null };

const paraPreFatura = (l: Linha): PreFatura => ({
  id: l.id,
  transportadora: { id: l.transportadoraId, cnpj: l.cnpj, razaoSocial: l.razaoSocial },
  inicio: l.inicio,
  fim: l.fim,
  criadaEm: l.criadaEm.toISOString(),
  quantidade: l.quantidade,
  valorTotal: l.valorTotal,
});

export async function listarPreFaturas(db: Db, antesDe?: number, limite = 100): Promise<PreFatura[]> {
  const linhas = await db
    .select(colunas)
    .from(preFatura)
    .innerJoin(transportadora, eq(transportadora.id, preFatura.transportadoraId))
    .where(antesDe ? lt(preFatura.id, antesDe) : undefined)
    .orderBy(desc(preFatura.id))
    .limit(limite);
  return linhas.map(paraPreFatura);
}

export async function lerPreFatura(db: Db, id: number): Promise<PreFatura> {
  const [l] = await db.select(colunas).from(preFatura).innerJoin(transportadora, eq(transportadora.id, preFatura.transportadoraId)).where(eq(preFatura.id, id));
  if (!l) throw new ApiError(404, [MSG_PRE_FATURA_NAO_ENCONTRADA]);
  return paraPreFatura(l);
}

/** The pré-fatura's CT-es in batches (série, número), keyset on the CT-e id. */
export async function* lotesCtesPreFatura(db: Db, id: number, tamanho = 1000): AsyncGenerator<PreFaturaCte[]> {
  let depoisDe = 0;
  for (;;) {
    const linhas = await db
      .select({ cteId: cte.id, serie: cte.serie, numero: cte.numero, chave: cte.chave, dataEmissao: cte.dataEmissao, valorCobrado: cte.valorTotal, valorAceito: preFaturaCte.valorAceito })
      .from(preFaturaCte)
      .innerJoin(cte, eq(cte.id, preFaturaCte.cteId))
      .where(and(eq(preFaturaCte.preFaturaId, id), gt(preFaturaCte.cteId, depoisDe)))
      .orderBy(asc(preFaturaCte.cteId))
      .limit(tamanho);
    if (linhas.length) yield linhas.map((l) => ({ ...l, dataEmissao: dataSaoPaulo(l.dataEmissao)! }));
    if (linhas.length < tamanho) return;
    depoisDe = linhas[linhas.length - 1].cteId;
  }
}

export async function preFaturaCompleta(db: Db, id: number): Promise<PreFaturaCompleta> {
  const cabeca = await lerPreFatura(db, id);
  const ctes: PreFaturaCte[] = [];
  for await (const lote of lotesCtesPreFatura(db, id)) ctes.push(...lote);
  return { ...cabeca, ctes };
}
