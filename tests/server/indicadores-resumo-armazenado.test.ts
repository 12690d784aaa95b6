import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FiltroIndicadores, ResumoIndicadores } from '../../src/contracts/indicadores';
import { linhas } from '../../src/server/db/linhas';
import { gerarCtes } from '../../src/server/demo/gerar-ctes';
import { compactarResumoIndicadores } from '../../src/server/indicadores/compactar-resumo-indicadores';
import { resumoIndicadores } from '../../src/server/indicadores/resumo-indicadores';
import { resumoIndicadoresDireto } from '../../src/server/indicadores/resumo-indicadores-direto';
import { chaveNfe, inserirCte } from './ctes-dados';
import { createHarness, json, type Harness } from './harness';

// Issue 33: the charts' summary (GET /vw/frete-indicadores-resumo) read from indicador_resumo, kept by the triggers of
// migration 0029, answers exactly what the per-note query answers (resumoIndicadoresDireto, today's query kept as
// the reference): on the demo CT-es and generated ones, after inserts, changes of a CT-e's value, weight, UF,
// carrier, date and status, cancellations, deletions, changes of a note, a change of a UF's limits, and compaction.

let h: Harness;
let token: string;
const db = () => h.bancos.COLACRIL.db;
const exec = (q: ReturnType<typeof sql>) => db().execute(q);

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.adminToken();
});
afterAll(() => h?.close());

/** Filters of every shape the summary keeps: both references, with and without a period, each busy carrier. */
async function filtros(): Promise<FiltroIndicadores[]> {
  const [p] = linhas<{ ini: string; fim: string; meio: string }>(
    await exec(sql`select ini::text, fim::text, (ini + (fim - ini) / 2)::text as meio from (select min(d) as ini, max(d) as fim
      from (select (cte_emissao at time zone 'America/Sao_Paulo')::date as d from cte_nota where indicador) x) y`),
  );
  const ts = linhas<{ t: number }>(await exec(sql`select transportadora_id as t from cte_nota where indicador and transportadora_id is not null group by 1 order by count(*) desc limit 3`));
  const lista: FiltroIndicadores[] = [];
  for (const ref of ['NF', 'CTE'] as const) {
    lista.push({ filtroRadioGroup: ref }, { filtroRadioGroup: ref, dataEmissao_inicio: p.ini, dataEmissao_fim: p.meio }, { filtroRadioGroup: ref, dataEmissao_inicio: p.meio });
    for (const { t } of ts) lista.push({ filtroRadioGroup: ref, dataEmissao_inicio: p.ini, dataEmissao_fim: p.fim, transportadora: t });
  }
  return lista;
}

/** Every filter: the stored summary equals the per-note query, and something was counted. */
async function confere(): Promise<void> {
  const lista = await filtros();
  let notas = 0;
  for (const f of lista) {
    const [armazenado, direto] = [await resumoIndicadores(db(), f), await resumoIndicadoresDireto(db(), f)];
    expect(armazenado, JSON.stringify(f)).toEqual(direto);
    notas += direto.porUf.reduce((s, g) => s + g.notas, 0);
  }
  expect(notas).toBeGreaterThan(0);
}

const deltas = async () => linhas<{ n: number }>(await exec(sql`select count(*)::int as n from indicador_resumo where delta`))[0].n;

describe('the stored summary of the indicators', () => {
  it('answers the demo data as the per-note query, through the API too', async () => {
    expect(linhas<{ n: number }>(await exec(sql`select count(*)::int as n from indicador_resumo`))[0].n).toBeGreaterThan(0);
    await confere();
    const f = (await filtros())[1];
    const r = await h.request('GET', `/api/vw/frete-indicadores-resumo?${new URLSearchParams(Object.entries(f).map(([k, v]) => [k, String(v)]))}`, { token });
    expect(r.status).toBe(200);
    expect(await json<ResumoIndicadores>(r)).toEqual(await resumoIndicadoresDireto(db(), f));
  });

  it('follows inserts, changes of the CT-e and its notes, cancellations and deletions', async () => {
    const emitente = '33333333000133';
    const ids: number[] = [];
    for (let i = 0; i < 6; i++) {
      const id = await inserirCte(db(), {
        numero: 933_000 + i, emitente, remetente: '11222333000181', destinatario: '44555666000172', dataEmissao: `2020-05-${10 + i}T23:30:00-03:00`,
        notas: [chaveNfe(7_330_000 + 2 * i), chaveNfe(7_330_001 + 2 * i)], status: 'PROCESSADO',
      });
      ids.push(id);
      await exec(sql`update cte set valor_total = ${`${300 + i}.33`}, peso_bruto = ${`${150 + i}.125`}, uf_destino = ${['SP', 'RJ', 'MG'][i % 3]} where id = ${id}`);
      await exec(sql`update cte_nota set peso_bruto = ${`${70 + i}.5`}, valor = ${`${5000 + i}.77`}, data_emissao = ${`2020-05-0${1 + i}`} where cte_id = ${id}`);
    }
    await confere();
    // A carrier, a date (another São Paulo day), a UF and a value changed; one note's weight unknown, one NF value zero.
    const [{ t }] = linhas<{ t: number }>(await exec(sql`select id as t from transportadora order by id limit 1`));
    await exec(sql`update cte set transportadora_id = ${t}, data_emissao = '2020-06-01T02:00:00Z', uf_destino = 'BA', valor_total = 999.99 where id = ${ids[0]}`);
    await exec(sql`update cte_nota set peso_bruto = null where id = (select min(id) from cte_nota where cte_id = ${ids[1]})`);
    await exec(sql`update cte_nota set valor = 0, data_emissao = null where id = (select max(id) from cte_nota where cte_id = ${ids[2]})`);
    await exec(sql`update cte set peso_bruto = 0 where id = ${ids[3]}`);
    await confere();
    // Cancelled, back to LIDO, deleted, and counted again.
    await exec(sql`update cte set status = 'CANCELADO' where id = ${ids[4]}`);
    await exec(sql`update cte set status = 'LIDO' where id = ${ids[5]}`);
    await exec(sql`delete from cte where id = ${ids[1]}`);
    await confere();
    await exec(sql`update cte set status = 'AUDITADO_SUCESSO' where id in (${ids[4]}, ${ids[5]})`);
    await exec(sql`delete from cte_nota where id = (select min(id) from cte_nota where cte_id = ${ids[2]})`);
    await confere();
    expect(await deltas()).toBeGreaterThan(0);
  });

  it('recounts a UF whose limits change (red against the new limit), and compaction changes no figure', async () => {
    await exec(sql`update uf set limite_frete_peso = 0.5000, limite_frete_valor = 1.0000 where sigla = 'SP'`);
    await exec(sql`update uf set limite_frete_peso = null where sigla = 'RJ'`);
    await confere();
    const antes = await resumoIndicadores(db(), { filtroRadioGroup: 'CTE' });
    expect(antes.porUf.find((g) => g.chave === 'SP')?.vermelhasPeso).toBeGreaterThan(0);
    await compactarResumoIndicadores(db(), 7);
    expect(await deltas()).toBe(0);
    expect(await resumoIndicadores(db(), { filtroRadioGroup: 'CTE' })).toEqual(antes);
    await confere();
  });

  it('follows generated CT-es (bulk inserts) and their bulk changes', async () => {
    await gerarCtes(h.bancos.COLACRIL, 1500, { log: () => {}, lote: 500, analisar: false });
    await confere();
    await exec(sql`update cte set status = 'CANCELADO' where id in (select id from cte where status <> 'LIDO' order by id desc limit 200)`);
    await exec(sql`update cte set peso_bruto = peso_bruto * 2 where id in (select id from cte order by id desc limit 300)`);
    await exec(sql`update cte_nota set peso_bruto = peso_bruto + 1 where id in (select id from cte_nota order by id desc limit 300)`);
    await confere();
    await compactarResumoIndicadores(db());
    await confere();
  });
});
