import { sql } from 'drizzle-orm';
import type { Db } from './database';

/**
 * Serialises the seeding of one company's database inside the caller's transaction (a lock on its schema,
 * released at commit): two servers starting over the same database never seed twice.
 */
export const travarCarga = (tx: Db) => tx.execute(sql`select pg_advisory_xact_lock(hashtext(current_schema()))`);
