import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { dobrarSql } from './texto-busca';

// Text sorts in Portuguese order ("Pará, Paraíba, Paraná"; accents and case only break ties), the same
// on PGlite and PostgreSQL whatever locale each database was created with: the key is the search's own
// folding (dobrarSql) compared byte by byte (COLLATE "C"), then the text itself, also under "C", orders
// the spellings of one key. Both builds have ICU ("und-x-icu"), but an ICU index depends on the ICU
// version of each server and PGlite ships its own; plain bytes give the same order everywhere.

/** The sort key of a text; the name indexes (*_ordem_idx) are built on this very expression. */
export const chaveOrdem = (texto: SQLWrapper): SQL => sql`${dobrarSql(sql`${texto}`)} collate "C"`;

type Direcao = 'asc' | 'desc';

/** ORDER BY terms of a text in Portuguese order; `nulos` only when the default place of NULL must change. */
export function ordemTexto(texto: SQLWrapper, direcao: Direcao = 'asc', nulos?: 'first' | 'last'): SQL[] {
  return ordemTextoPelaChave(dobrarSql(sql`${texto}`), texto, direcao, nulos);
}

/** ordemTexto with the key given: `chave` must equal dobrarSql(texto) (a stored copy of it, say). */
export function ordemTextoPelaChave(chave: SQLWrapper, texto: SQLWrapper, direcao: Direcao = 'asc', nulos?: 'first' | 'last'): SQL[] {
  const sufixo = sql.raw(nulos ? `${direcao} nulls ${nulos}` : direcao);
  return [sql`${chave} collate "C" ${sufixo}`, sql`${texto} collate "C" ${sufixo}`];
}
