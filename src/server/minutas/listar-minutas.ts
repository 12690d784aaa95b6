import { and, eq, gte, like, lt, sql, type SQL } from 'drizzle-orm';
import type { MinutaLinha, MinutaListaQuery, MinutaPage } from '../../contracts/minutas';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { cliente } from '../db/schema/cliente';
import { minuta } from '../db/schema/minuta';
import { transportadora } from '../db/schema/transportadora';
import { lerOrdem, type Direcao } from '../list/ler-ordem';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { consultaLinhas, paraMinutaLinha } from './minuta-linha';

// GET /minutas (spec 03 §2.5, §7) and GET /minutas/listar (the palette's "find a minuta by number"). Every
// filter is an indexed column of minuta (period, carrier with period, fatura, número, chave, status with
// period); the page is one query (joins on primary keys) and the totals over every matching row another.

/** The search's allow-list: `dataEmissao>=2024-05-01;dataEmissao<=2024-05-31;fatura:123;numero:45;chave:…;status:PENDENTE`. */
const CAMPOS_BUSCA_MINUTA: SearchFields = {
  dataEmissao: { column: minuta.dataEmissao, type: 'date' },
  fatura: { column: minuta.fatura, type: 'text', code: true },
  numero: { column: minuta.numero, type: 'text', code: true },
  chave: { column: minuta.chave, type: 'text', code: true },
  status: { column: minuta.status, type: 'text', code: true },
};

const nulosNoFim = (d: Direcao) => sql.raw(`${d} nulls last`);

const ORDENAVEIS: Record<string, (d: Direcao) => SQL[]> = {
  // The index minuta_emissao_idx is (data_emissao desc nulls last, id desc): both directions read it.
  dataEmissao: (d) => [sql`${minuta.dataEmissao} ${sql.raw(d === 'desc' ? 'desc nulls last' : 'asc nulls first')}`],
  // Números are digits: by value, not as text ("9" before "10").
  numero: (d) => [sql`lpad(${minuta.numero}, 9, '0') ${nulosNoFim(d)}`],
  fatura: (d) => [sql`${minuta.fatura} ${nulosNoFim(d)}`],
  status: (d) => [sql`${minuta.status} ${sql.raw(d)}`],
  peso: (d) => [sql`${minuta.peso} ${nulosNoFim(d)}`],
  valorTotalFrete: (d) => [sql`${minuta.valorTotalFrete} ${nulosNoFim(d)}`],
  cliente: (d) => ordemTexto(cliente.razaoSocial, d, 'last'),
  transportadora: (d) => ordemTexto(transportadora.razaoSocial, d, 'last'),
};

/** sort=campo[,asc|desc] (Spring style, several allowed); default the newest first; the id, in the first field's direction, breaks ties. */
export function ordemMinutas(sort: string | undefined): SQL[] {
  const ordem = lerOrdem(sort, 'dataEmissao,desc', (c) => Object.hasOwn(ORDENAVEIS, c));
    // Written as the index orders it (id is never null): the default order reads minuta_emissao_idx as it is.
  const desempate = ordem[0].direcao === 'desc' ? 'desc nulls last' : 'asc nulls first';
  return [...ordem.flatMap(({ campo, direcao }) => ORDENAVEIS[campo](direcao)), sql`${minuta.id} ${sql.raw(desempate)}`];
}

/** The WHERE of the list: the search over the allow-list and the carrier (transportadora=id:N). */
export function filtroMinutas(q: Pick<MinutaListaQuery, 'search' | 'transportadora'>): SQL | undefined {
  const { where } = searchToSql(q.search, CAMPOS_BUSCA_MINUTA);
  return and(where, q.transportadora === undefined ? undefined : eq(minuta.transportadoraId, q.transportadora));
}

/** GET /minutas: the page and the totals (count and freight sum) of every matching minuta. */
export async function listarMinutas(db: Db, q: MinutaListaQuery): Promise<MinutaPage> {
  const onde = filtroMinutas(q);
  const ordem = ordemMinutas(q.sort);
  const offset = listOffset(q.page, q.size);
  const [linhas, [totais]] = await Promise.all([
    consultaLinhas(db).where(onde).orderBy(...ordem).limit(q.size).offset(offset),
    db
      .select({
        quantidade: sql<number>`count(*)::int`,
        valorTotalFrete: sql<string>`coalesce(sum(${minuta.valorTotalFrete}), 0)::numeric(20, 2)::text`,
      })
      .from(minuta)
      .where(onde),
  ]);
  return { ...pageOf(linhas.map(paraMinutaLinha), totais.quantidade, q.page, q.size), totais };
}

/** The smallest digit string above every string that starts with `prefixo` (null: none, all nines). */
function acimaDoPrefixo(prefixo: string): string | null {
  const base = prefixo.replace(/9+$/, '');
  if (!base) return null;
  return base.slice(0, -1) + String(Number(base.at(-1)) + 1);
}

/**
 * GET /minutas/listar?numero=: up to 20 minutas whose número starts with the digits, the exact one first,
 * then the newest. Números are digit strings, ordered alike in every collation: the prefix is a range of
 * minuta_numero_idx (a LIKE would not use a btree index outside the C collation).
 */
export async function buscarMinutasPorNumero(db: Db, digitos: string, limite = 20): Promise<MinutaLinha[]> {
  const numero = digitos.replace(/^0+(?=\d)/, '');
  const teto = acimaDoPrefixo(numero);
  const linhas = await consultaLinhas(db)
    .where(and(gte(minuta.numero, numero), teto === null ? undefined : lt(minuta.numero, teto), like(minuta.numero, `${numero}%`)))
    .orderBy(sql`(${minuta.numero} = ${numero}) desc`, sql`${minuta.dataEmissao} desc nulls last`, sql`${minuta.id} desc`)
    .limit(limite);
  return linhas.map(paraMinutaLinha);
}
