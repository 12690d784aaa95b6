import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_REGISTRO_NAO_ENCONTRADO, MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import {
  MSG_REAJUSTE_CTE_FORA,
  MSG_REAJUSTE_PERIODO_INVERTIDO,
  MSG_REAJUSTE_PERIODO_LONGO,
  MSG_REAJUSTE_SEM_CTES,
  MSG_REAJUSTE_SEM_PROPOSTA,
  mensagemElementoDesconhecido,
  resultadoReajusteSchema,
  tracoReajusteSchema,
  type ResultadoReajuste,
} from '../../src/contracts/reajuste';
import type { ElementoCusto, TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { mesSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { relogio } from '../../src/domain/relogio';
import { formatarDinheiro } from '../../src/domain/format-number-br';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { baixarPlanilha, comInicio, importar } from './tabelas-frete-planilha-dados';

// Issue 32: the readjustment simulation against the engine run CT-e by CT-e, on the demo's audited CT-es.

let h: Harness;
let token: string;
/** The demo table with the most CT-es audited with it, its carrier and a period holding them (three months). */
let tabela: TabelaFrete;
let periodo: { dataIni: string; dataFim: string };

type Linha = Record<string, unknown>;
const linhas = async (consulta: ReturnType<typeof sql>): Promise<Linha[]> => ((await h.bancos.COLACRIL.db.execute(consulta)) as unknown as { rows: Linha[] }).rows;

/** Every row of the CT-es and their audits: a simulation must leave them as they were. */
const gravado = async () => JSON.stringify([await linhas(sql`select * from cte order by id`), await linhas(sql`select * from cte_auditoria order by id`)]);

const simular = (corpo: unknown, id = tabela.id!, formato = 'json', t = token) => h.request('POST', `/api/tabelas-frete/${id}/reajuste?formato=${formato}`, { token: t, body: corpo });

async function resultado(corpo: unknown): Promise<ResultadoReajuste> {
  const r = await simular(corpo);
  expect(r.status, await r.clone().text()).toBe(200);
  return resultadoReajusteSchema.parse(await json(r));
}

const soma = (valores: string[]) => valores.reduce((s, v) => s.plus(v), new Decimal(0)).toFixed(2);

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  const [maior] = await linhas(sql`
    select a.tabela_frete_id as id, count(*)::int as n from cte c join cte_auditoria a on a.id = (select max(x.id) from cte_auditoria x where x.cte_id = c.id)
    where c.status like 'AUDITADO\\_%' and c.status <> 'AUDITADO_ERRO' and a.valor_total is not null and a.tabela_frete_id is not null
    group by 1 order by 2 desc, 1 limit 1`);
  tabela = await json(await h.request('GET', `/api/tabelas-frete/${Number(maior.id)}`, { token }));
  const mes = mesSaoPaulo(relogio.agora());
  periodo = { dataIni: mesSaoPaulo(new Date(`${somarDias(mes.dataIni, -40)}T12:00:00Z`)).dataIni, dataFim: mes.dataFim };
});
afterAll(() => h?.close());

/** The test's own readjustment of a table's prices (the rule of reajustar-tabela.ts, written again). */
function elevar(t: TabelaFrete, fator: string): TabelaFrete {
  const f = new Decimal(fator);
  const x = (v: string, casas: number) => new Decimal(v).times(f).toDecimalPlaces(casas, Decimal.ROUND_HALF_UP).toFixed(casas);
  const el = (e: ElementoCusto): ElementoCusto => ({
    ...e,
    valorMinimo: x(e.valorMinimo, 2),
    valorLimite: x(e.valorLimite, 2),
    faixas: e.modalidade.includes('INDICE') ? e.faixas : e.faixas.map((b) => ({ ...b, valor: x(b.valor, 5) })),
  });
  return {
    ...t,
    elementosCusto: t.elementosCusto.map(el),
    percursos: t.percursos.map((p) => ({
      ...p,
      valorMinimo: x(p.valorMinimo, 2),
      valorMaximo: x(p.valorMaximo, 2),
      elementosCusto: p.elementosCusto.map(el),
      destinos: p.destinos.map((d) => ({ ...d, incidencias: d.incidencias.map((i) => ({ ...i, elementosCusto: i.elementosCusto.map(el) })) })),
    })),
  };
}

describe('POST /tabelas-frete/{id}/reajuste', () => {
  it('0 %: every CT-e simulates at what its stored audit expected (the audit engine, the same table)', async () => {
    const r = await resultado({ ...periodo, percentualGeral: '0' });
    expect(r.totalCtes).toBeGreaterThan(20);
    expect(r.ctes).toHaveLength(r.totalCtes);
    for (const c of r.ctes) expect(c.simulado, `CT-e ${c.numero}`).toBe(c.esperado);
    expect(r.total.simulado).toBe(r.total.esperado);
    for (const e of r.porElemento) expect(e.simulado, e.descricao).toBe(e.esperado);
  });

  it('a percentage per element (named in any case and accent) raises that element only; the others stay as audited', async () => {
    const base = await resultado({ ...periodo, percentualGeral: '0' });
    const doTabela = [...tabela.elementosCusto, ...tabela.percursos.flatMap((p) => p.elementosCusto)].filter((e) => !e.modalidade.includes('INDICE') && e.faixas.length > 0);
    const chave = (d: string) => d.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
    const alvo = base.porElemento.filter((e) => doTabela.some((d) => chave(d.descricao) === chave(e.descricao))).sort((a, b) => new Decimal(b.esperado).comparedTo(a.esperado))[0];
    expect(alvo, 'an element with bands').toBeDefined();
    const r = await resultado({ ...periodo, percentuais: [{ descricao: alvo.descricao.toUpperCase(), percentual: '20' }] });
    expect(r.proposta).toBe(`Reajuste por elemento: ${alvo.descricao.toUpperCase()} +20 %`);
    const porDescricao = new Map(r.porElemento.map((e) => [chave(e.descricao), e]));
    expect(new Decimal(porDescricao.get(chave(alvo.descricao))!.simulado).gt(alvo.esperado)).toBe(true);
    const outros = doTabela.filter((d) => chave(d.descricao) !== chave(alvo.descricao));
    for (const d of outros) {
      const e = porDescricao.get(chave(d.descricao));
      if (e) expect(e.simulado, d.descricao).toBe(e.esperado);
    }
    expect(soma(r.porElemento.map((e) => e.simulado))).toBe(r.total.simulado);
  });

  it('the trace of one CT-e: its value in the list, its lines adding up to it, the steps in pt-BR', async () => {
    const r = await resultado({ ...periodo, percentualGeral: '10' });
    const [primeiro] = r.ctes;
    const resposta = await h.request('POST', `/api/tabelas-frete/${tabela.id}/reajuste/ctes/${primeiro.id}`, { token, body: { ...periodo, percentualGeral: '10' } });
    expect(resposta.status, await resposta.clone().text()).toBe(200);
    const t = tracoReajusteSchema.parse(await json(resposta));
    expect(t.cte).toEqual(primeiro);
    expect(t.calculo.status).toBe('SUCESSO');
    expect(soma(t.calculo.elementosCusto.map((l) => l.valor))).toBe(primeiro.simulado);
    expect(t.calculo.traco.some((l) => l.startsWith('Peso taxado'))).toBe(true);
    // A CT-e out of the period.
    const fora = await h.request('POST', `/api/tabelas-frete/${tabela.id}/reajuste/ctes/${primeiro.id}`, { token, body: { dataIni: '2001-01-01', dataFim: '2001-01-31', percentualGeral: '10' } });
    expect(fora.status).toBe(404);
    expect(await json(fora)).toEqual({ mensagens: [MSG_REAJUSTE_CTE_FORA] });
  });

  it('PDF: a heading and the total; .xlsx: a summary and every CT-e with money as numbers', async () => {
    const corpo = { ...periodo, percentualGeral: '10' };
    const r = await resultado(corpo);
    const pdf = await simular(corpo, tabela.id, 'pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    const bytes = Buffer.from(await pdf.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe('%PDF');
    const pasta = mkdtempSync(join(tmpdir(), 'reajuste-'));
    try {
      writeFileSync(join(pasta, 'r.pdf'), bytes);
      const texto = execFileSync('pdftotext', ['-layout', join(pasta, 'r.pdf'), '-'], { encoding: 'utf8' });
      expect(texto).toContain('Simulação de reajuste');
      expect(texto).toContain(tabela.transportadora!.razaoSocial);
      expect(texto.replace(/\s+/g, ' ')).toContain(formatarDinheiro(r.total.simulado).replace(/\s+/g, ' '));
    } finally {
      rmSync(pasta, { recursive: true, force: true });
    }

    const xlsx = await simular(corpo, tabela.id, 'xlsx');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('x-total-linhas')).toBe(String(r.totalCtes));
    const livro = new ExcelJS.Workbook();
    await livro.xlsx.load(await xlsx.arrayBuffer());
    const ctes = livro.getWorksheet('CT-es')!;
    expect(ctes.rowCount).toBe(r.totalCtes + 1);
    expect(ctes.getRow(1).getCell(6).value).toBe('Simulado');
    const somaPlanilha = new Decimal(0);
    let total = somaPlanilha;
    for (let i = 2; i <= ctes.rowCount; i++) {
      const linha = ctes.getRow(i);
      for (const col of [4, 5, 6, 7]) expect(typeof linha.getCell(col).value, `linha ${i}, coluna ${col}`).toBe('number');
      expect(linha.getCell(2).value).toBeInstanceOf(Date);
      total = total.plus(String(linha.getCell(6).value));
    }
    expect(total.toFixed(2)).toBe(r.total.simulado);
    const resumo = livro.getWorksheet('Resumo')!;
    const linhaTotal = resumo.getRows(1, resumo.rowCount)!.find((l) => l.getCell(1).value === 'Total')!;
    expect(linhaTotal.getCell(2).value).toBe(r.totalCtes);
    expect(linhaTotal.getCell(5).value).toBe(Number(r.total.simulado));
  });

  it('refusals: each message, nothing changed', async () => {
    const antes = await gravado();
    await h.recusas(
      (corpo) => simular(corpo),
      [
        [{ ...periodo, dataIni: periodo.dataFim, dataFim: periodo.dataIni, percentualGeral: '10' }, [MSG_REAJUSTE_PERIODO_INVERTIDO]],
        [{ dataIni: '2025-01-01', dataFim: '2026-01-02', percentualGeral: '10' }, [MSG_REAJUSTE_PERIODO_LONGO]],
        [{ ...periodo }, [MSG_REAJUSTE_SEM_PROPOSTA]],
        [{ ...periodo, percentualGeral: null, percentuais: [] }, [MSG_REAJUSTE_SEM_PROPOSTA]],
        [{ ...periodo, percentualGeral: 'dez' }, ['Reajuste geral: informe um percentual como 10 ou 7,5.']],
        [{ ...periodo, percentualGeral: '-150' }, ['Reajuste geral: a redução não pode passar de 100 %.']],
        [{ ...periodo, percentuais: [{ descricao: 'Taxa Inexistente', percentual: '5' }] }, [mensagemElementoDesconhecido('Taxa Inexistente')]],
        [{ dataFim: periodo.dataFim, percentualGeral: '10' }, ['Informe o início do período (AAAA-MM-DD).']],
      ],
    );
    const formato = await simular({ ...periodo, percentualGeral: '10' }, tabela.id, 'doc');
    expect(formato.status).toBe(400);
    expect(await json(formato)).toEqual({ mensagens: ['Formato inválido: use json, pdf ou xlsx.'] });
    expect(await gravado()).toBe(antes);
  });

  it('404: no CT-e in the period, an unknown table, another company\'s table', async () => {
    const vazio = await simular({ dataIni: '2001-01-01', dataFim: '2001-01-31', percentualGeral: '10' });
    expect(vazio.status).toBe(404);
    expect(await json(vazio)).toEqual({ mensagens: [MSG_REAJUSTE_SEM_CTES] });
    const desconhecida = await simular({ ...periodo, percentualGeral: '10' }, 2_000_000);
    expect(desconhecida.status).toBe(404);
    expect(await json(desconhecida)).toEqual({ mensagens: [MSG_REGISTRO_NAO_ENCONTRADO] });
    // A table only RRE has: COLACRIL's user never reaches it.
    const [{ id: daRre }] = ((await h.bancos.RRE.db.execute(
      sql`insert into tabela_frete (id, transportadora_id, inicio, fim, conteudo) select 1900000, transportadora_id, inicio, fim, conteudo from tabela_frete order by id limit 1 returning id`,
    )) as unknown as { rows: { id: number }[] }).rows;
    const outra = await simular({ ...periodo, percentualGeral: '10' }, Number(daRre));
    expect(outra.status).toBe(404);
    expect(await json(outra)).toEqual({ mensagens: [MSG_REGISTRO_NAO_ENCONTRADO] });
  });

  it('403 without the tables screen or without the Fretes screen; both are enough', async () => {
    const corpo = { ...periodo, percentualGeral: '10' };
    for (const roles of [['FRETE_TABFR_M'], ['FRETE_CTE_M'], ['FRETE_FAT_M', 'FRETE_TABFR_M']] as const) {
      const r = await simular(corpo, tabela.id, 'json', await h.tokenCom(roles));
      expect(r.status, roles.join()).toBe(403);
      expect(await json(r)).toEqual({ mensagens: [MSG_SEM_PERMISSAO] });
      const t = await h.request('POST', `/api/tabelas-frete/${tabela.id}/reajuste/ctes/1`, { token: await h.tokenCom(roles), body: corpo });
      expect(t.status).toBe(403);
    }
    const ok = await simular(corpo, tabela.id, 'json', await h.tokenCom(['FRETE_TABFR_M', 'FRETE_CTE_M']));
    expect(ok.status).toBe(200);
  });

  it('multipart: the table\'s own workbook as the proposal prices every CT-e as audited; with 10 % on top, as the 10 % readjustment', async () => {
    const planilha = await h.request('GET', `/api/tabelas-frete/${tabela.id}/planilha`, { token });
    expect(planilha.status, await planilha.clone().text()).toBe(200);
    const bytes = new Uint8Array(await planilha.arrayBuffer());
    const formulario = (extra: Record<string, string> = {}) => {
      const f = new FormData();
      f.append('arquivo', new File([bytes], 'proposta.xlsx'));
      for (const [k, v] of Object.entries({ ...periodo, ...extra })) f.append(k, v);
      return f;
    };
    const antes = await gravado();
    const mesma = await simular(formulario());
    expect(mesma.status, await mesma.clone().text()).toBe(200);
    const r = resultadoReajusteSchema.parse(await json(mesma));
    expect(r.proposta).toBe('Tabela proposta: proposta.xlsx');
    for (const c of r.ctes) expect(c.simulado, `CT-e ${c.numero}`).toBe(c.esperado);
    const mais = resultadoReajusteSchema.parse(await json(await simular(formulario({ percentualGeral: '10' }))));
    const dez = await resultado({ ...periodo, percentualGeral: '10' });
    expect(mais.proposta).toBe('Tabela proposta: proposta.xlsx; reajuste geral de +10 %');
    expect(mais.total).toEqual(dez.total);
    expect(mais.ctes).toEqual(dez.ctes);
    // A file that is no table: the reader's messages, 400.
    const ruim = new FormData();
    ruim.append('arquivo', new File([new TextEncoder().encode('nada,aqui\n1,2\n')], 'ruim.csv'));
    for (const [k, v] of Object.entries(periodo)) ruim.append(k, v);
    const recusa = await simular(ruim);
    expect(recusa.status).toBe(400);
    expect((await json(recusa)).mensagens.length).toBeGreaterThan(0);
    expect(await gravado()).toBe(antes);
  });

  it('10 %: each CT-e equals the audit run again with a table the test raised itself; totals are the sums, cent for cent', async () => {
    const antes = await gravado();
    const r = await resultado({ ...periodo, percentualGeral: '10' });
    expect(await gravado()).toBe(antes);
    expect(r.proposta).toBe('Reajuste geral de +10 %');
    expect(r.tabela.transportadora).toEqual(tabela.transportadora);
    // Totals: Σ CT-es; per UF: Σ = total; per element: Σ = total.
    expect(r.total.ctes).toBe(r.totalCtes);
    expect(r.total.simulado).toBe(soma(r.ctes.map((c) => c.simulado)));
    expect(r.total.esperado).toBe(soma(r.ctes.map((c) => c.esperado)));
    expect(r.total.cobrado).toBe(soma(r.ctes.map((c) => c.cobrado)));
    for (const campo of ['esperado', 'cobrado', 'simulado'] as const) expect(soma(r.porUf.map((u) => u[campo])), campo).toBe(r.total[campo]);
    expect(r.porUf.reduce((s, u) => s + u.ctes, 0)).toBe(r.totalCtes);
    expect(soma(r.porElemento.map((e) => e.simulado))).toBe(r.total.simulado);
    expect(soma(r.porElemento.map((e) => e.esperado))).toBe(r.total.esperado);
    expect(new Decimal(r.total.simulado).gt(r.total.esperado)).toBe(true);
    // Largest |difference| first.
    const abs = r.ctes.map((c) => new Decimal(c.diferenca).abs().toNumber());
    expect(abs).toEqual([...abs].sort((a, b) => b - a));

    // The engine run CT-e by CT-e: the table saved with the test's prices, every CT-e audited again through the API.
    const salva = await h.request('POST', '/api/tabelas-frete', { token, body: elevar(tabela, '1.1') });
    expect(salva.status, await salva.clone().text()).toBe(200);
    const ids = r.ctes.map((c) => c.id);
    const lista = sql`${`{${ids.join(',')}}`}::int[]`;
    // The audit's starting point (the machine audits a PROCESSADO CT-e; an audited one is audited again only by review).
    await linhas(sql`update cte set status = 'PROCESSADO' where id = any(${lista})`);
    const auditada = await h.request('POST', '/api/auditorias-cte/auditar', { token, body: { ctes: ids } });
    expect(auditada.status, await auditada.clone().text()).toBe(200);
    expect((await json(auditada)).processados).toBe(ids.length);
    const novas = new Map(
      (await linhas(sql`select c.id, a.valor_total from cte c join cte_auditoria a on a.id = (select max(x.id) from cte_auditoria x where x.cte_id = c.id) where c.id = any(${lista})`)).map(
        (l) => [Number(l.id), l.valor_total === null ? '0.00' : new Decimal(String(l.valor_total)).toFixed(2)],
      ),
    );
    for (const c of r.ctes) expect(c.simulado, `CT-e ${c.numero}`).toBe(novas.get(c.id));
  });

  it('a version imported from the table\'s workbook takes over the CT-es audited with the versions before it', async () => {
    const antes = await resultado({ ...periodo, percentualGeral: '0' });
    expect(antes.totalCtes).toBeGreaterThan(0);
    const atual = (await json(await h.request('GET', `/api/tabelas-frete/${tabela.id}`, { token }))) as TabelaFrete;
    const bytes = await comInicio(await baixarPlanilha(h, token, tabela.id!), somarDias(atual.inicio!, 1));
    const nova = await importar(h, token, bytes);
    const depois = resultadoReajusteSchema.parse(await json(await simular({ ...periodo, percentualGeral: '0' }, nova.tabela.id)));
    expect(depois.ctes.map((c) => c.id)).toEqual(antes.ctes.map((c) => c.id));
    expect(depois.outrasTabelas).toBe(antes.outrasTabelas);
  });
});
