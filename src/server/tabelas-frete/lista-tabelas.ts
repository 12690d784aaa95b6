import type { Context } from 'hono';
import { count, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { formatoExportacaoSchema, nomeArquivoExportacao, type FormatoExportacao } from '../../contracts/exportacao';
import { tabelaFreteListaQuerySchema, type TabelaFrete, type TabelaFreteLinha, type VinculoVersao } from '../../contracts/tabela-frete-modelo';
import { relogio } from '../../domain/relogio';
import { dataSaoPaulo } from '../../domain/sao-paulo-date';
import type { Db } from '../db/database';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';
import type { ColunaExportacao } from '../exportacao/colunas-exportacao';
import { responderExportacao } from '../exportacao/responder-exportacao';
import type { SearchFields } from '../list/search-fields';
import { sortToSql } from '../list/sort-to-sql';
import { colunasLinha, paraLinha, type LinhaResumo } from './tabela-frete-do-banco';

// The tables list (spec 02 §7) and its export (issue 32), with each row's version links: the version it replaced
// and the one that replaced it, two scalar subqueries per row served by the primary key and
// tabela_frete_tabela_anterior_idx.

/** Sort keys of the list (spec 02 §3 row: transportadora_razaoSocial, inicio, fim). */
export const CAMPOS_ORDEM: SearchFields = {
  transportadora: { column: transportadora.razaoSocial, type: 'text' },
  transportadora_razaoSocial: { column: transportadora.razaoSocial, type: 'text' },
  'transportadora.razaoSocial': { column: transportadora.razaoSocial, type: 'text' },
  inicio: { column: tabelaFrete.inicio, type: 'text' },
  fim: { column: tabelaFrete.fim, type: 'text' },
};
const ORDEM_PADRAO = 'transportadora,asc,inicio,desc';

// The outer row named in full: drizzle writes a lone table's columns unqualified, which inside the subquery would
// name the subquery's own row.
const externa = (coluna: string) => sql`${sql.identifier('tabela_frete')}.${sql.identifier(coluna)}`;
/** The version a row replaced: {id, inicio} or null. */
export const anteriorSql = sql<VinculoVersao | null>`(select json_build_object('id', a.id, 'inicio', a.inicio) from ${tabelaFrete} a where a.id = ${externa('tabela_anterior_id')})`;
/** The (newest) version that replaced a row: {id, inicio} or null. */
export const seguinteSql = sql<VinculoVersao | null>`(select json_build_object('id', s.id, 'inicio', s.inicio) from ${tabelaFrete} s where s.tabela_anterior_id = ${externa('id')} order by s.inicio desc, s.id desc limit 1)`;

const colunasLista = { ...colunasLinha, cnpj: transportadora.cnpjFormatado, tabelaAnterior: anteriorSql, versaoSeguinte: seguinteSql };
type LinhaLista = LinhaResumo & { cnpj: string | null; tabelaAnterior: VinculoVersao | null; versaoSeguinte: VinculoVersao | null };

/** The links as the contract carries them: only when there is one (a table never versioned reads as before). */
export const comVinculos = <T extends object>(t: T, v: { tabelaAnterior: VinculoVersao | null; versaoSeguinte: VinculoVersao | null }): T & Pick<TabelaFrete, 'tabelaAnterior' | 'versaoSeguinte'> => ({
  ...t,
  ...(v.tabelaAnterior ? { tabelaAnterior: v.tabelaAnterior } : {}),
  ...(v.versaoSeguinte ? { versaoSeguinte: v.versaoSeguinte } : {}),
});

const linhaLista = (l: LinhaLista): TabelaFreteLinha => comVinculos(paraLinha(l), l);

/** The list's filter (the carrier's text, built by the route: textoTransportadora) and its sort= . */
interface FiltroLista {
  filtro: SQL | undefined;
  sort: z.infer<typeof tabelaFreteListaQuerySchema>['sort'];
}

function consultaLista(db: Db, { filtro, ...q }: FiltroLista) {
  const linhas = (limite: number, inicio: number) =>
    db
      .select(colunasLista)
      .from(tabelaFrete)
      .innerJoin(transportadora, eq(transportadora.id, tabelaFrete.transportadoraId))
      .where(filtro)
      .orderBy(...sortToSql(q.sort, CAMPOS_ORDEM, ORDEM_PADRAO, tabelaFrete.id))
      .limit(limite)
      .offset(inicio) as Promise<LinhaLista[]>;
  const contagem = db.select({ total: count() }).from(tabelaFrete);
  // The count joins the carrier only to filter by its text.
  const contar = async () => (await (filtro ? contagem.innerJoin(transportadora, eq(transportadora.id, tabelaFrete.transportadoraId)) : contagem).where(filtro))[0].total;
  return { linhas, contar };
}

/** One page of the list. */
export async function listarTabelas(db: Db, q: FiltroLista, pagina: { page: number; size: number; offset: number }) {
  const { linhas, contar } = consultaLista(db, q);
  const [lidas, total] = await Promise.all([linhas(pagina.size, pagina.offset), contar()]);
  return { linhas: lidas.map(linhaLista), total };
}

/** The version links of one table (GET /tabelas-frete/{id}). */
export async function vinculosDaTabela(db: Db, id: number): Promise<{ tabelaAnterior: VinculoVersao | null; versaoSeguinte: VinculoVersao | null }> {
  const [v] = await db.select({ tabelaAnterior: anteriorSql, versaoSeguinte: seguinteSql }).from(tabelaFrete).where(eq(tabelaFrete.id, id));
  return v ?? { tabelaAnterior: null, versaoSeguinte: null };
}

export const tabelaFreteExportarQuerySchema = tabelaFreteListaQuerySchema.pick({ transportadora: true, sort: true }).extend(formatoExportacaoSchema.shape);

const COLUNAS: readonly ColunaExportacao<LinhaLista>[] = [
  { titulo: 'Transportadora', tipo: 'texto', valor: (l) => l.razaoSocial, largura: 40 },
  { titulo: 'CNPJ', tipo: 'texto', valor: (l) => l.cnpj, largura: 20 },
  { titulo: 'Início', tipo: 'data', valor: (l) => l.inicio },
  { titulo: 'Fim', tipo: 'data', valor: (l) => l.fim },
  { titulo: 'Versão', tipo: 'inteiro', valor: (l) => l.versao },
  // The start of the version this one replaced (the screen names a version by its start).
  { titulo: 'Versão anterior', tipo: 'data', valor: (l) => l.tabelaAnterior?.inicio ?? null, largura: 16 },
];
const LOTE = 500;

/** GET /tabelas-frete/exportar: the whole filtered list in the list's order, read in batches as the file streams. */
export async function exportarTabelas(c: Context, db: Db, q: FiltroLista & { formato: FormatoExportacao }): Promise<Response> {
  const { linhas, contar } = consultaLista(db, q);
  const total = await contar();
  // Offset batches: a company's tables are hundreds, and the order ends with the id (stable between batches).
  async function* lotes(): AsyncGenerator<LinhaLista[]> {
    for (let inicio = 0; ; inicio += LOTE) {
      const lote = await linhas(LOTE, inicio);
      if (lote.length) yield lote;
      if (lote.length < LOTE) return;
    }
  }
  return responderExportacao(c, {
    formato: q.formato,
    arquivo: nomeArquivoExportacao('tabelas-frete', dataSaoPaulo(relogio.agora())!),
    aba: 'Tabelas de frete',
    colunas: COLUNAS,
    total,
    lotes,
  });
}
