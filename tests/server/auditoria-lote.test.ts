import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditarCtes, auditarCtesAqui } from '../../src/server/auditoria/auditar-ctes';
import { auditoriasNoTrabalhador, MINIMO_EM_PARALELO } from '../../src/server/auditoria/auditoria-em-paralelo';
import { linhas } from '../../src/server/db/linhas';
import { createHarness, TEST_DB, type Harness } from './harness';

// The audit batch at volume. A large call on PostgreSQL runs in the audit worker thread and must
// write exactly what the server's own thread writes; an audit no longer rewrites the notes of its CT-es.

let h: Harness;
const db = () => h.bancos.COLACRIL.db;
const exec = async <T>(q: ReturnType<typeof sql>) => linhas<T>(await db().execute(q));
const lista = (ids: number[]) => sql.raw(`'{${ids.join(',')}}'::int[]`);

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
});
afterAll(() => h?.close());

/** Every figure an audit writes (the audit rows and the CT-es), without ids and times. */
async function auditado(ids: number[]) {
  return exec(sql`
    select c.id, c.status, c.valor_auditoria, c.transportadora_id, c.tabela_frete_id, a.status as resultado, a.valor_cobrado, a.valor_total, a.diferenca,
      a.tolerancia, a.tabela_frete_id as tabela, a.tabela_escolhida, a.elementos_custo, a.mensagens, a.traco, a.responsavel_id
    from cte c join cte_auditoria a on a.id = (select max(x.id) from cte_auditoria x where x.cte_id = c.id)
    where c.id = any(${lista(ids)}) order by c.id`);
}

describe('a large audit call', () => {
  it('runs in the worker on PostgreSQL and writes what this thread writes', async () => {
    const ids = (
      await exec<{ id: number }>(sql`select id from cte where status not in ('LIDO', 'CANCELADO', 'DESCONSIDERADO') order by id limit ${MINIMO_EM_PARALELO + 50}`)
    ).map((r) => r.id);
    expect(ids).toHaveLength(MINIMO_EM_PARALELO + 50);
    const processar = () => exec(sql`update cte set status = 'PROCESSADO' where id = any(${lista(ids)})`);

    await processar();
    const antes = auditoriasNoTrabalhador();
    const r1 = await auditarCtes(h.bancos.COLACRIL, ids, null);
    expect(auditoriasNoTrabalhador() - antes).toBe(TEST_DB === 'pg' ? 1 : 0);
    const noTrabalhador = await auditado(ids);

    await processar();
    const r2 = await auditarCtesAqui(db(), ids, null);
    expect(r2).toEqual(r1);
    expect(r1.processados).toBe(ids.length);
    expect(await auditado(ids)).toEqual(noTrabalhador);
  });
});

describe('the notes of an audited CT-e', () => {
  it('are not rewritten by the audit; a change they copy still reaches them', async () => {
    const [{ id }] = await exec<{ id: number }>(sql`
      select c.id from cte c where c.status = 'PROCESSADO' and c.transportadora_id is not null and exists (select 1 from cte_nota n where n.cte_id = c.id) order by c.id limit 1`);
    const notas = () => exec<{ id: number; versao: string; transportadora_id: number | null; indicador: boolean }>(
      sql`select id, xmin::text as versao, transportadora_id, indicador from cte_nota where cte_id = ${id} order by id`,
    );
    const antes = await notas();
    expect((await auditarCtes(h.bancos.COLACRIL, [id], null)).processados).toBe(1);
    // xmin is the writing transaction: the same means the rows were not written again.
    expect(await notas()).toEqual(antes);

    const [{ outra }] = await exec<{ outra: number }>(sql`select min(t.id) as outra from transportadora t where t.id <> (select transportadora_id from cte where id = ${id})`);
    await exec(sql`update cte set transportadora_id = ${outra} where id = ${id}`);
    expect((await notas()).map((n) => n.transportadora_id)).toEqual(antes.map(() => outra));
    await exec(sql`update cte set status = 'CANCELADO' where id = ${id}`);
    expect((await notas()).map((n) => n.indicador)).toEqual(antes.map(() => false));
  });
});
