import { sql, type SQL } from 'drizzle-orm';

/** An int[] literal of these ids (`= any(...)`: one parameter-free array, whatever the count; each truncated to an integer). */
export const listaInteiros = (ids: readonly number[]): SQL => sql.raw(`'{${ids.map((id) => Math.trunc(id)).join(',')}}'::int[]`);
