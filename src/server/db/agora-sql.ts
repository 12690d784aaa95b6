import { sql, type SQL } from 'drizzle-orm';
import { relogio } from '../../domain/relogio';

/** "Now" in a statement, by the console's clock (src/domain/relogio.ts), never the database's own now(). */
export const agoraSql = (): SQL => sql`${relogio.agora().toISOString()}::timestamptz`;
