import type { TabelaFrete } from '../../contracts/tabela-frete-modelo';
import type { ConteudoTabelaFrete } from '../db/schema/tabela-frete';

/**
 * Ids of the nested items (routes, origins, destinations, incidences, cost elements), unique within
 * the table: an id already held is kept, so a resave keeps them and the screens can match items
 * (spec 02 §4 merge: "an existing item is replaced"); a missing or repeated one (a cloned route)
 * gets the next free number.
 */
export function atribuirIds(t: Pick<TabelaFrete, 'percursos' | 'elementosCusto'>): ConteudoTabelaFrete {
  const itens: { id?: number }[] = [];
  for (const e of t.elementosCusto) itens.push(e);
  for (const p of t.percursos) {
    itens.push(p, ...p.origens);
    for (const d of p.destinos) {
      itens.push(d);
      for (const i of d.incidencias) itens.push(i, ...i.elementosCusto);
    }
    itens.push(...p.elementosCusto);
  }
  const usados = new Set<number>();
  const semId: { id?: number }[] = [];
  for (const item of itens) {
    if (item.id !== undefined && !usados.has(item.id)) usados.add(item.id);
    else semId.push(item);
  }
  let proximo = Math.max(0, ...usados) + 1;
  for (const item of semId) item.id = proximo++;
  return { percursos: t.percursos, elementosCusto: t.elementosCusto };
}
