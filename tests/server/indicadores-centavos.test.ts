import fc from 'fast-check';
import Papa from 'papaparse';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IndicadoresBasePage, IndicadoresPage, ResumoIndicadores } from '../../src/contracts/indicadores';
import { formatNumberBr } from '../../src/domain/format-number-br';
import { vendidoFaturadoPdf } from '../../src/server/documentos/vendido-faturado-pdf';
import { arredondarFracao, dividirFracao, fixo, fracao, maiorOuIgual, multiplicar, subtrair } from '../domain/fracao-exata';
import { CASOS_MEIO_CENTAVO, figurasOraculo, mediaOraculo, type FigurasOraculo, type NotaOraculo } from '../domain/indicadores-oraculo';
import { chaveNfe, inserirCte } from './ctes-dados';
import { createHarness, json, type Harness } from './harness';
import { lerPdf } from './romaneio-documentos-dados';

// docs/decisoes.md §26, one exact rounding for money and rates, on both databases: CT-es of random values and note
// weights (a seeded generator, the same every run) plus the half-cent cases, read back through the
// indicators list, the base page, the chart's summary (SQL) and the three CSVs: every figure is the same
// text everywhere and the exact-fraction oracle's (tests/domain/fracao-exata.ts). The indicators have no PDF;
// the one report that divides money, vendido × faturado, is read back from its PDF text.

interface CteCaso {
  valorCte: string;
  pesoCte: string;
  valorAuditoria: string | null;
  valorIcms: string | null;
  uf: 'SP' | 'RJ' | 'MG';
  notas: { pesoNf: string; valorNf: string }[];
}

const decimal = (max: number, casas: number) => fc.integer({ min: 0, max }).map((n) => fixo(n, casas));
const cteAleatorio: fc.Arbitrary<CteCaso> = fc
  .record({
    centavos: fc.integer({ min: 1, max: 50_000_00 }),
    gramas: fc.integer({ min: 1, max: 9_000_000 }),
    auditoria: fc.option(decimal(60_000_00, 2)),
    icms: fc.option(decimal(9_000_00, 2)),
    uf: fc.constantFrom('SP' as const, 'RJ' as const, 'MG' as const),
    partes: fc.array(fc.tuple(fc.integer({ min: 0, max: 8 }), decimal(900_000_00, 2)), { minLength: 1, maxLength: 4 }),
  })
  .map(({ centavos, gramas, auditoria, icms, uf, partes }) => {
    // Note weights in eighths of the CT-e's (halves and quarters give exact half cents), rounded to grams.
    const soma = partes.reduce((s, [p]) => s + p, 0) || 1;
    return {
      valorCte: fixo(centavos, 2),
      pesoCte: fixo(gramas, 3),
      valorAuditoria: auditoria,
      valorIcms: icms,
      uf,
      notas: partes.map(([p, valorNf]) => ({ pesoNf: fixo(Math.round((gramas * p) / soma), 3), valorNf })),
    };
  });

// Each half-cent case is a CT-e with its note and a second note of the rest of the weight.
const fixos: CteCaso[] = CASOS_MEIO_CENTAVO.map((c, i) => ({
  valorCte: c.valorCte,
  pesoCte: c.pesoCte,
  valorAuditoria: c.valorAuditoria,
  valorIcms: c.valorIcms,
  uf: (['SP', 'RJ', 'MG'] as const)[i % 3],
  notas: [
    { pesoNf: c.pesoNf, valorNf: c.valorNf },
    { pesoNf: arredondarFracao(subtrair(fracao(c.pesoCte), fracao(c.pesoNf)), 3), valorNf: '1000.00' },
  ],
}));
const CASOS: CteCaso[] = [...fixos, ...fc.sample(cteAleatorio, { seed: 26, numRuns: 40 })];

const FILTRO = 'filtroRadioGroup=CTE&dataEmissao_inicio=2020-03-01&dataEmissao_fim=2020-03-31';
const EMITENTE = '26262626000126';
let h: Harness;
let token: string;
/** The oracle's figures of each note, by its NF number, and each note's UF. */
const esperado = new Map<number, FigurasOraculo & { uf: string }>();
const exec = (q: ReturnType<typeof sql>) => h.bancos.COLACRIL.db.execute(q);

beforeAll(async () => {
  h = await createHarness();
  token = await h.adminToken();
  const { db } = h.bancos.COLACRIL;
  let nf = 7_260_000;
  for (const [i, c] of CASOS.entries()) {
    const numeros = c.notas.map(() => ++nf);
    const dia = String(1 + (i % 28)).padStart(2, '0');
    const id = await inserirCte(db, {
      numero: 926_000 + i, emitente: EMITENTE, remetente: '11222333000181', destinatario: '44555666000172', dataEmissao: `2020-03-${dia}T10:00:00-03:00`,
      notas: numeros.map((n) => chaveNfe(n)), status: 'PROCESSADO',
    });
    const icms = c.valorIcms === null ? sql`'null'::jsonb` : sql`jsonb_build_object('valor', ${c.valorIcms}::text)`;
    await exec(sql`update cte set valor_total = ${c.valorCte}, peso_bruto = ${c.pesoCte}, uf_destino = ${c.uf}, valor_auditoria = ${c.valorAuditoria},
      documento = jsonb_set(documento, '{icms}', ${icms}) where id = ${id}`);
    for (const [k, n] of c.notas.entries()) {
      await exec(sql`update cte_nota set peso_bruto = ${n.pesoNf}, valor = ${n.valorNf} where cte_id = ${id} and numero = ${numeros[k]}`);
      const entrada: NotaOraculo = { valorCte: c.valorCte, pesoCte: c.pesoCte, pesoNf: n.pesoNf, valorNf: n.valorNf, valorAuditoria: c.valorAuditoria, valorIcms: c.valorIcms };
      esperado.set(numeros[k], { ...figurasOraculo(entrada), uf: c.uf });
    }
  }
  await exec(sql`update uf set limite_frete_peso = 2.5000, limite_frete_valor = 9.0000 where sigla in ('SP', 'RJ', 'MG')`);
});
afterAll(() => h?.close());

const get = (path: string) => h.request('GET', path, { token });

async function lerCsv(r: Response): Promise<Record<string, string>[]> {
  expect(r.status).toBe(200);
  const texto = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer()).slice(1);
  const { data, errors } = Papa.parse<Record<string, string>>(texto, { delimiter: ';', header: true, skipEmptyLines: true });
  expect(errors).toEqual([]);
  return data;
}
const doCsv = (v: string | undefined) => (v === '' || v === undefined ? null : v.replace(',', '.'));

describe('the same cents everywhere, and the exact ones', () => {
  it('the list rows (GET /vw/frete-indicadores-peso-valor) give the oracle’s freight to pay, R$/kg and %', async () => {
    const pagina = await json<IndicadoresPage>(await get(`/api/vw/frete-indicadores-peso-valor?${FILTRO}&size=1000`));
    expect(pagina.totalElements).toBe(esperado.size);
    for (const l of pagina.content) {
      const e = esperado.get(l.notaFiscal!)!;
      expect([l.notaFiscal, l.nfFretePagar, l.indicadorFretePeso, l.indicadorFreteValor]).toEqual([l.notaFiscal, e.nfFretePagar, e.indicadorFretePeso, e.indicadorFreteValor]);
    }
    // The row: exact 857,545.
    expect(pagina.content.map((l) => l.nfFretePagar)).toContain('857.55');
  });

  it('the base rows (GET /vw/frete-indicadores-base) give the oracle’s previsto, difference, tax, percentages and net', async () => {
    const pagina = await json<IndicadoresBasePage>(await get(`/api/vw/frete-indicadores-base?${FILTRO}&size=1000`));
    expect(pagina.totalElements).toBe(esperado.size);
    for (const l of pagina.content) {
      const e = esperado.get(l.notaFiscal!)!;
      expect({ nf: l.notaFiscal, pagar: l.valorFretePagar, previsto: l.valorFretePrevisto, dif: l.difFrete, imposto: l.valorImposto, pf: l.percentualFrete, pi: l.percentualImposto, liquido: l.valorLiquido }).toEqual({
        nf: l.notaFiscal, pagar: e.nfFretePagar, previsto: e.valorFretePrevisto, dif: e.difFrete, imposto: e.valorImposto, pf: e.indicadorFreteValor, pi: e.percentualImposto, liquido: e.valorLiquido,
      });
    }
  });

  it('the chart’s summary (SQL) averages the same rounded indicators, and counts red by them', async () => {
    const resumo = await json<ResumoIndicadores>(await get(`/api/vw/frete-indicadores-resumo?${FILTRO}`));
    const todas = [...esperado.values()];
    const grupo = (linhas: typeof todas, limitePeso: string, limiteValor: string) => ({
      notas: linhas.length,
      fretePeso: mediaOraculo(linhas.map((l) => l.indicadorFretePeso)),
      freteValor: mediaOraculo(linhas.map((l) => l.indicadorFreteValor)),
      vermelhasPeso: linhas.filter((l) => maiorOuIgual(l.indicadorFretePeso, limitePeso)).length,
      vermelhasValor: linhas.filter((l) => l.indicadorFreteValor !== null && maiorOuIgual(l.indicadorFreteValor, limiteValor)).length,
    });
    expect(resumo.porUf.map((g) => g.chave)).toEqual(['MG', 'RJ', 'SP']);
    for (const g of resumo.porUf) {
      const { chave, notas, fretePeso, freteValor, vermelhasPeso, vermelhasValor } = g;
      expect({ chave, notas, fretePeso, freteValor, vermelhasPeso, vermelhasValor }).toEqual({ chave, ...grupo(todas.filter((l) => l.uf === chave), '2.5', '9') });
    }
    expect(resumo.porTransportadora).toHaveLength(1);
    expect(resumo.porTransportadora[0]).toMatchObject(grupo(todas, '2.5', '9'));
  });

  it('indicadores.csv, Indicadores-Frete.csv and Indicadores.csv carry the same figures as the rows', async () => {
    const tela = await lerCsv(await get(`/api/vw/frete-indicadores-peso-valor?${FILTRO}&formato=csv`));
    expect(tela).toHaveLength(esperado.size);
    for (const l of tela) {
      const e = esperado.get(Number(l['NF']))!;
      expect([l['NF'], doCsv(l['Frete a pagar']), doCsv(l['Indicador frete peso (R$/kg)']), doCsv(l['Indicador frete valor (%)'])]).toEqual([l['NF'], e.nfFretePagar, e.indicadorFretePeso, e.indicadorFreteValor]);
    }
    const view = await lerCsv(await get(`/api/vw/frete-indicadores-base?${FILTRO}&formato=csv`));
    const servidor = await lerCsv(await h.request('POST', `/api/indicadores/frete-base?${FILTRO}`, { token }));
    expect(view).toHaveLength(esperado.size);
    expect(servidor.map((l) => Object.values(l))).toEqual(view.map((l) => Object.values(l)));
    for (const l of view) {
      const e = esperado.get(Number(l.notaFiscal))!;
      const campos = ['valorFretePagar', 'valorFretePrevisto', 'difFrete', 'valorImposto', 'percentualFrete', 'percentualImposto', 'valorLiquido'];
      expect([l.notaFiscal, ...campos.map((c) => doCsv(l[c]))]).toEqual([
        l.notaFiscal, e.nfFretePagar, e.valorFretePrevisto, e.difFrete, e.valorImposto, e.indicadorFreteValor, e.percentualImposto, e.valorLiquido,
      ]);
    }
  });
});

describe('the report that divides money: vendido × faturado', () => {
  it('its PDF shows each share invoiced as the exact quotient rounded once', async () => {
    const pares = [['200.00', '0.01'], ['3.00', '1.00'], ['8.00', '0.05'], ['1715.09', '857.55'], ['7.00', '6.65'], ['0.03', '0.02']];
    const linhas = pares.map(([vendido, faturado], i) => ({ clienteId: `C${i}`, razaoSocial: `Cliente ${i}`, uf: 'SP', pedidos: 1, vendido, notas: 1, faturado }));
    const { texto } = lerPdf(await vendidoFaturadoPdf({ empresa: 'COLACRIL', inicio: '2020-03-01', fim: '2020-03-31', linhas }));
    for (const [vendido, faturado] of pares) {
      const exato = arredondarFracao(dividirFracao(multiplicar(fracao(faturado), fracao(100)), fracao(vendido)), 1);
      expect(texto).toContain(`${formatNumberBr(exato, { decimals: 1 })}%`);
    }
  });
});
