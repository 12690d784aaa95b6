import { sql, type SQL } from 'drizzle-orm';

// Accent- and case-insensitive search, the same on PGlite and PostgreSQL without the unaccent
// extension: a generated column folds the text in SQL (translate of the Portuguese accents), and the
// typed text is folded the same way in JS before LIKE '%...%' (trigram GIN indexes back it).
// Upper case too: under the C locale (PGlite) lower() folds ASCII only.
const COM_ACENTO = 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ';
const SEM_ACENTO = 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn';

export const dobrarSql = (expr: SQL): SQL => sql`lower(translate(${expr}, ${sql.raw(`'${COM_ACENTO}'`)}, ${sql.raw(`'${SEM_ACENTO}'`)}))`;

/** JS twin of dobrarSql: lower case, accents stripped (NFD), whitespace collapsed. */
export function dobrarTexto(texto: string): string {
  return texto.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** LIKE pattern "contains", with % _ \ literal. */
export const contemLike = (texto: string) => `%${dobrarTexto(texto).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
