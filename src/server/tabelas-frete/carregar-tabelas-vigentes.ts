import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { TabelaFrete, TransportadoraRef } from '../../contracts/tabela-frete-modelo';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { tabelaFrete, type ConteudoTabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';
import { colunasCabeca, tabelaFreteDoBanco, type LinhaCabeca } from './tabela-frete-do-banco';
import { CacheTabelas } from './cache-tabelas';

export interface TabelasDaTransportadora {
  transportadora: TransportadoraRef;
  /** In force on the day, latest inicio first (freight-calculation.md step 1 picks the first). */
  tabelas: TabelaFrete[];
}

// The engine prepares a table once per object (a WeakMap), so the same id+versao must come back as the
// same object: parsed tables are kept here, per database handle, 500 at most.
const cache = new CacheTabelas(500);
const numeroDoBanco = new WeakMap<Db, number>();
let bancos = 0;
/** The cache-key prefix of a database handle (two companies' tables with the same id never meet). */
export const prefixoDe = (db: Db) => {
  let n = numeroDoBanco.get(db);
  if (n === undefined) numeroDoBanco.set(db, (n = ++bancos));
  return `${n}:`;
};

/** The validity [inicio, fim] contains the day (fim null = open-ended); served by tabela_frete_vigencia_idx. */
export const vigenteEm = (data: string): SQL => sql`daterange(${tabelaFrete.inicio}, ${tabelaFrete.fim}, '[]') @> ${data}::date`;

/**
 * The tables in force on `data`, grouped by carrier, in ONE query: of one carrier (listed even without a
 * table, so the engine can answer FALHA; unknown id: empty list) or of every active carrier that has one.
 * Tables already parsed are not sent again by the database: the query gets their id:versao and answers
 * null for their document.
 */
export async function carregarTabelasVigentes(db: Db, data: string, transportadoraId?: number): Promise<TabelasDaTransportadora[]> {
  return carregar(db, data, transportadoraId, true);
}

async function carregar(db: Db, data: string, transportadoraId: number | undefined, usarCache: boolean): Promise<TabelasDaTransportadora[]> {
  const prefixo = prefixoDe(db);
  const conhecidas = usarCache ? cache.chaves(prefixo).map((k) => k.slice(prefixo.length)) : [];
  const colunas = {
    ...colunasCabeca,
    conteudo: sql<ConteudoTabelaFrete | null>`case when ${tabelaFrete.id}::text || ':' || ${tabelaFrete.versao}::text = any(${`{${conhecidas.join(',')}}`}::text[]) then null else ${tabelaFrete.conteudo} end`,
  };
  const ordem = [...ordemTexto(transportadora.razaoSocial), asc(transportadora.id), desc(tabelaFrete.inicio), desc(tabelaFrete.id)];
  const linhas =
    transportadoraId === undefined
      ? await db
          .select(colunas)
          .from(tabelaFrete)
          .innerJoin(transportadora, eq(transportadora.id, tabelaFrete.transportadoraId))
          .where(and(vigenteEm(data), eq(transportadora.ativado, true)))
          .orderBy(...ordem)
      : await db
          .select(colunas)
          .from(transportadora)
          .leftJoin(tabelaFrete, and(eq(tabelaFrete.transportadoraId, transportadora.id), vigenteEm(data)))
          .where(eq(transportadora.id, transportadoraId))
          .orderBy(...ordem);

  const grupos = new Map<number, TabelasDaTransportadora>();
  for (const l of linhas) {
    let grupo = grupos.get(l.transportadoraId);
    if (!grupo) grupos.set(l.transportadoraId, (grupo = { transportadora: { id: l.transportadoraId, razaoSocial: l.razaoSocial }, tabelas: [] }));
    if (l.id === null) continue;
    const chave = `${prefixo}${l.id}:${l.versao}`;
    let tabela = cache.get(chave);
    if (l.conteudo === null && !tabela) return carregar(db, data, transportadoraId, false); // evicted meanwhile
    if (!tabela || tabela.transportadora?.razaoSocial !== l.razaoSocial) {
      const conteudo = l.conteudo ?? { percursos: tabela!.percursos, elementosCusto: tabela!.elementosCusto };
      tabela = tabelaFreteDoBanco({ ...(l as LinhaCabeca), conteudo });
      cache.set(chave, tabela);
    }
    grupo.tabelas.push(tabela);
  }
  return [...grupos.values()];
}
