import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { erpTabelas, erpTabelasRelatorios } from '../../src/server/erp/erp-tabelas';
import { chaveNfe, inserirCte } from './ctes-dados';
import { createHarness, type Harness } from './harness';

// docs/decisoes.md §29, safe CSVs (OWASP "CSV Injection"), on both databases: names from carriers' files and from the
// ERP are untrusted. Hostile text goes into CT-es (recipient, sender, fatura number, the carrier's name, the
// note's ERP id) and into ERP clients and receivables; every CSV export is read back with papaparse: no cell
// starts with = + - @ tab or CR, except our own negative numbers ("-12,50"), and each hostile text reads back
// whole, behind the apostrophe that makes Excel show it as text.

const HOSTIS = ['=HYPERLINK("http://x";"Clique aqui")', '+55 Comércio @SUM(1+1)', '-2+3 Distribuidora', '@SUM(1+1)', '\t=1+1 Tabulação', '\r=1+1 Retorno'];
const FORMULA = /^[=+\-@\t\r]/;
const NUMERO_NOSSO = /^-\d+(,\d+)?$/;

let h: Harness;
let token: string;
const exec = (q: ReturnType<typeof sql>) => h.bancos.COLACRIL.db.execute(q);

async function ctesHostis() {
  const { db } = h.bancos.COLACRIL;
  const { rows } = (await exec(sql`select id from transportadora order by id limit 1`)) as unknown as { rows: { id: number }[] };
  await exec(sql`update transportadora set razao_social = ${'@SUM(1+1) Transportes'} where id = ${rows[0].id}`);
  for (const [i, nome] of HOSTIS.entries()) {
    const id = await inserirCte(db, {
      numero: 826_000 + i, emitente: '26262626000126', remetente: '11222333000181', destinatario: '44555666000172', dataEmissao: `2020-04-${String(i + 1).padStart(2, '0')}T10:00:00-03:00`,
      notas: [chaveNfe(8_260_000 + i)], status: 'PROCESSADO',
    });
    // Straight into the stored document: the text exactly as a hostile file would leave it.
    await exec(sql`update cte set transportadora_id = ${rows[0].id}, numero_fatura = ${`-${i}+1`}, valor_total = 100.00, peso_bruto = 10.000, valor_auditoria = 150.00,
      documento = jsonb_set(jsonb_set(documento, '{destinatario,nome}', to_jsonb(${nome}::text)), '{remetente,nome}', to_jsonb(${nome}::text)) where id = ${id}`);
    await exec(sql`update cte_nota set peso_bruto = 10.000, valor = 1000.00, nota_fiscal_id = ${`=${i}+1`} where cte_id = ${id}`);
  }
}

async function clientesHostis() {
  const b = h.bancos.COLACRIL;
  const { vwCliente } = erpTabelas(b.erpSchema);
  const { vwTituloReceber } = erpTabelasRelatorios(b.erpSchema);
  const [modelo] = await b.db.select().from(vwCliente).limit(1);
  for (const [i, nome] of HOSTIS.entries()) {
    const clienteId = `=CLI+${i}`;
    await b.db.insert(vwCliente).values({ ...modelo, clienteId, razaoSocial: nome, cpfCnpj: '@SUM(1+1)' });
    await b.db.insert(vwTituloReceber).values({ tituloId: `HOSTIL-${i}`, clienteId, documento: `+DOC-${i}`, parcela: 1, dataEmissao: '2020-01-15', dataVencimento: '2020-02-10', valor: '123.45' });
  }
  expect(await b.db.select().from(vwCliente).where(eq(vwCliente.clienteId, '=CLI+0'))).toHaveLength(1);
}

beforeAll(async () => {
  h = await createHarness();
  token = await h.adminToken();
  await ctesHostis();
  await clientesHostis();
});
afterAll(() => h?.close());

const INDICADORES = 'filtroRadioGroup=CTE&dataEmissao_inicio=2020-04-01&dataEmissao_fim=2020-04-30';
const EXPORTACOES: [string, string][] = [
  ['GET', `/api/vw/frete-indicadores-peso-valor?${INDICADORES}&formato=csv`],
  ['GET', `/api/vw/frete-indicadores-base?${INDICADORES}&formato=csv`],
  ['POST', `/api/indicadores/frete-base?${INDICADORES}`],
  ['GET', '/api/inadimplencias/csv?inicio=2020-02-01&fim=2020-02-29'],
];

async function celulas(metodo: string, caminho: string): Promise<string[][]> {
  const r = await h.request(metodo, caminho, { token });
  expect(r.status, caminho).toBe(200);
  expect(r.headers.get('content-type')).toMatch(/^text\/csv/);
  const texto = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer()).slice(1);
  const { data, errors } = Papa.parse<string[]>(texto, { delimiter: ';', skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
}

describe('every CSV export neutralises formulas (a leading apostrophe), and keeps our negative numbers', () => {
  it.each(EXPORTACOES)('%s %s', async (metodo, caminho) => {
    const [cabecalho, ...linhas] = await celulas(metodo, caminho);
    expect(linhas.length).toBeGreaterThanOrEqual(HOSTIS.length);
    const perigosas = linhas.flat().filter((c) => FORMULA.test(c) && !NUMERO_NOSSO.test(c));
    expect(perigosas).toEqual([]);
    // Each hostile text is there, whole, as text: the names (recipients; ERP clients), ids and numbers.
    const todas = linhas.flat();
    const nomes = caminho.includes('inadimplencias') || caminho.includes('peso-valor') ? HOSTIS : [];
    expect(todas).toEqual(expect.arrayContaining(nomes.map((n) => `'${n}`)));
    if (caminho.includes('inadimplencias')) expect(todas).toEqual(expect.arrayContaining(["'=CLI+0", "'@SUM(1+1)", "'+DOC-0", '123,45']));
    else expect(todas).toEqual(expect.arrayContaining(["'@SUM(1+1) Transportes", "'-0+1", '100,00']));
    if (caminho.includes('base')) expect(todas).toContain("'=0+1"); // the note's ERP id
    // difFrete (100,00 to pay against 150,00 expected) stays a number Excel reads.
    const dif = cabecalho.findIndex((t) => t === 'difFrete' || t === 'Diferença de frete');
    if (dif >= 0) expect(linhas.map((l) => l[dif])).toContain('-50,00');
  });
});
