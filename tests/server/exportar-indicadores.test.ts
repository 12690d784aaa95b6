import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_NENHUM_INDICADOR, type IndicadoresPage } from '../../src/contracts/indicadores';
import { linhas } from '../../src/server/db/linhas';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { csvStream } from '../../src/server/csv/csv-stream';
import { COLUNAS_INDICADORES, csvIndicadores, lotes } from '../../src/server/indicadores/csv-indicadores';
import { paraIndicador } from '../../src/server/indicadores/linhas-indicadores';
import { coluna, lerCsv, lerXlsx, NOME_FORMULA } from './exportar-dados';
import { createHarness, json, type Harness } from './harness';

// Issue 32: the indicator exports as workbooks: GET /indicadores/exportar (the /indicadores screen's rows),
// GET /indicadores/exportar-base (Indicadores-Frete) and POST /indicadores/frete-base?formato=xlsx (Indicadores).
// One demo CT-e given exact figures (as indicadores.test.ts does) and a carrier named like a formula.

let h: Harness;
let token: string;
const FATURA = 'IND-EXP-1';
const exec = (q: ReturnType<typeof sql>) => h.bancos.COLACRIL.db.execute(q);
const FILTRO = `filtroRadioGroup=CTE&numeroFatura=${FATURA}`;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.adminToken();
  const [c] = linhas<{ id: number }>(await exec(sql`select c.id from cte c where c.status like 'AUDITADO_%' and (select count(*) from cte_nota n where n.cte_id = c.id) = 2 order by c.id limit 1`));
  const [t] = await h.bancos.COLACRIL.db.insert(transportadora).values({ fornecedorId: 'EXPIND', razaoSocial: NOME_FORMULA }).returning({ id: transportadora.id });
  await exec(sql`update cte set valor_total = 300.00, peso_bruto = 150.000, uf_destino = 'SP', numero_fatura = ${FATURA}, valor_auditoria = 270.00, transportadora_id = ${t.id} where id = ${c.id}`);
  const [a, b] = linhas<{ id: number }>(await exec(sql`select id from cte_nota where cte_id = ${c.id} order by id`)).map((n) => n.id);
  await exec(sql`update cte_nota set peso_bruto = 100.000, valor = 5000.00, data_emissao = '2020-01-15' where id = ${a}`);
  await exec(sql`update cte_nota set peso_bruto = 50.000, valor = 1000.00, data_emissao = '2020-02-10' where id = ${b}`);
  await exec(sql`update uf set limite_frete_peso = 1.5000, limite_frete_valor = 4.0000 where sigla = 'SP'`);
});
afterAll(() => h?.close());

describe('the indicator workbooks', () => {
  it('GET /indicadores/exportar: the screen rows, typed (R$, kg, %, dates), the carrier neutralised; CSV alike', async () => {
    const pagina = await json<IndicadoresPage>(await h.request('GET', `/api/vw/frete-indicadores-peso-valor?${FILTRO}`, { token }));
    expect(pagina.totalElements).toBe(2);
    const { folha, total, cabecalho } = await lerXlsx(await h.request('GET', `/api/indicadores/exportar?${FILTRO}`, { token }));
    expect(total).toBe(2);
    expect(folha.rowCount - 1).toBe(pagina.totalElements);
    expect(coluna(folha, cabecalho, 'NF').map((c) => c.value)).toEqual(pagina.content.map((l) => l.notaFiscal));
    const [, a] = pagina.content;
    const linha = cabecalho.map((t) => coluna(folha, cabecalho, t)[1]);
    const celula = (t: string) => linha[cabecalho.indexOf(t)];
    expect(celula('Valor da NF').value).toBe(5000);
    expect(celula('Valor da NF').numFmt).toContain('"R$"');
    expect(celula('Frete a pagar').value).toBe(Number(a.nfFretePagar));
    expect(celula('Data da NF').value).toEqual(new Date('2020-01-15T00:00:00Z'));
    expect(celula('Peso da NF (kg)').value).toBe(100);
    expect(celula('Indicador frete valor (%)').value).toBeCloseTo(Number(a.indicadorFreteValor) / 100, 10);
    expect(celula('Indicador frete valor (%)').numFmt).toBe('0.0000%');
    expect(celula('Transportadora').value).toBe(`'${NOME_FORMULA}`);

    const csv = await lerCsv(await h.request('GET', `/api/indicadores/exportar?formato=csv&${FILTRO}`, { token }));
    expect(csv).toHaveLength(3);
    expect(csv[2][cabecalho.indexOf('Data da NF')]).toBe('15/01/2020');
    expect(csv[2][cabecalho.indexOf('Transportadora')]).toBe(`'${NOME_FORMULA}`);
  });

  it('the base rows: GET /indicadores/exportar-base (field names) and POST /frete-base?formato=xlsx (Portuguese); POST without formato stays CSV', async () => {
    const base = await lerXlsx(await h.request('GET', `/api/indicadores/exportar-base?formato=xlsx&${FILTRO}`, { token }));
    expect(base.cabecalho.slice(0, 3)).toEqual(['dataEmissao', 'dataEmissaoCte', 'numeroFatura']);
    expect(base.folha.rowCount).toBe(3);
    const servidor = await lerXlsx(await h.request('POST', `/api/indicadores/frete-base?formato=xlsx&${FILTRO}`, { token }));
    expect(servidor.cabecalho[0]).toBe('Data de emissão da NF');
    const valores = (r: typeof base) => Array.from({ length: 2 }, (_, i) => (r.folha.getRow(i + 2).values as unknown[]).slice(1));
    expect(valores(servidor)).toEqual(valores(base));
    expect(coluna(base.folha, base.cabecalho, 'valorFretePrevisto').every((c) => typeof c.value === 'number' && c.numFmt.includes('"R$"'))).toBe(true);
    const csv = await h.request('POST', `/api/indicadores/frete-base?${FILTRO}`, { token });
    expect(csv.headers.get('content-disposition')).toBe('attachment; filename="Indicadores.csv"');
  });

  it('refuses: no rows (404, §8 text), a bad formato (400), a user without the indicators (403)', async () => {
    for (const [metodo, path] of [
      ['GET', '/api/indicadores/exportar?numeroFatura=NINGUEM'],
      ['GET', '/api/indicadores/exportar-base?numeroFatura=NINGUEM'],
      ['POST', '/api/indicadores/frete-base?numeroFatura=NINGUEM&formato=xlsx'],
    ]) {
      const r = await h.request(metodo, path, { token });
      expect(r.status, path).toBe(404);
      expect(await json(r)).toEqual({ mensagens: [MSG_NENHUM_INDICADOR] });
    }
    for (const [metodo, path] of [
      ['GET', `/api/indicadores/exportar?formato=pdf&${FILTRO}`],
      ['POST', `/api/indicadores/frete-base?formato=pdf&${FILTRO}`],
    ]) {
      const r = await h.request(metodo, path, { token });
      expect(r.status, path).toBe(400);
      expect(await json(r)).toEqual({ mensagens: ['Formato de exportação inválido: use xlsx ou csv.'] });
    }
    const semIndicadores = await h.tokenCom(['FRETE_CTE_M']);
    expect((await h.request('GET', `/api/indicadores/exportar?${FILTRO}`, { token: semIndicadores })).status).toBe(403);
    expect((await h.request('GET', `/api/indicadores/exportar-base?${FILTRO}`, { token: semIndicadores })).status).toBe(200);
    expect((await h.request('GET', `/api/indicadores/exportar-base?${FILTRO}`, { token: await h.tokenCom(['FRETE_FAT_M']) })).status).toBe(403);
  });
});

describe('the indicator CSV in bounded memory (issue 33)', () => {
  const TODAS = { filtroRadioGroup: 'CTE' as const, dataEmissao_inicio: '2000-01-01', dataEmissao_fim: '2099-12-31' };
  /** indicadores.csv as csvIndicadores writes it, counting the rows read from the database. */
  const csvContado = (lidas: { n: number }) => csvStream(COLUNAS_INDICADORES, lotes(h.bancos.COLACRIL.db, TODAS, (l) => (lidas.n++, paraIndicador(l))));

  it('a reader that stops taking bytes stops the rows being read; cancelled, the cursor ends its transaction', async () => {
    const [{ n: total }] = linhas<{ n: number }>(await exec(sql`select count(*)::int as n from cte_nota where indicador`));
    expect(total, 'demo rows: several batches of 500').toBeGreaterThan(1500);
    const lidas = { n: 0 };
    const leitor = csvContado(lidas).getReader();
    await leitor.read(); // BOM and header
    await leitor.read(); // the first rows
    // The reader takes nothing more: the rows are read until the stream's queue is full, then not at all.
    let parado = 0;
    for (let anterior = -1; parado < 10; anterior = lidas.n) {
      await new Promise((ok) => setTimeout(ok, 20));
      parado = lidas.n === anterior ? parado + 1 : 0;
    }
    expect(lidas.n, 'rows read while nobody reads').toBeGreaterThan(0);
    expect(lidas.n, 'rows read while nobody reads').toBeLessThanOrEqual(1000);
    await leitor.cancel();
    expect(linhas<{ n: number }>(await exec(sql`select 7 as n`))[0].n).toBe(7);
    // Read to the end, every row once, the same as csvIndicadores writes.
    const todas = { n: 0 };
    const texto = await new Response(csvContado(todas)).text();
    expect(todas.n).toBe(total);
    expect(texto).toBe(await new Response(csvIndicadores(h.bancos.COLACRIL.db, TODAS)).text());
    expect(texto.split('\r\n').length - 2).toBe(total);
  });
});
