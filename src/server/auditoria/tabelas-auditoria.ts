import { asc, desc, eq } from 'drizzle-orm';
import type { TabelaFrete, TransportadoraRef } from '../../contracts/tabela-frete-modelo';
import type { Db } from '../db/database';
import { tabelaFrete } from '../db/schema/tabela-frete';
import { transportadora } from '../db/schema/transportadora';
import { colunasCabeca, tabelaFreteDoBanco, type LinhaCabeca } from '../tabelas-frete/tabela-frete-do-banco';
import { CacheTabelas } from '../tabelas-frete/cache-tabelas';
import { prefixoDe } from '../tabelas-frete/carregar-tabelas-vigentes';
import { naLista } from '../tabelas-frete/resolver-tabela-frete';

export interface TabelasTransportadora {
  transportadora: TransportadoraRef;
  /** Every table of the carrier, whatever its validity: the engine picks the one in force on the day. */
  tabelas: TabelaFrete[];
}

// Parsed tables by database + id + versao, kept across calls: the engine prepares a table once per object
// (a WeakMap), so the same id+versao must come back as the same object. An audit of 100,000 CT-es needs a
// carrier's tables once, not once per day.
const cache = new CacheTabelas(2000);

/**
 * Every table of these carriers (active or not: a CT-e of a carrier since deactivated is still audited), in
 * two queries: the tables' heads, then the documents of those not parsed yet. Unknown ids are left out.
 */
export async function carregarTabelasTransportadoras(db: Db, ids: Iterable<number>): Promise<Map<number, TabelasTransportadora>> {
  const lista = [...new Set(ids)];
  const resultado = new Map<number, TabelasTransportadora>();
  if (lista.length === 0) return resultado;
  const prefixo = prefixoDe(db);
  const linhas = await db
    .select(colunasCabeca)
    .from(transportadora)
    .leftJoin(tabelaFrete, eq(tabelaFrete.transportadoraId, transportadora.id))
    .where(naLista(transportadora.id, lista))
    .orderBy(asc(transportadora.id), desc(tabelaFrete.inicio), desc(tabelaFrete.id));
  // Parsed already: taken now (a concurrent call may evict them from the cache meanwhile).
  const prontas = new Map<number, TabelaFrete>();
  for (const l of linhas) {
    const t = l.id === null ? undefined : cache.get(`${prefixo}${l.id}:${l.versao}`);
    if (t) prontas.set(l.id!, t);
  }
  const faltam = linhas.filter((l) => l.id !== null && !prontas.has(l.id)).map((l) => l.id!);
  const conteudos = faltam.length
    ? new Map((await db.select({ id: tabelaFrete.id, versao: tabelaFrete.versao, conteudo: tabelaFrete.conteudo }).from(tabelaFrete).where(naLista(tabelaFrete.id, faltam))).map((c) => [c.id, c]))
    : new Map();
  for (const l of linhas) {
    let grupo = resultado.get(l.transportadoraId);
    if (!grupo) resultado.set(l.transportadoraId, (grupo = { transportadora: { id: l.transportadoraId, razaoSocial: l.razaoSocial }, tabelas: [] }));
    if (l.id === null) continue;
    const chave = `${prefixo}${l.id}:${l.versao}`;
    let tabela = prontas.get(l.id);
    if (!tabela || tabela.transportadora?.razaoSocial !== l.razaoSocial) {
      const lido = conteudos.get(l.id);
      // Changed between the two queries (a new versao): the head's version is gone; skip it this time.
      const conteudo = lido && lido.versao === l.versao ? lido.conteudo : tabela ? { percursos: tabela.percursos, elementosCusto: tabela.elementosCusto } : null;
      if (!conteudo) continue;
      tabela = tabelaFreteDoBanco({ ...(l as LinhaCabeca), conteudo });
      cache.set(chave, tabela);
    }
    grupo.tabelas.push(tabela);
  }
  return resultado;
}
