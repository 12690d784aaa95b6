/** The rows of a raw `db.execute(sql…)` answer (node-postgres and PGlite both put them in `rows`). */
export const linhas = <T>(resultado: unknown): T[] => (resultado as { rows: T[] }).rows;
