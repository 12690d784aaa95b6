import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_DATA_FINAL_INVALIDA,
  MSG_DATA_INICIAL_INVALIDA,
  MSG_INFORME_UM_CAMPO,
  MSG_INFORME_UM_CAMPO_COM_CTE,
  MSG_NENHUM_INDICADOR,
  MSG_PERIODO_INDICADORES_INVALIDO,
  type IndicadoresBasePage,
  type IndicadoresPage,
  type ResumoIndicadores,
} from '../../src/contracts/indicadores';
import { createHarness, json, type Harness } from './harness';

// docs/decisoes.md §25 and §27, the indicator calls on a real database: one demo CT-e given exact figures (two notes, SP's limits
// set) so every formula is checked to the cent, the §5 messages, the three CSVs parsed back with papaparse,
// and the keyset batches of the CSV against the whole demo period (more rows than one batch).

let h: Harness;
let token: string;
const FATURA = 'IND-TESTE-1';
let cte: { id: number; numero: number; dia: string };
const exec = (q: ReturnType<typeof sql>) => h.bancos.COLACRIL.db.execute(q);

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.adminToken();
  const r = (await exec(sql`select c.id, c.numero, (c.data_emissao at time zone 'America/Sao_Paulo')::date::text as dia from cte c
    where c.status like 'AUDITADO_%' and (select count(*) from cte_nota n where n.cte_id = c.id) = 2 order by c.id limit 1`)) as unknown as { rows: { id: number; numero: number; dia: string }[] };
  cte = r.rows[0];
  await exec(sql`update cte set valor_total = 300.00, peso_bruto = 150.000, uf_destino = 'SP', numero_fatura = ${FATURA}, valor_auditoria = 270.00,
    documento = jsonb_set(documento, '{icms}', '{"grupo":"ICMS00","cst":"00","simplesNacional":false,"baseCalculo":"300.00","aliquota":"12.00","valor":"36.00","substituicao":null}'::jsonb)
    where id = ${cte.id}`);
  const notas = (await exec(sql`select id from cte_nota where cte_id = ${cte.id} order by id`)) as unknown as { rows: { id: number }[] };
  const [a, b] = notas.rows.map((n) => n.id);
  await exec(sql`update cte_nota set peso_bruto = 100.000, valor = 5000.00, data_emissao = '2020-01-15' where id = ${a}`);
  await exec(sql`update cte_nota set peso_bruto = 50.000, valor = 0.00, data_emissao = '2020-02-10' where id = ${b}`);
  await exec(sql`update uf set limite_frete_peso = 1.5000, limite_frete_valor = 4.0000 where sigla = 'SP'`);
});
afterAll(() => h?.close());

const get = (path: string) => h.request('GET', path, { token });
const doCte = () => `filtroRadioGroup=CTE&numeroFatura=${FATURA}`;

describe('GET /vw/frete-indicadores-peso-valor', () => {
  it('computes each note of the CT-e by the help text, marks a zero NF value, green below the limit, red at it', async () => {
    const r = await get(`/api/vw/frete-indicadores-peso-valor?${doCte()}&numeroCte=${cte.numero}`);
    expect(r.status).toBe(200);
    const pagina = await json<IndicadoresPage>(r);
    expect(pagina).toMatchObject({ totalElements: 2, totalPages: 1, number: 0, size: 50 });
    const [b, a] = pagina.content; // newest first by CT-e date, then the note's id descending
    expect(a).toMatchObject({
      cte: cte.numero,
      numeroFatura: FATURA,
      dataEmissaoCte: cte.dia,
      dataEmissaoNf: '2020-01-15',
      ufDestinoTrecho: 'SP',
      cidadeDestinoTrecho: expect.any(String),
      nfFretePagar: '200.00',
      indicadorFretePeso: '1.3333',
      indicadorFreteValor: '4.0000',
      situacaoFretePeso: 'VERDE',
      situacaoFreteValor: 'VERMELHO',
      limiteFretePeso: '1.5000',
      limiteFreteValor: '4.0000',
      marcas: [],
    });
    expect(b).toMatchObject({ nfFretePagar: '100.00', indicadorFretePeso: '0.6667', indicadorFreteValor: null, situacaoFreteValor: 'INDEFINIDO', marcas: ['VALOR_NF_ZERADO'] });
  });

  it('filters by the NF date with the NF reference', async () => {
    const pagina = await json<IndicadoresPage>(await get(`/api/vw/frete-indicadores-peso-valor?filtroRadioGroup=NF&dataEmissao_inicio=2020-01-01&dataEmissao_fim=2020-01-31&numeroFatura=${FATURA}`));
    expect(pagina.content.map((l) => l.dataEmissaoNf)).toEqual(['2020-01-15']);
  });

  it('pages on the server: page 1 follows page 0 without repeating a row', async () => {
    const periodo = `filtroRadioGroup=CTE&dataEmissao_inicio=2000-01-01&dataEmissao_fim=2099-12-31`;
    const p0 = await json<IndicadoresPage>(await get(`/api/vw/frete-indicadores-peso-valor?${periodo}`));
    const p1 = await json<IndicadoresPage>(await get(`/api/vw/frete-indicadores-peso-valor?${periodo}&page=1`));
    expect(p0.content).toHaveLength(50);
    expect(p1.totalElements).toBe(p0.totalElements);
    expect(p1.content.some((l) => p0.content.some((m) => m.id === l.id))).toBe(false);
  });

  it.each([
    ['', [MSG_INFORME_UM_CAMPO_COM_CTE]],
    ['filtroRadioGroup=NF', [MSG_INFORME_UM_CAMPO_COM_CTE]],
    ['dataEmissao_inicio=2024-01-01', [MSG_DATA_FINAL_INVALIDA]],
    ['dataEmissao_inicio=2024-13-01&dataEmissao_fim=2024-01-31', [MSG_DATA_INICIAL_INVALIDA]],
    ['dataEmissao_inicio=2024-02-01&dataEmissao_fim=2024-01-31', [MSG_PERIODO_INDICADORES_INVALIDO]],
  ])('refuses %j with the §5 messages', async (query, mensagens) => {
    const r = await get(`/api/vw/frete-indicadores-peso-valor?${query}`);
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens });
  });

  it.each(['transportadora=abc', 'numeroCte=12a', 'size=0', 'size=5000', 'page=-1', 'formato=xls', 'filtroRadioGroup=XX&numeroCte=1', 'numeroFatura=' + 'x'.repeat(30)])(
    'answers 400 with a message, never 500, to %s',
    async (query) => {
      const r = await get(`/api/vw/frete-indicadores-peso-valor?${query}`);
      expect(r.status).toBe(400);
      expect((await json<{ mensagens: string[] }>(r)).mensagens[0]).toMatch(/\w/);
    },
  );

  it('the panel calls count neither the CT-e number nor accept a filter without one of their fields', async () => {
    const r = await get(`/api/vw/frete-indicadores-base?numeroCte=${cte.numero}`);
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens: [MSG_INFORME_UM_CAMPO] });
  });
});

describe('GET /vw/frete-indicadores-resumo', () => {
  it('averages the rows per UF against its limits and per carrier, counting the red ones', async () => {
    const r = await json<ResumoIndicadores>(await get(`/api/vw/frete-indicadores-resumo?${doCte()}`));
    expect(r.porUf).toEqual([
      { chave: 'SP', rotulo: 'São Paulo', notas: 2, fretePeso: '1.0000', freteValor: '4.0000', vermelhasPeso: 0, vermelhasValor: 1, limiteFretePeso: '1.5000', limiteFreteValor: '4.0000' },
    ]);
    expect(r.porTransportadora).toHaveLength(1);
    expect(r.porTransportadora[0]).toMatchObject({ notas: 2, fretePeso: '1.0000', vermelhasValor: 1 });
  });
});

const lerCsv = async (r: Response) => {
  const texto = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());
  expect(texto.charCodeAt(0)).toBe(0xfeff);
  const { data, errors, meta } = Papa.parse<string[]>(texto.slice(1), { delimiter: '', skipEmptyLines: true });
  expect(errors).toEqual([]);
  expect(meta.delimiter).toBe(';');
  expect(meta.linebreak).toBe('\r\n');
  return data;
};

describe('the CSVs', () => {
  it('indicadores.csv: the screen columns, decimal comma, dd/mm/yyyy, accents intact, the row count in a header', async () => {
    const r = await get(`/api/vw/frete-indicadores-peso-valor?${doCte()}&formato=csv`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(r.headers.get('content-disposition')).toBe('attachment; filename="indicadores.csv"');
    expect(r.headers.get('x-total-linhas')).toBe('2');
    const [cabecalho, ...linhas] = await lerCsv(r);
    expect(cabecalho.slice(0, 8)).toEqual(['Fatura', 'CT-e', 'Data do CT-e', 'Transportadora', 'NF', 'Data da NF', 'Valor da NF', 'Destinatário']);
    expect(linhas).toHaveLength(2);
    const a = Object.fromEntries(cabecalho.map((t, i) => [t, linhas[1][i]]));
    expect(a).toMatchObject({ 'Data da NF': '15/01/2020', 'Valor da NF': '5000,00', 'Frete a pagar': '200,00', 'Indicador frete peso (R$/kg)': '1,3333', 'Situação frete valor': 'acima do limite' });
    expect(a['Data do CT-e']).toBe(cte.dia.split('-').reverse().join('/'));
  });

  it('Indicadores-Frete.csv (GET base) names the fields; Indicadores.csv (POST) says them in Portuguese; same values', async () => {
    const view = await get(`/api/vw/frete-indicadores-base?${doCte()}&formato=csv`);
    expect(view.headers.get('content-disposition')).toBe('attachment; filename="Indicadores-Frete.csv"');
    const [cab, ...linhas] = await lerCsv(view);
    expect(cab.slice(0, 4)).toEqual(['dataEmissao', 'dataEmissaoCte', 'numeroFatura', 'notaFiscalId']);
    const a = Object.fromEntries(cab.map((t, i) => [t, linhas[1][i]]));
    expect(a).toMatchObject({ valorFretePagar: '200,00', valorFretePrevisto: '180,00', difFrete: '20,00', valorImposto: '24,00', percentualFrete: '4,0000', percentualImposto: '12,0000', valorLiquido: '176,00' });
    const servidor = await h.request('POST', `/api/indicadores/frete-base?${doCte()}`, { token });
    expect(servidor.headers.get('content-disposition')).toBe('attachment; filename="Indicadores.csv"');
    const [cab2, ...linhas2] = await lerCsv(servidor);
    expect(cab2[0]).toBe('Data de emissão da NF');
    expect(linhas2).toEqual(linhas);
  });

  it.each([
    ['GET', '/api/vw/frete-indicadores-peso-valor?numeroFatura=NINGUEM&formato=csv'],
    ['GET', '/api/vw/frete-indicadores-base?numeroFatura=NINGUEM&formato=csv'],
    ['POST', '/api/indicadores/frete-base?numeroFatura=NINGUEM'],
  ])('%s %s with no rows: 404 with §8 text', async (metodo, path) => {
    const r = await h.request(metodo, path, { token });
    expect(r.status).toBe(404);
    expect(await json(r)).toEqual({ mensagens: [MSG_NENHUM_INDICADOR] });
  });

  it.each(['CTE', 'NF'])('streams every row of a period larger than a batch exactly once (%s reference)', async (ref) => {
    const filtro = `filtroRadioGroup=${ref}&dataEmissao_inicio=2000-01-01&dataEmissao_fim=2099-12-31`;
    const pagina = await json<IndicadoresBasePage>(await get(`/api/vw/frete-indicadores-base?${filtro}&size=1`));
    expect(pagina.totalElements).toBeGreaterThan(2000); // eight batches and more
    const r = await get(`/api/vw/frete-indicadores-base?${filtro}&formato=csv`);
    expect(r.headers.get('x-total-linhas')).toBe(String(pagina.totalElements));
    const [cab, ...linhas] = await lerCsv(r);
    const id = cab.indexOf('notaFiscalId');
    expect(linhas).toHaveLength(pagina.totalElements);
    const chaves = linhas.map((l) => `${l[cab.indexOf('cte')]}|${l[id]}|${l[cab.indexOf('notaFiscal')]}`);
    expect(new Set(chaves).size).toBe(linhas.length);
  });
});

describe('the notes follow their CT-e (the database copies what the indicators filter on)', () => {
  it('a fatura number given later filters its notes; cancelled, they leave the indicators; a new note takes its CT-e figures', async () => {
    const porFatura = async (numero: string) => (await json<IndicadoresPage>(await get(`/api/vw/frete-indicadores-peso-valor?filtroRadioGroup=CTE&numeroFatura=${numero}`))).totalElements;
    await exec(sql`update cte set numero_fatura = 'IND-TESTE-2' where id = ${cte.id}`);
    expect([await porFatura(FATURA), await porFatura('IND-TESTE-2')]).toEqual([0, 2]);
    await exec(sql`insert into cte_nota (cte_id, chave, numero) values (${cte.id}, ${'3'.repeat(44)}, 999)`);
    expect(await porFatura('IND-TESTE-2')).toBe(3);
    await exec(sql`update cte set status = 'CANCELADO' where id = ${cte.id}`);
    expect(await porFatura('IND-TESTE-2')).toBe(0);
    const r = await h.request('POST', '/api/indicadores/frete-base?numeroFatura=IND-TESTE-2', { token });
    expect(r.status).toBe(404);
  });
});
