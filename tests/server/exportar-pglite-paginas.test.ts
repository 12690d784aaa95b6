import { sql } from 'drizzle-orm';
import Papa from 'papaparse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CtePage } from '../../src/contracts/ctes';
import { cte } from '../../src/server/db/schema/cte';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { LOTE_EXPORTACAO } from '../../src/server/exportacao/lotes-cursor';
import { partirConsulta } from '../../src/server/exportacao/ordem-da-consulta';
import { colunasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { documentoCte } from './ctes-dados';
import { createHarness, json, type Harness } from './harness';
import { voltasDurante } from './voltas-do-laco';

// Issue 33: on PGlite an export reads in short statements (the ids in order, then pages by id), not by a cursor whose
// transaction held the one connection (and so every other request) for the whole download. The rows and their order are the
// list's, over several pages, for sorts with ties and NULLs; a list answers while an export waits on its reader.
// On PostgreSQL the same checks hold through the cursor (its own pooled connection).

let h: Harness;
let leitor: string;
const db = () => h.bancos.COLACRIL.db;
const CTES = 2 * LOTE_EXPORTACAO + 50;
// May 2019: nobody else's CT-es (the file's own database).
const FILTRO = 'dataIni=2019-05-01&dataFim=2019-05-31&tomadorServico=TODOS';

beforeAll(async () => {
  h = await createHarness();
  leitor = await h.tokenCom(['FRETE_CTE_M']);
  const [{ id: tId }] = await db().insert(transportadora).values({ fornecedorId: 'PAG1', razaoSocial: 'Ávila Cargas', cnpj: '48740351000165' }).returning({ id: transportadora.id });
  // Seven CT-es an instant (ties broken by the id), ten values, two carriers' names, a fourth audited (others NULL).
  const novos = Array.from({ length: CTES }, (_, i) => ({
    ...colunasCte(
      documentoCte({
        numero: 830_000 + i,
        emitente: i % 3 === 0 ? '48740351000165' : '11222333000181',
        emitenteNome: i % 2 ? 'avila cargas' : 'Zebu Transportes',
        remetente: '11222333000181',
        destinatario: '12345678000195',
        dataEmissao: `2019-05-${String(1 + (Math.floor(i / 7) % 28)).padStart(2, '0')}T10:00:00-03:00`,
        valor: `${100 + (i % 10)}.00`,
      }),
    ),
    status: 'LIDO' as const,
    transportadoraId: i % 3 === 0 ? tId : null,
    valorAuditoria: i % 4 === 0 ? `${99 + (i % 3)}.00` : null,
  }));
  for (let i = 0; i < novos.length; i += 200) await db().insert(cte).values(novos.slice(i, i + 200));
});
afterAll(() => h.close());

/** Every key of the list (GET /ctes/listar-simples, pages of 200), in its order. */
async function chavesDaLista(sort: string): Promise<string[]> {
  const chaves: string[] = [];
  for (let page = 0; ; page++) {
    const p = await json<CtePage>(await h.request('GET', `/api/ctes/listar-simples?${FILTRO}&sort=${sort}&size=200&page=${page}`, { token: leitor }));
    chaves.push(...p.content.map((c) => c.chave));
    if (page + 1 >= p.totalPages) return chaves;
  }
}

const linhasCsv = (texto: string) => Papa.parse<string[]>(texto.replace(/^\uFEFF/, '').trimEnd(), { delimiter: ';' }).data;

describe('GET /ctes/exportar over several batches', () => {
  it.each(['dataEmissao,desc', 'valorTotal,desc', 'valorAuditoria,asc', 'valorAuditoria,desc', 'transportadora,asc;valorTotal,asc', 'transportadora,desc'])(
    'exports the list rows in the list order (sort=%s)',
    async (sort) => {
      const r = await h.request('GET', `/api/ctes/exportar?formato=csv&${FILTRO}&sort=${sort}`, { token: leitor });
      expect(r.status).toBe(200);
      const [cabecalho, ...linhas] = linhasCsv(await r.text());
      const chave = cabecalho.indexOf('Chave');
      const lista = await chavesDaLista(sort);
      expect(lista).toHaveLength(CTES);
      expect(linhas.map((l) => l[chave])).toEqual(lista);
    },
  );

  it('answers a list while an export waits on its reader mid-way', async () => {
    const r = await h.request('GET', `/api/ctes/exportar?formato=csv&${FILTRO}`, { token: leitor });
    const leitura = r.body!.getReader();
    const primeiro = await leitura.read();
    const linhasLidas = new TextDecoder().decode(primeiro.value).split('\n').length;
    expect(linhasLidas).toBeLessThan(CTES);
    // The export is paused on its reader: another request's queries run (with a cursor on PGlite, this waited).
    const lista = await json<CtePage>(await h.request('GET', `/api/ctes/listar-simples?${FILTRO}&size=50`, { token: leitor }));
    expect(lista.totalElements).toBe(CTES);
    const partes = [primeiro.value!];
    for (let parte = await leitura.read(); !parte.done; parte = await leitura.read()) partes.push(parte.value);
    expect(linhasCsv(Buffer.concat(partes).toString('utf8'))).toHaveLength(CTES + 1);
  });
});

describe('GET /ctes/exportar and the event loop', () => {
  it('lets an immediate run between its batches while a CSV is read to the end', async () => {
    const { r: texto, voltas } = await voltasDurante(async () => (await h.request('GET', `/api/ctes/exportar?formato=csv&${FILTRO}`, { token: leitor })).text());
    expect(linhasCsv(texto)).toHaveLength(CTES + 1);
    // Several batches, each read after a turn (a PGlite query resolves without one).
    expect(voltas).toBeGreaterThanOrEqual(3);
  });
});

describe('partirConsulta', () => {
  it('splits a SELECT into its ORDER BY terms, directions and NULL places', () => {
    const partes = partirConsulta(sql`select a, (b, c) as d from t where x = ${1} order by lower(a) collate "C" desc nulls last, ${cte.id}, f(b, c) nulls first`)!;
    expect(partes.termos.map((t) => [t.direcao, t.nulosAntes])).toEqual([
      ['desc', false],
      ['asc', false],
      ['asc', true],
    ]);
    expect(partirConsulta(sql`select a from t order by a limit 3`)).toBeUndefined();
    expect(partirConsulta(sql`select a from t`)).toBeUndefined();
    expect(partirConsulta(sql`select distinct a from t order by a`)).toBeUndefined();
  });
});
