import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analisarPeriodicamente, analisarTabelasMudadas } from '../../src/server/db/analisar-pglite';
import type { CompanyDatabase } from '../../src/server/db/database';
import { linhas } from '../../src/server/db/linhas';
import { openPgliteDatabase } from '../../src/server/db/open-pglite';

// PGlite has no autovacuum: the server analyses the tables whose size moved away from their statistics'.
let banco: CompanyDatabase;
beforeAll(async () => {
  banco = await openPgliteDatabase('COLACRIL');
  await banco.db.execute(sql`create table crescente (id int, texto text)`);
  await banco.db.execute(sql`create table pequena (id int)`);
  await banco.db.execute(sql`insert into pequena values (1), (2)`);
});
afterAll(() => banco?.close());

const inserir = (n: number) => banco.db.execute(sql`insert into crescente select g, repeat('x', 40) from generate_series(1, ${n}) g`);
const linhasEstimadas = async () =>
  linhas<{ reltuples: number }>(await banco.db.execute(sql`select reltuples::int as reltuples from pg_class where relname = 'crescente'`))[0].reltuples;

describe('statistics of a PGlite database', () => {
  it('analyses a table never analysed once it has a few pages, then only when it grows by more than a tenth', async () => {
    await inserir(5000);
    expect(await linhasEstimadas()).toBe(-1);
    expect(await analisarTabelasMudadas(banco.db)).toEqual(['crescente']);
    expect(await linhasEstimadas()).toBe(5000);
    // Unchanged (and the two-row table, below the minimum): nothing to do.
    expect(await analisarTabelasMudadas(banco.db)).toEqual([]);
    await inserir(200);
    expect(await analisarTabelasMudadas(banco.db)).toEqual([]);
    await inserir(5000);
    expect(await analisarTabelasMudadas(banco.db)).toEqual(['crescente']);
    expect(await linhasEstimadas()).toBe(10_200);
  });

  it('runs by itself after the start and stops before the database closes', async () => {
    await inserir(9_800);
    const falhas: unknown[] = [];
    const parar = analisarPeriodicamente(banco, (e) => falhas.push(e), { primeiraMs: 10, intervaloMs: 20 });
    await expect.poll(linhasEstimadas).toBe(20_000);
    await parar();
    await inserir(50_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(await linhasEstimadas()).toBe(20_000);
    expect(falhas).toEqual([]);
  });

  it('does nothing on PostgreSQL (autovacuum analyses there)', async () => {
    const naoPglite = { ...banco, db: { execute: () => Promise.reject(new Error('não devia consultar')) } } as unknown as CompanyDatabase;
    const falhas: unknown[] = [];
    const parar = analisarPeriodicamente(naoPglite, (e) => falhas.push(e), { primeiraMs: 1, intervaloMs: 1 });
    await new Promise((r) => setTimeout(r, 50));
    await parar();
    expect(falhas).toEqual([]);
  });
});
