import Papa from 'papaparse';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoPagamento } from '../../machines/fatura-pagamento';
import { MENSAGEM_VERSAO_OBSOLETA, type Page } from '../../src/contracts/common';
import type { FaturaLinha } from '../../src/contracts/faturas';
import {
  COLUNAS_EXPORTACAO_PAGAMENTO,
  MSG_EXPORTACAO_NAO_ENCONTRADA,
  MSG_NADA_A_EXPORTAR,
  type ExportacaoPagamento,
  type ResultadoAcaoPagamento,
  type ResultadoExportacao,
  type TotalPagamentos,
} from '../../src/contracts/pagamentos';
import { fatura } from '../../src/server/db/schema/fatura';
import { exportacaoPagamento } from '../../src/server/db/schema/pagamento';
import { obter } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';
import { criarFatura, type FaturaCriada } from './pagamentos-dados';

// /pagamentos: the list and its totals, the export to payables (one run, never twice, its CSV), the payment,
// stale versions and bad input. Situations are pinned in SQL (pagamentos-dados.ts).

const A = '11222333000181';
const B = '22333444000172';
let h: Harness;
let leitor: string;
let executor: string;
const db = () => h.bancos.COLACRIL.db;

const post = (path: string, body: unknown, token = executor) => h.request('POST', `/api/pagamentos${path}`, { token, body });
const situacao = async (id: number) => (await db().select({ s: fatura.situacaoPagamento, v: fatura.versao, e: fatura.exportacaoId, p: fatura.pagaEm }).from(fatura).where(eq(fatura.id, id)))[0];

beforeAll(async () => {
  h = await createHarness();
  leitor = await h.tokenCom(['FRETE_PAG_M'], 'REPRESENTANTE');
  executor = await h.tokenCom(['FRETE_PAG_M', 'FRETE_PAG_E'], 'GERENTE');
});
afterAll(() => h.close());

describe('GET /pagamentos and /pagamentos/totais', () => {
  const f: Record<string, FaturaCriada> = {};
  beforeAll(async () => {
    f.liberada = await criarFatura(db(), { cnpj: A, vencimento: '2030-01-10', situacao: 'LIBERADA', linhas: [{ valorFrete: '100.00' }, { valorFrete: '20.50' }], valorAPagar: '110.25' });
    f.bloqueada = await criarFatura(db(), { cnpj: A, vencimento: '2030-01-10', situacao: 'BLOQUEADA', linhas: [{ valorFrete: '40.00' }], valorContestado: '15.00' });
    f.conferencia = await criarFatura(db(), { cnpj: A, vencimento: '2030-02-10', situacao: 'EM_CONFERENCIA', linhas: [{ valorFrete: '7.01' }] });
    f.outra = await criarFatura(db(), { cnpj: B, vencimento: '2030-01-10', situacao: 'LIBERADA', linhas: [{ valorFrete: '9.99' }] });
  });

  it('filters by situation, carrier and due date, paged on the server, the nearest due date first', async () => {
    const lista = (q: string) => obter<Page<FaturaLinha>>(h, leitor, `/api/pagamentos?${q}`);
    const doA = await lista(`transportadora=${A}`);
    expect(doA.totalElements).toBe(3);
    expect(doA.content.map((l) => l.id)).toEqual([f.bloqueada.id, f.liberada.id, f.conferencia.id]);
    expect(doA.content[1]).toMatchObject({ situacaoPagamento: 'LIBERADA', valorAPagar: '110.25', valorTotal: '120.50' });
    expect((await lista(`transportadora=${A}&situacao=LIBERADA`)).content.map((l) => l.id)).toEqual([f.liberada.id]);
    expect((await lista(`transportadora=${A}&vencimentoInicio=2030-02-01&vencimentoFim=2030-02-28`)).content.map((l) => l.id)).toEqual([f.conferencia.id]);
    const pagina = await lista(`transportadora=${A}&size=50&page=1`);
    expect(pagina).toMatchObject({ content: [], totalElements: 3, number: 1 });
    expect((await lista(`transportadora=${A}&sort=valorTotal,desc`)).content.map((l) => l.id)).toEqual([f.liberada.id, f.bloqueada.id, f.conferencia.id]);
  });

  it('totals per carrier and due date: to pay (LIBERADA), blocked (BLOQUEADA + EM_CONFERENCIA billed), disputed', async () => {
    const totais = await obter<TotalPagamentos[]>(h, leitor, `/api/pagamentos/totais?transportadora=${A}`);
    expect(totais).toEqual([
      { transportadoraCnpj: A, transportadora: 'Transportadora do Teste Ltda', dataVencimento: '2030-01-10', aPagar: '110.25', bloqueado: '40.00', contestado: '15.00', faturas: 2 },
      { transportadoraCnpj: A, transportadora: 'Transportadora do Teste Ltda', dataVencimento: '2030-02-10', aPagar: '0.00', bloqueado: '7.01', contestado: '0.00', faturas: 1 },
    ]);
    const liberadas = await obter<TotalPagamentos[]>(h, leitor, `/api/pagamentos/totais?situacao=LIBERADA&vencimentoInicio=2030-01-10&vencimentoFim=2030-01-10`);
    expect(liberadas.filter((t) => [A, B].includes(t.transportadoraCnpj)).map((t) => [t.transportadoraCnpj, t.aPagar])).toEqual(
      [[A, '110.25'], [B, '9.99']].sort((x, y) => x[0].localeCompare(y[0])),
    );
  });

  it('answers bad filters with 400 in Portuguese', async () => {
    const casos: [string, string][] = [
      ['situacao=PENDENTE', 'Situação de pagamento desconhecida.'],
      ['transportadora=123', 'Transportadora: informe o CNPJ (14 dígitos) ou o CPF (11 dígitos).'],
      ['vencimentoInicio=2030-02-31', 'Vencimento inicial: informe uma data válida (AAAA-MM-DD).'],
      ['size=7', 'O tamanho da página deve ser 50, 100 ou 200.'],
      ['vencimentoInicio=2030-02-01&vencimentoFim=2030-01-01', 'Período de vencimento inválido, a data final deve ser maior ou igual que a inicial.'],
    ];
    for (const [q, mensagem] of casos) {
      const r = await h.request('GET', `/api/pagamentos?${q}`, { token: leitor });
      expect(r.status, q).toBe(400);
      expect(await json(r), q).toEqual({ mensagens: [mensagem] });
    }
    expect((await h.request('GET', '/api/pagamentos/totais?situacao=X', { token: leitor })).status).toBe(400);
  });
});

describe('POST /pagamentos/exportar and the run CSV', () => {
  const C = '33444555000163';
  const NOME_FORMULA = '=HIPERLINK("http://x";"y")';
  const f: Record<string, FaturaCriada> = {};
  const banco = { agente: 'Banco do Brasil', agencia: '1234', digitoAgencia: '5', conta: '98765', digitoConta: '0' };
  beforeAll(async () => {
    f.um = await criarFatura(db(), { cnpj: C, razaoSocial: NOME_FORMULA, vencimento: '2030-03-01', situacao: 'LIBERADA', linhas: [{ valorFrete: '1234.56' }], valorAPagar: '1200.06', descontoContestacoes: '34.50', banco });
    f.dois = await criarFatura(db(), { cnpj: C, razaoSocial: NOME_FORMULA, vencimento: '2030-03-05', situacao: 'LIBERADA', linhas: [{ valorFrete: '10.00' }], banco });
    f.bloqueada = await criarFatura(db(), { cnpj: C, vencimento: '2030-03-05', situacao: 'BLOQUEADA', linhas: [{ valorFrete: '5.00' }] });
  });

  it('exports every LIBERADA fatura once, in one run; a second export takes nothing and makes no run', async () => {
    const r = await post('/exportar', { transportadora: C });
    expect(r.status).toBe(200);
    const corpo = await json<ResultadoExportacao>(r);
    expect(corpo.exportacao).toMatchObject({ faturas: 2, valorTotal: '1210.06' });
    expect(corpo.mensagens).toEqual(['2 fatura(s) exportada(s) para o contas a pagar, total R$ 1.210,06.']);
    for (const x of [f.um, f.dois]) expect(await situacao(x.id)).toMatchObject({ s: 'EXPORTADA', v: x.versao + 1, e: corpo.exportacao!.id });
    expect((await situacao(f.bloqueada.id)).s).toBe('BLOQUEADA');

    const runs = async () => (await db().select({ n: sql<number>`count(*)::int` }).from(exportacaoPagamento))[0].n;
    const antes = await runs();
    const segunda = await post('/exportar', { transportadora: C });
    expect(segunda.status).toBe(200);
    expect(await json(segunda)).toEqual({ exportacao: null, mensagens: [MSG_NADA_A_EXPORTAR] });
    expect(await runs()).toBe(antes);

    const lista = await obter<ExportacaoPagamento[]>(h, leitor, '/api/pagamentos/exportacoes');
    expect(lista[0]).toEqual(corpo.exportacao);
  });

  it('the CSV of a run, read back, equals its faturas; formula-like carrier names leave neutralised', async () => {
    const [run] = await obter<ExportacaoPagamento[]>(h, leitor, '/api/pagamentos/exportacoes');
    const r = await h.request('GET', `/api/pagamentos/exportacoes/${run.id}/csv`, { token: leitor });
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toMatch(/text\/csv/);
    const texto = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await r.arrayBuffer());
    expect(texto.startsWith('\uFEFF')).toBe(true);
    const { data } = Papa.parse<string[]>(texto.slice(1), { delimiter: ';', skipEmptyLines: true });
    expect(data).toEqual([
      [...COLUNAS_EXPORTACAO_PAGAMENTO],
      [C, `'${NOME_FORMULA}`, f.um.numero, '01/03/2030', '1234,56', '34,50', '1200,06', 'Banco do Brasil', '1234-5', '98765-0'],
      [C, `'${NOME_FORMULA}`, f.dois.numero, '05/03/2030', '10,00', '0,00', '10,00', 'Banco do Brasil', '1234-5', '98765-0'],
    ]);
    const nenhuma = await h.request('GET', '/api/pagamentos/exportacoes/999999/csv', { token: leitor });
    expect(nenhuma.status).toBe(404);
    expect(await json(nenhuma)).toEqual({ mensagens: [MSG_EXPORTACAO_NAO_ENCONTRADA] });
  });

  it('two exports at once never take the same fatura', async () => {
    const D = '44555666000154';
    const ids = [];
    for (let i = 0; i < 6; i++) ids.push((await criarFatura(db(), { cnpj: D, situacao: 'LIBERADA', linhas: [{ valorFrete: '1.00' }] })).id);
    const respostas = await Promise.all([post('/exportar', { transportadora: D }), post('/exportar', { transportadora: D })]);
    const corpos = await Promise.all(respostas.map((r) => json<ResultadoExportacao>(r)));
    expect(respostas.map((r) => r.status)).toEqual([200, 200]);
    expect(corpos.reduce((s, c) => s + (c.exportacao?.faturas ?? 0), 0)).toBe(6);
    const porRun = await db().select({ e: fatura.exportacaoId, n: sql<number>`count(*)::int` }).from(fatura).where(eq(fatura.transportadoraCnpj, D)).groupBy(fatura.exportacaoId);
    expect(porRun.reduce((s, r) => s + r.n, 0)).toBe(6);
    for (const c of corpos) if (c.exportacao) expect(porRun.find((r) => r.e === c.exportacao!.id)?.n).toBe(c.exportacao.faturas);
  });

  it('refuses a bad filter with 400 and users without FRETE_PAG_E with 403', async () => {
    const r = await post('/exportar', { transportadora: '12' });
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens: ['Transportadora: informe o CNPJ (14 dígitos) ou o CPF (11 dígitos).'] });
    expect((await post('/exportar', {}, leitor)).status).toBe(403);
  });
});

describe('POST /pagamentos/pagar', () => {
  it('EXPORTADA → PAGA; again, or from another situation, 409 with the machine message; stale version 409', async () => {
    const E = '55666777000145';
    const exportada = await criarFatura(db(), { cnpj: E, situacao: 'EXPORTADA' });
    const liberada = await criarFatura(db(), { cnpj: E, situacao: 'LIBERADA' });

    const velha = await post('/pagar', { faturas: [{ id: exportada.id, versao: exportada.versao + 5 }] });
    expect(velha.status).toBe(409);
    expect(await json(velha)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });

    const r = await post('/pagar', { faturas: [{ id: exportada.id, versao: exportada.versao }] });
    expect(r.status).toBe(200);
    expect(await json<ResultadoAcaoPagamento>(r)).toEqual({
      mensagens: ['1 fatura(s) registrada(s) como paga(s).'],
      faturas: [{ id: exportada.id, versao: exportada.versao + 1, situacaoPagamento: 'PAGA' }],
    });
    expect((await situacao(exportada.id)).p).not.toBeNull();

    const deNovo = await post('/pagar', { faturas: [{ id: exportada.id, versao: exportada.versao + 1 }] });
    expect(deNovo.status).toBe(409);
    expect(await json(deNovo)).toEqual({ mensagens: [mensagemTransicaoPagamento('PAGA', 'PAGAR', exportada.numero)] });

    // All or nothing: the refused LIBERADA one keeps the other EXPORTADA too.
    const outra = await criarFatura(db(), { cnpj: E, situacao: 'EXPORTADA' });
    const misto = await post('/pagar', { faturas: [{ id: outra.id, versao: outra.versao }, { id: liberada.id, versao: liberada.versao }] });
    expect(misto.status).toBe(409);
    expect(await json(misto)).toEqual({ mensagens: [mensagemTransicaoPagamento('LIBERADA', 'PAGAR', liberada.numero)] });
    expect(await situacao(outra.id)).toMatchObject({ s: 'EXPORTADA', v: outra.versao });
  });

  it('answers unknown faturas 404 and bad bodies 400 in Portuguese, writing nothing', async () => {
    const nenhuma = await post('/pagar', { faturas: [{ id: 99_999_999, versao: 0 }] });
    expect(nenhuma.status).toBe(404);
    expect(await json(nenhuma)).toEqual({ mensagens: ['Fatura não encontrada.'] });
    const f = await criarFatura(db(), { cnpj: A, situacao: 'EXPORTADA' });
    const repetida = await post('/pagar', { faturas: [{ id: f.id, versao: f.versao }, { id: f.id, versao: f.versao }] });
    expect(repetida.status).toBe(400);
    expect(await json(repetida)).toEqual({ mensagens: ['A mesma fatura foi informada mais de uma vez.'] });
    await h.recusas((body) => post('/pagar', body), [
      [{}, ['Informe as faturas.']],
      [{ faturas: [] }, ['Informe ao menos uma fatura.']],
    ]);
    for (const body of [{ faturas: [{ id: 'x', versao: 0 }] }, { faturas: [{ id: 1 }] }, { faturas: [{ id: 1, versao: -1 }] }]) {
      const r = await post('/pagar', body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect((await json<{ mensagens: string[] }>(r)).mensagens.length).toBeGreaterThan(0);
    }
    expect((await situacao(f.id)).s).toBe('EXPORTADA');
  });
});
