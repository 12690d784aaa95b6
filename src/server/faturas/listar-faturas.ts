import { and, count, desc, eq, gte, inArray, like, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Page } from '../../contracts/common';
import type { FaturaLinha, FaturaListaQuery } from '../../contracts/faturas';
import { mesSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { fatura, faturaDocumento } from '../db/schema/fatura';
import { lerOrdem } from '../list/ler-ordem';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import { resumosConferencia } from './conferencia-fatura';
import { colunasFaturaLinha, paraFaturaLinha } from './fatura-linha';
import { relogio } from '../../domain/relogio';

// GET /faturas (spec 03 §2.4, §7) and GET /faturas/listar (the palette's "find a fatura by number"). Every
// filter is an indexed column of fatura (or an IN over the documents' número index); the page, its count and
// the page's check (one grouped query) are three queries.

// The indexes (fatura_emissao_idx, fatura_situacao_emissao_idx, fatura_status_emissao_idx, fatura_valor_idx) are
// DESC NULLS LAST, and `desc` alone means NULLS FIRST: without the nulls spelled out (no change for these not-null
// columns) PostgreSQL cannot walk the index and sorts every matching fatura for a page of 50.
const comoIndice = (d: 'asc' | 'desc') => sql.raw(d === 'desc' ? 'desc nulls last' : 'asc nulls first');

const ORDENAVEIS: Record<string, (direcao: 'asc' | 'desc') => SQL[]> = {
  dataEmissao: (d) => [sql`${fatura.dataEmissao} ${comoIndice(d)}`],
  dataVencimento: (d) => [sql`${fatura.dataVencimento} ${sql.raw(`${d} nulls ${d === 'asc' ? 'first' : 'last'}`)}`],
  // Números are digits: by value, not as text ("9" before "10").
  numeroDocumento: (d) => [sql`lpad(${fatura.numeroDocumento}, 10, '0') ${sql.raw(d)}`],
  valorTotal: (d) => [sql`${fatura.valorTotal} ${comoIndice(d)}`],
  transportadora: (d) => ordemTexto(fatura.transportadoraRazaoSocial, d),
};

/** sort=campo[,asc|desc] (Spring style, several allowed); default the newest first; the id breaks ties. */
export function ordemFaturas(sort: string | undefined): SQL[] {
  const ordem = lerOrdem(sort, 'dataEmissao,desc', (c) => Object.hasOwn(ORDENAVEIS, c));
  return [...ordem.flatMap(({ campo, direcao }) => ORDENAVEIS[campo](direcao)), sql`${fatura.id} ${comoIndice('desc')}`];
}

/** Faturas holding a document of this número (any of the interchange's documents). */
const comDocumento = (numero: SQL) => inArray(fatura.id, sql`(select ${faturaDocumento.faturaId} from ${faturaDocumento} where ${numero})`);

/**
 * The WHERE of the list. The period is on the fatura's emission (its first document's): neither date → the
 * current month in São Paulo; one → open on the other side.
 */
export function filtroFaturas(q: Omit<FaturaListaQuery, 'page' | 'size' | 'sort'>, agora = relogio.agora()): SQL | undefined {
  const periodo = !q.inicio && !q.fim ? mesSaoPaulo(agora) : { dataIni: q.inicio, dataFim: q.fim };
  return and(
    periodo.dataIni ? gte(fatura.dataEmissao, periodo.dataIni) : undefined,
    periodo.dataFim ? lte(fatura.dataEmissao, periodo.dataFim) : undefined,
    q.status ? eq(fatura.status, q.status) : undefined,
    q.situacaoPagamento ? eq(fatura.situacaoPagamento, q.situacaoPagamento) : undefined,
    q.transportadora ? eq(fatura.transportadoraCnpj, q.transportadora) : undefined,
    // The 350 id as written, or as typed in lower case.
    q.documento ? or(eq(fatura.documento, q.documento), eq(fatura.documento, q.documento.toUpperCase())) : undefined,
    q.numeroDocumento ? comDocumento(sql`${faturaDocumento.numero} = ${q.numeroDocumento}`) : undefined,
  );
}

type LinhaBanco = Parameters<typeof paraFaturaLinha>[0];
const consulta = (db: Db) => db.select(colunasFaturaLinha).from(fatura).$dynamic();

async function comConferencia(db: Db, linhas: LinhaBanco[]): Promise<FaturaLinha[]> {
  const resumos = await resumosConferencia(db, linhas.map((l) => l.id));
  return linhas.map((l) => paraFaturaLinha(l, resumos.get(l.id)!));
}

/** GET /faturas: the page with the check in short, and the count of every matching fatura. */
export async function listarFaturas(db: Db, q: FaturaListaQuery): Promise<Page<FaturaLinha>> {
  const onde = filtroFaturas(q);
  const [linhas, [{ total }]] = await Promise.all([
    consulta(db)
      .where(onde)
      .orderBy(...ordemFaturas(q.sort))
      .limit(q.size)
      .offset(listOffset(q.page, q.size)),
    db.select({ total: count() }).from(fatura).where(onde),
  ]);
  return pageOf(await comConferencia(db, linhas), total, q.page, q.size);
}

/** GET /faturas/listar?numero=: up to 20 faturas holding a document whose número starts with the digits; the exact número first. */
export async function buscarFaturasPorNumero(db: Db, digitos: string, limite = 20): Promise<FaturaLinha[]> {
  const numero = digitos.replace(/^0+(?=\d)/, '');
  const linhas = await consulta(db)
    .where(comDocumento(like(faturaDocumento.numero, `${numero}%`)))
    .orderBy(sql`(${fatura.numeroDocumento} = ${numero}) desc`, desc(fatura.dataEmissao), desc(fatura.id))
    .limit(limite);
  return comConferencia(db, linhas);
}
