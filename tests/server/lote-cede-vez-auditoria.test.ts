import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditarCtesAqui } from '../../src/server/auditoria/auditar-ctes';
import { linhas } from '../../src/server/db/linhas';
import { createHarness, type Harness } from './harness';
import { voltasDurante } from './voltas-do-laco';

// Issue 33: the audit batch in this thread (PGlite always; PostgreSQL for small calls) gives the event loop back
// between its chunks and within its computing (cederVez, proximaVolta): an immediate that re-schedules itself runs
// many times before the batch ends. A PGlite query resolves without a macrotask, so without those turns it ran none.

let h: Harness;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
});
afterAll(() => h?.close());

describe('the audit batch', () => {
  it('lets an immediate run between its chunks', async () => {
    const ids = linhas<{ id: number }>(
      await db().execute(sql`update cte set status = 'PROCESSADO' where id in (select id from cte where status not in ('LIDO', 'CANCELADO', 'DESCONSIDERADO') order by id limit 200) returning id`),
    ).map((r) => r.id);
    expect(ids).toHaveLength(200);
    const { r, voltas } = await voltasDurante(() => auditarCtesAqui(db(), ids, null, { tamanhoLote: 50 }));
    expect(r.processados).toBe(200);
    // Four chunks of 50, each read and written after a turn.
    expect(voltas).toBeGreaterThan(4);
  });
});
