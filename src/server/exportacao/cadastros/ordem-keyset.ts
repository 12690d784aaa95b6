import { and, is, or, sql, type SQL } from 'drizzle-orm';
import { PgChar, PgColumn, PgText, PgVarchar } from 'drizzle-orm/pg-core';
import { chaveOrdem } from '../../db/ordem-texto';
import { lerOrdem, type Direcao } from '../../list/ler-ordem';
import type { SearchField, SearchFields } from '../../list/search-fields';

// Issue 32: a register's export reads every row of the list's filter in the list's own order, in keyset batches:
// each batch starts after the last row of the one before, compared on the very ORDER BY terms of the list
// (sortToSql's: the Portuguese text key and the text under "C" for names, the column for codes and numbers,
// the id last), so no OFFSET and no whole result in memory, whatever sort= the screen sent.

/** One ORDER BY term: an expression and its direction (PostgreSQL's default NULL places: last asc, first desc). */
export interface TermoOrdem {
  expr: SQL;
  direcao: Direcao;
}

/** sortToSql's rule (src/server/list/sort-to-sql.ts): texts in Portuguese order, codes and the rest by the column. */
function emPortugues(campo: SearchField): boolean {
  if (campo.type !== 'text' || campo.code) return false;
  return !is(campo.column, PgColumn) || is(campo.column, PgText) || is(campo.column, PgVarchar) || is(campo.column, PgChar);
}

/** The terms of sortToSql(sort, campos, padrao, desempate), one by one (tests/server/exportar-cadastros-ordem checks they are the same SQL). */
export function termosOrdem(sort: string | undefined, campos: SearchFields, padrao: string, desempate: PgColumn): TermoOrdem[] {
  const ordem = lerOrdem(sort, padrao, (c) => Object.hasOwn(campos, c) && campos[c].sortable !== false);
  const termos = ordem.flatMap(({ campo, direcao }): TermoOrdem[] => {
    const { column } = campos[campo];
    if (emPortugues(campos[campo])) return [{ expr: chaveOrdem(column), direcao }, { expr: sql`${column} collate "C"`, direcao }];
    return [{ expr: sql`${column}`, direcao }];
  });
  return [...termos, { expr: sql`${desempate}`, direcao: 'asc' }];
}

/** ORDER BY of the terms. */
export const ordemDosTermos = (termos: readonly TermoOrdem[]): SQL[] => termos.map((t) => sql`${t.expr} ${sql.raw(t.direcao)}`);

/** The selected keys of a row: each term as text (k0, k1, …), read back as the next batch's bound. */
export const chavesDosTermos = (termos: readonly TermoOrdem[]): Record<string, SQL<string | null>> =>
  Object.fromEntries(termos.map((t, i) => [`k${i}`, sql<string | null>`(${t.expr})::text`]));

/** The term equals the key (NULL equals NULL: the same place in the order). */
const igual = (t: TermoOrdem, v: string | null): SQL => (v === null ? sql`${t.expr} is null` : sql`${t.expr} = ${v}`);

/** The term comes after the key in its direction; NULL sorts last ascending and first descending. */
function depois(t: TermoOrdem, v: string | null): SQL | undefined {
  if (t.direcao === 'asc') return v === null ? undefined : sql`(${t.expr} > ${v} or ${t.expr} is null)`;
  return v === null ? sql`${t.expr} is not null` : sql`${t.expr} < ${v}`;
}

/** Rows after the one whose keys are `chaves`, in the order of `termos` (the last term is unique: the id). */
export function depoisDasChaves(termos: readonly TermoOrdem[], chaves: readonly (string | null)[]): SQL {
  const ramos: SQL[] = [];
  termos.forEach((t, i) => {
    const passo = depois(t, chaves[i]);
    if (!passo) return;
    ramos.push(and(...termos.slice(0, i).map((anterior, j) => igual(anterior, chaves[j])), passo)!);
  });
  return or(...ramos) ?? sql`false`;
}

export type LinhaComChaves<T> = T & Record<`k${number}`, string | null>;

/**
 * Every row in keyset batches of `tamanho`: `buscar(chaves, depois, ordem, limite)` runs the list's own query with
 * the keys added to its columns, `depois` added to its filter and `ordem` as its ORDER BY.
 */
export async function* lotesPorChave<T extends object>(
  termos: readonly TermoOrdem[],
  buscar: (chaves: Record<string, SQL<string | null>>, depois: SQL | undefined, ordem: SQL[], limite: number) => Promise<LinhaComChaves<T>[]>,
  tamanho = 500,
): AsyncGenerator<T[]> {
  const chaves = chavesDosTermos(termos);
  const ordem = ordemDosTermos(termos);
  let limite: SQL | undefined;
  for (;;) {
    const linhas = await buscar(chaves, limite, ordem, tamanho);
    if (linhas.length) yield linhas;
    if (linhas.length < tamanho) return;
    const ultima = linhas[linhas.length - 1];
    limite = depoisDasChaves(
      termos,
      termos.map((_, i) => ultima[`k${i}`]),
    );
  }
}
