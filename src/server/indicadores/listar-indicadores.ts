import type { IndicadoresBasePage, IndicadoresPage } from '../../contracts/indicadores';
import type { Db } from '../db/database';
import { pageOf } from '../list/page-of';
import type { FiltroValido } from './filtro-indicadores';
import { contarLinhas, lerLinhas, paraBase, paraIndicador } from './linhas-indicadores';

// The page and its count are two queries at once: on PostgreSQL two connections of the pool, so the answer
// waits for the slower of the two, not their sum (PGlite, one connection, runs them one after the other).
const paginaEContagem = (db: Db, f: FiltroValido, page: number, size: number) => Promise.all([lerLinhas(db, f, { limite: size, offset: page * size }), contarLinhas(db, f)]);

/** GET /vw/frete-indicadores-peso-valor: a page of indicator rows (spec §9: 50 by default) and the count. */
export async function listarIndicadores(db: Db, f: FiltroValido, page: number, size: number): Promise<IndicadoresPage> {
  const [linhas, total] = await paginaEContagem(db, f, page, size);
  return pageOf(linhas.map(paraIndicador), total, page, size);
}

/** GET /vw/frete-indicadores-base (JSON): a page of base rows and the count. */
export async function listarIndicadoresBase(db: Db, f: FiltroValido, page: number, size: number): Promise<IndicadoresBasePage> {
  const [linhas, total] = await paginaEContagem(db, f, page, size);
  return pageOf(linhas.map(paraBase), total, page, size);
}
