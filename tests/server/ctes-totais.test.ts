import { and, asc, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cteListaQuerySchema, type CtePage } from '../../src/contracts/ctes';
import { filtroCtes } from '../../src/server/ctes/filtro-ctes';
import { processarCtes } from '../../src/server/ctes/processar-ctes';
import { compactacaoEmAndamento, compactarResumo, DELTAS_PARA_COMPACTAR } from '../../src/server/ctes/resumo-ctes';
import { resumoResponde, totaisPorVarredura, type TotaisCtes } from '../../src/server/ctes/totais-ctes';
import { cliente } from '../../src/server/db/schema/cliente';
import { cte } from '../../src/server/db/schema/cte';
import { cteResumo, RESUMO_TODAS_TRANSPORTADORAS } from '../../src/server/db/schema/cte-resumo';
import { linhas } from '../../src/server/db/linhas';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { inserirCte, type NovoCte } from './ctes-dados';
import { createHarness, json, TEST_DB, type Harness } from './harness';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';

// docs/decisoes.md §14: the Fretes totals come from cte_resumo (kept by triggers on cte) when the filters are only
// period, payer, status and carrier, and from a scan of the CT-es otherwise. Whatever happens to the CT-es
// (inserts, processing, audit, disregard, cancellation, value and date changes, deletes, concurrent
// writers, compactions), the API's totals must equal a scan of the same filters. Our CT-es live in 2009;
// the demo's are in the last three months.

let h: Harness;
const db = () => h.bancos.COLACRIL.db;
let leitor: string;
let editor: string;
const T: { id: number; cnpj: string }[] = [];
const C: { id: number; doc: string }[] = [];
const id: Record<string, number> = {};

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  [leitor, editor] = await Promise.all([h.tokenCom(['FRETE_CTE_M']), h.tokenCom(['FRETE_CTE_M', 'FRETE_CTE_E'])]);
  const ts = await db().select({ id: transportadora.id, cnpj: transportadora.cnpj }).from(transportadora).where(isNotNull(transportadora.cnpj)).orderBy(asc(transportadora.id)).limit(2);
  T.push(...ts.map((t) => ({ id: t.id, cnpj: t.cnpj! })));
  const cs = await db().select({ id: cliente.id, doc: cliente.cpfCnpj }).from(cliente).where(sql`length(${cliente.cpfCnpj}) = 14`).orderBy(asc(cliente.id)).limit(2);
  C.push(...cs.map((c) => ({ id: c.id, doc: c.doc! })));
});
afterAll(() => h?.close());

const totaisApi = async (q: string): Promise<TotaisCtes> => {
  const r = await h.request('GET', `/api/ctes/listar-simples?${q}`, { token: leitor });
  const corpo = await json<CtePage>(r);
  expect(r.status, JSON.stringify(corpo)).toBe(200);
  expect(corpo.totalElements).toBe(corpo.totais.quantidade);
  return corpo.totais;
};
const consulta = (q: string) => cteListaQuerySchema.parse(Object.fromEntries(new URLSearchParams(q)));
const varridos = (q: string) => totaisPorVarredura(db(), filtroCtes(consulta(q)));
const totais = (quantidade: number, valorTotal: string, valorAuditoria = '0.00'): TotaisCtes => ({ quantidade, valorTotal, valorAuditoria });

const MAIO = 'dataIni=2009-05-01&dataFim=2009-05-31';
/** Filters the summary answers, over the demo's months and ours. */
const doResumo = () => [
  '',
  'tomadorServico=TODOS',
  'status=AUDITADO',
  'status=AUDITADO&auditoria=FALHA&tomadorServico=TODOS',
  'status=PROCESSADO',
  `transportadora=${T[0].id}&tomadorServico=TODOS`,
  `transportadora=${T[1].id}&status=AUDITADO`,
  `dataIni=${Number(dataSaoPaulo(relogio.agora())!.slice(0, 4)) - 1}-01-01&tomadorServico=TODOS`,
  'dataFim=2009-12-31&tomadorServico=TODOS',
  `${MAIO}&tomadorServico=TODOS`,
  MAIO,
  'dataIni=2009-05-10&dataFim=2009-05-10',
  'dataIni=2009-06-01&dataFim=2009-07-31&tomadorServico=TODOS',
];
/** Every summary-answered filter gives the totals of a scan of the CT-es. */
async function confereComVarredura(): Promise<void> {
  for (const q of doResumo()) {
    expect(resumoResponde(consulta(q)), q).toBe(true);
    expect(await totaisApi(q), q).toEqual(await varridos(q));
  }
}

const novo = (numero: number, dataEmissao: string, valor: string, extra: Partial<NovoCte> = {}): NovoCte => ({
  numero, emitente: T[0].cnpj, remetente: C[0].doc, destinatario: C[1].doc, dataEmissao, valor, ...extra,
});

describe('Fretes totals (GET /ctes/listar-simples totais)', () => {
  it('the demo CT-es: summary totals equal a scan for every filter it answers', async () => {
    expect((await totaisApi('tomadorServico=TODOS')).quantidade).toBeGreaterThan(0);
    await confereComVarredura();
  });

  it('stay exact through inserts, processing, audit, disregard, cancellation, value and date changes and deletes', async () => {
    // 23:30 in São Paulo is already the next day in UTC: still 10/05 for the totals, as for the rows.
    id.a = await inserirCte(db(), novo(910001, '2009-05-10T10:00:00-03:00', '100.00'));
    id.b = await inserirCte(db(), novo(910002, '2009-05-10T23:30:00-03:00', '200.00'));
    id.c = await inserirCte(db(), novo(910003, '2009-05-11T00:30:00-03:00', '300.00', { emitente: T[1].cnpj }));
    id.d = await inserirCte(db(), novo(910004, '2009-05-11T09:00:00-03:00', '50.00', { tomador: 'DESTINATARIO' }));
    expect(await totaisApi('dataIni=2009-05-10&dataFim=2009-05-10')).toEqual(totais(2, '300.00'));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS`)).toEqual(totais(4, '650.00'));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS&status=LIDO`)).toEqual(totais(4, '650.00'));

    await processarCtes(h.bancos.COLACRIL, { ids: [id.a, id.b, id.c, id.d] });
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS&status=LIDO`)).toEqual(totais(0, '0.00'));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS&status=PROCESSADO`)).toEqual(totais(4, '650.00'));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS&transportadora=${T[0].id}`)).toEqual(totais(3, '350.00'));
    expect(await totaisApi(`${MAIO}&transportadora=${T[1].id}`)).toEqual(totais(1, '300.00'));
    await confereComVarredura();

    // The audit's write (gravar-auditorias.ts): status and expected value.
    await db().update(cte).set({ status: 'AUDITADO_FALHA', valorAuditoria: '90.00', versao: sql`${cte.versao} + 1` }).where(eq(cte.id, id.a));
    expect(await totaisApi(`${MAIO}&status=AUDITADO&auditoria=FALHA`)).toEqual(totais(1, '100.00', '90.00'));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS`)).toEqual(totais(4, '650.00', '90.00'));

    const [{ versao }] = await db().select({ versao: cte.versao }).from(cte).where(eq(cte.id, id.b));
    const desconsiderar = await h.request('POST', '/api/ctes/desconsiderar', { token: editor, body: { id: id.b, versao } });
    expect(desconsiderar.status).toBe(200);
    expect(await totaisApi(`${MAIO}&status=DESCONSIDERADO`)).toEqual(totais(1, '200.00'));
    expect(await totaisApi(`${MAIO}&status=PROCESSADO&tomadorServico=TODOS`)).toEqual(totais(2, '350.00'));

    // A cancellation read from its XML event (ler-arquivos-cte.ts) sets the status and the date.
    await db().update(cte).set({ status: 'CANCELADO', dataCancelamento: relogio.agora() }).where(eq(cte.id, id.c));
    expect(await totaisApi(`${MAIO}&status=CANCELADO`)).toEqual(totais(1, '300.00'));
    await confereComVarredura();

    await db().update(cte).set({ valorTotal: '75.00' }).where(eq(cte.id, id.d));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS`)).toEqual(totais(4, '675.00', '90.00'));
    await db().update(cte).set({ dataEmissao: new Date('2009-06-01T12:00:00-03:00') }).where(eq(cte.id, id.a));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS`)).toEqual(totais(3, '575.00'));
    expect(await totaisApi('dataIni=2009-06-01&dataFim=2009-06-30')).toEqual(totais(1, '100.00', '90.00'));
    await db().delete(cte).where(eq(cte.id, id.d));
    expect(await totaisApi(`${MAIO}&tomadorServico=TODOS`)).toEqual(totais(2, '500.00'));
    await confereComVarredura();
  });

  it('compaction folds the deltas into one row per key, drops emptied keys and changes no total', async () => {
    const antes = await Promise.all(doResumo().map(totaisApi));
    const deltas = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(cteResumo).where(eq(cteResumo.delta, true)))[0].n;
    await compactacaoEmAndamento(db()); // one a read may have started
    const pendentes = await deltas();
    expect(pendentes).toBeGreaterThan(3);
    // Five batches: five transactions, each moving its deltas into their keys.
    expect(await compactarResumo(db(), Math.ceil(pendentes / 5))).toBe(pendentes);
    expect(await deltas()).toBe(0);
    expect(await compactarResumo(db())).toBe(0);
    expect(await Promise.all(doResumo().map(totaisApi))).toEqual(antes);
    // Processing emptied 10/05's LIDO keys (REMETENTE, no carrier yet, and every carrier): no row is left for them.
    const vazias = await db().select().from(cteResumo).where(and(eq(cteResumo.dia, '2009-05-10'), eq(cteResumo.status, 'LIDO')));
    expect(vazias).toEqual([]);
    // Every key's row adds up its CT-es; the "every carrier" rows add up the carriers' rows.
    const porChave = await db().execute(sql`
      select count(*)::int as n from cte_resumo r full join (
        select coalesce(transportadora_id, 0) as t, (data_emissao at time zone 'America/Sao_Paulo')::date as dia, tomador, status, count(*)::int as q
        from cte group by 1, 2, 3, 4) c on c.t = r.transportadora_id and c.dia = r.dia and c.tomador = r.tomador and c.status = r.status
      where r.transportadora_id is distinct from ${RESUMO_TODAS_TRANSPORTADORAS} and r.quantidade is distinct from c.q`);
    expect(linhas<{ n: number }>(porChave)[0].n).toBe(0);
    const todas = await db().execute(sql`
      select count(*)::int as n from (select dia, tomador, status, sum(quantidade) as q, sum(valor_total) as v from cte_resumo
        where transportadora_id <> ${RESUMO_TODAS_TRANSPORTADORAS} group by 1, 2, 3) p
      full join (select * from cte_resumo where transportadora_id = ${RESUMO_TODAS_TRANSPORTADORAS}) t using (dia, tomador, status)
      where p.q is distinct from t.quantidade or p.v is distinct from t.valor_total`);
    expect(linhas<{ n: number }>(todas)[0].n).toBe(0);
    await confereComVarredura();
  });

  it('a read that meets many uncompacted deltas starts a compaction in the background', async () => {
    // Deltas that move nothing (as a CT-e that left a key and came back): totals unchanged, keys then dropped.
    await db().execute(sql`insert into cte_resumo (transportadora_id, dia, tomador, status, quantidade, valor_total, valor_auditoria)
      select ${RESUMO_TODAS_TRANSPORTADORAS}::int, '2009-10-01'::date + (i % 28), 'REMETENTE', 'LIDO', 0, 0, 0 from generate_series(0, ${DELTAS_PARA_COMPACTAR}) as i`);
    expect(await totaisApi('dataIni=2009-10-01&dataFim=2009-10-31')).toEqual(totais(0, '0.00'));
    await compactacaoEmAndamento(db());
    const outubro = await db().select().from(cteResumo).where(sql`${cteResumo.dia} between '2009-10-01' and '2009-10-31'`);
    expect(outubro).toEqual([]);
  });

  it('concurrent inserts with compactions in between are all counted, once', async () => {
    const dia = (i: number) => `2009-07-15T${String(8 + (i % 10)).padStart(2, '0')}:00:00-03:00`;
    await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => inserirCte(db(), novo(920000 + i, dia(i), '10.00'))),
      compactarResumo(db()),
      ...Array.from({ length: 8 }, (_, i) => inserirCte(db(), novo(920100 + i, dia(i), '1.50', { tomador: 'DESTINATARIO' }))),
      compactarResumo(db()),
    ]);
    expect(await totaisApi('dataIni=2009-07-15&dataFim=2009-07-15&tomadorServico=TODOS')).toEqual(totais(16, '92.00'));
    await confereComVarredura();
  });

  it('a CT-e written by a transaction still open while a compaction runs counts once, from its commit', async () => {
    const q = 'dataIni=2009-08-20&dataFim=2009-08-20&tomadorServico=TODOS';
    if (TEST_DB === 'pg') {
      // Two connections: the compaction commits while the insert's transaction is open, then it commits.
      let liberar = () => {};
      const aberta = new Promise<void>((ok) => (liberar = ok));
      let inseriu = () => {};
      const inserido = new Promise<void>((ok) => (inseriu = ok));
      const escrita = db().transaction(async (tx) => {
        await inserirCte(tx, novo(930001, '2009-08-20T10:00:00-03:00', '33.00'));
        inseriu();
        await aberta;
      });
      await inserido;
      await compactarResumo(db());
      expect(await totaisApi(q)).toEqual(totais(0, '0.00'));
      liberar();
      await escrita;
    } else {
      // PGlite has one connection: transactions never overlap, the compaction runs before or after.
      await compactarResumo(db());
      await db().transaction((tx) => inserirCte(tx, novo(930001, '2009-08-20T10:00:00-03:00', '33.00')));
    }
    expect(await totaisApi(q)).toEqual(totais(1, '33.00'));
    await compactarResumo(db());
    expect(await totaisApi(q)).toEqual(totais(1, '33.00'));
  });

  it('filters the summary does not hold are answered by a scan (fallback)', async () => {
    const ano = 'dataIni=2009-01-01&dataFim=2009-12-31&tomadorServico=TODOS';
    const fora = [
      `${ano}&cliente=${C[1].id}`,
      `${ano}&municipioDestino=3523909`,
      `${ano}&municipioOrigem=4108304`,
      `${ano}&numeroCte=920001`,
      `${ano}&chave=41`,
      `${ano}&numeroFatura=NAO-EXISTE`,
      `${ano}&numeroNf=1`,
      `${ano}&numeroPedido=P-1`,
      `${ano}&agrupamento=CANDIDATO`,
    ];
    const real = await varridos(ano);
    // A stray summary row shows which path answered: the summary's filters see it, the others do not.
    await db().insert(cteResumo).values({ dia: '2009-09-09', tomador: 'REMETENTE', status: 'LIDO', transportadoraId: RESUMO_TODAS_TRANSPORTADORAS, quantidade: 1000, valorTotal: '1000.00', valorAuditoria: '0.00' });
    try {
      expect((await totaisApi(ano)).quantidade).toBe(real.quantidade + 1000);
      for (const q of fora) {
        expect(resumoResponde(consulta(q)), q).toBe(false);
        expect(await totaisApi(q), q).toEqual(await varridos(q));
      }
      expect(await totaisApi(`${ano}&numeroCte=920001`)).toEqual(totais(1, '10.00'));
    } finally {
      await db().delete(cteResumo).where(and(eq(cteResumo.dia, '2009-09-09'), eq(cteResumo.quantidade, 1000)));
    }
    expect(await totaisApi(ano)).toEqual(real);
  });
});
