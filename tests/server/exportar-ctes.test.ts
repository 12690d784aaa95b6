import { eq, inArray, sql } from 'drizzle-orm';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CtePage } from '../../src/contracts/ctes';
import { linhas } from '../../src/server/db/linhas';
import { cte } from '../../src/server/db/schema/cte';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { lotesPorCursor } from '../../src/server/exportacao/lotes-cursor';
import { inserirCte } from './ctes-dados';
import { coluna, lerCsv, lerXlsx, NOME_FORMULA, recusasExportacao } from './exportar-dados';
import { createHarness, json, type Harness } from './harness';

// Issue 32: GET /ctes/exportar, the Fretes list (GET /ctes/listar-simples's filters and sort) as .xlsx and CSV.

let h: Harness;
let leitor: string;
let transportadoraId: number;
const CNPJ = '48740351000165';
const db = () => h.bancos.COLACRIL.db;
// March 2021, São Paulo: nobody else's CT-es (the file's own database, no demo data).
const FILTRO = () => `dataIni=2021-03-01&dataFim=2021-03-31&transportadora=${transportadoraId}`;

beforeAll(async () => {
  h = await createHarness();
  leitor = await h.tokenCom(['FRETE_CTE_M']);
  [{ id: transportadoraId }] = await db().insert(transportadora).values({ fornecedorId: 'EXP1', razaoSocial: NOME_FORMULA, cnpj: CNPJ }).returning({ id: transportadora.id });
  const ids: number[] = [];
  for (let i = 1; i <= 7; i++)
    ids.push(await inserirCte(db(), { numero: 810_000 + i, emitente: CNPJ, remetente: '11222333000181', destinatario: '12345678000195', dataEmissao: `2021-03-${String(i + 1).padStart(2, '0')}T10:00:00-03:00`, valor: `${100 + i}.5${i}` }));
  // Outside the period: not exported.
  ids.push(await inserirCte(db(), { numero: 810_100, emitente: CNPJ, remetente: '11222333000181', destinatario: '12345678000195', dataEmissao: '2021-04-02T10:00:00-03:00' }));
  await db().update(cte).set({ transportadoraId }).where(inArray(cte.id, ids));
  await db().update(cte).set({ valorAuditoria: '100.00', status: 'AUDITADO_SUCESSO' }).where(eq(cte.numero, 810_001));
});
afterAll(() => h.close());

describe('GET /ctes/exportar', () => {
  it('exports every CT-e of the list filter as a typed workbook, in the list order', async () => {
    const lista = await json<CtePage>(await h.request('GET', `/api/ctes/listar-simples?${FILTRO()}&size=50&sort=numero,asc`, { token: leitor }));
    expect(lista.totalElements).toBe(7);
    const { folha, total, cabecalho } = await lerXlsx(await h.request('GET', `/api/ctes/exportar?formato=xlsx&${FILTRO()}&sort=numero,asc&page=0&size=50`, { token: leitor }));
    expect(total).toBe(7);
    expect(folha.rowCount - 1).toBe(lista.totalElements);
    expect(folha.name).toBe('Fretes');
    expect(cabecalho.slice(0, 4)).toEqual(['Fatura', 'CT-e', 'Chave', 'Emissão']);
    expect(coluna(folha, cabecalho, 'CT-e').map((c) => c.value)).toEqual(lista.content.map((c) => c.numero));
    const cobrado = coluna(folha, cabecalho, 'Cobrado');
    expect(cobrado.map((c) => c.value)).toEqual([101.51, 102.52, 103.53, 104.54, 105.55, 106.56, 107.57]);
    expect(cobrado[0].numFmt).toContain('"R$"');
    expect(coluna(folha, cabecalho, 'Diferença')[0].value).toBe(1.51);
    expect(coluna(folha, cabecalho, 'Auditoria')[1].value).toBeNull();
    const emissao = coluna(folha, cabecalho, 'Emissão');
    // 10:00 in São Paulo, written as the wall time Excel shows.
    expect(emissao[0].value).toEqual(new Date('2021-03-02T10:00:00Z'));
    expect(emissao[0].numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(coluna(folha, cabecalho, 'Transportadora').every((c) => c.value === `'${NOME_FORMULA}`)).toBe(true);
    expect(coluna(folha, cabecalho, 'Status')[0].value).toBe('Auditado com sucesso');
  });

  it('keeps the list sort (numero desc) and the same rows as CSV', async () => {
    const { folha, cabecalho } = await lerXlsx(await h.request('GET', `/api/ctes/exportar?${FILTRO()}&sort=numero,desc`, { token: leitor }));
    expect(coluna(folha, cabecalho, 'CT-e').map((c) => c.value)).toEqual([810_007, 810_006, 810_005, 810_004, 810_003, 810_002, 810_001]);
    const r = await h.request('GET', `/api/ctes/exportar?formato=csv&${FILTRO()}&sort=numero,desc`, { token: leitor });
    expect(r.headers.get('X-Total-Linhas')).toBe('7');
    const csv = await lerCsv(r);
    expect(csv).toHaveLength(8);
    expect(csv[0].slice(0, 4)).toEqual(['Fatura', 'CT-e', 'Chave', 'Emissão']);
    expect(csv[1][1]).toBe('810007');
    expect(csv[1][3]).toBe('08/03/2021 10:00');
    expect(csv[1][cabecalho.indexOf('Cobrado')]).toBe('107,57');
    expect(csv[1][cabecalho.indexOf('Transportadora')]).toBe(`'${NOME_FORMULA}`);
  });

  it('refuses an empty filter (404), a bad formato (400), a user without the Fretes screen (403), a bad filter (400)', async () => {
    await recusasExportacao(h, {
      token: leitor,
      semPermissao: await h.tokenCom(['FRETE_FAT_M']),
      vazio: `/api/ctes/exportar?formato=xlsx&dataIni=2001-01-01&dataFim=2001-01-31`,
      comFiltro: `/api/ctes/exportar?formato=xlsx&${FILTRO()}`,
    });
    const r = await h.request('GET', `/api/ctes/exportar?${FILTRO()}&sort=inexistente`, { token: leitor });
    expect(r.status).toBe(400);
  });
});

describe('lotesPorCursor', () => {
  it('reads in batches and, stopped early, ends its transaction (the next query runs)', async () => {
    const lotes: number[][] = [];
    for await (const lote of lotesPorCursor<{ n: number }, number>(db(), sql`select n from generate_series(1, 10) n order by n`, { tamanho: 4, mapa: (_tx, ls) => ls.map((l) => Number(l.n)) }))
      lotes.push(lote);
    expect(lotes).toEqual([[1, 2, 3, 4], [5, 6, 7, 8], [9, 10]]);
    for await (const lote of lotesPorCursor<{ n: number }, number>(db(), sql`select n from generate_series(1, 10) n order by n`, { tamanho: 4, mapa: (_tx, ls) => ls.map((l) => Number(l.n)) })) {
      expect(lote).toEqual([1, 2, 3, 4]);
      break;
    }
    const [{ n }] = linhas<{ n: number }>(await db().execute(sql`select 1 as n`));
    expect(n).toBe(1);
  });

  it('a count that is a multiple of the batch ends after the empty fetch', async () => {
    const lotes: number[][] = [];
    for await (const lote of lotesPorCursor<{ n: number }, number>(db(), sql`select n from generate_series(1, 8) n order by n`, { tamanho: 4, mapa: (_tx, ls) => ls.map((l) => Number(l.n)) }))
      lotes.push(lote);
    expect(lotes).toEqual([[1, 2, 3, 4], [5, 6, 7, 8]]);
  });

  it('holds one batch: the batches already read can be collected while the cursor still runs', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const lidos: WeakRef<object>[] = [];
    let n = 0;
    // Thousands of batches: the engine optimises the loops, as in a real download.
    for await (const lote of lotesPorCursor<{ n: number }, object>(db(), sql`select n from generate_series(1, 12000) n order by n`, { tamanho: 4, mapa: (_tx, ls) => ls })) {
      if (n % 100 === 0) lidos.push(new WeakRef(lote));
      if (++n === 2900) {
        // A macrotask first: a WeakRef's target stays alive until the job that made it ends.
        await new Promise((ok) => setTimeout(ok, 0));
        gc();
        expect(lidos.slice(0, -2).filter((r) => r.deref() !== undefined).length, 'batches still held').toBe(0);
      }
    }
    expect(n).toBe(3000);
  });

  it('passes an error of the query to the reader', async () => {
    const lendo = async () => {
      for await (const _ of lotesPorCursor(db(), sql`select 1 / (3 - n) as n from generate_series(1, 5) n`, { tamanho: 1, mapa: (_tx, ls) => ls }));
    };
    await expect(lendo()).rejects.toThrow(/Failed query: fetch forward 1 from exportacao/);
    expect(linhas<{ n: number }>(await db().execute(sql`select 2 as n`))[0].n).toBe(2);
  });
});
