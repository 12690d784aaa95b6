import Decimal from 'decimal.js';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/common';
import type { FaturaCompleta, FaturaLinha, FretesFatura, ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';
import { cte } from '../../src/server/db/schema/cte';
import { arquivoDoccob, ctesDemo, enviar, numeroTeste, obter, type CteDemo, type FaturaTeste } from './faturas-dados';
import { createHarness, json, type Harness } from './harness';
import { relogio } from '../../src/domain/relogio';

// GET /faturas (filters, default month, page, sort), the palette's GET /faturas/listar, the fatura
// (GET /faturas/{id}) with its check against the CT-es, and its lines (GET /faturas/{id}/ctes).

const CNPJ = '12345678000195';
const HOJE = dataSaoPaulo(relogio.agora())!;
let h: Harness;
let token: string;
let sucesso: CteDemo[];
let revisado: CteDemo;
const ids: Record<'conferida' | 'cobradaAMais' | 'antiga' | 'outra', number> = { conferida: 0, cobradaAMais: 0, antiga: 0, outra: 0 };
const numeros = { conferida: numeroTeste(), cobradaAMais: numeroTeste(), antiga: numeroTeste(), outra: numeroTeste() };

const ler = async (f: FaturaTeste) => {
  const r = await enviar(h, await h.adminToken(), { [`${f.numero}.txt`]: arquivoDoccob([f]) });
  const corpo = await json<ResultadoLeituraFaturas>(r);
  expect(corpo.erros).toEqual([]);
  return corpo.faturas[0];
};
const lista = (query: string) => obter<Page<FaturaLinha>>(h, token, `/api/faturas?${query}`);

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.tokenCom(['FRETE_FAT_M'], 'REPRESENTANTE');
  const db = h.bancos.COLACRIL.db;
  sucesso = await ctesDemo(db, 'AUDITADO_SUCESSO', 3);
  [revisado] = await ctesDemo(db, 'AUDITADO_REVISADO', 1);
  // Known values for the check: the approved CT-e's correct value, the successful ones' audit values.
  await db.update(cte).set({ valorCorreto: '90.00' }).where(eq(cte.id, revisado.id));
  for (const c of sucesso) await db.update(cte).set({ valorAuditoria: '80.00' }).where(eq(cte.id, c.id));
  ids.conferida = await ler({ numero: numeros.conferida, cnpj: CNPJ, dataEmissao: HOJE, linhas: [{ cte: sucesso[0] }, { cte: revisado }] });
  ids.cobradaAMais = await ler({
    numero: numeros.cobradaAMais,
    cnpj: CNPJ,
    dataEmissao: HOJE,
    // The overbilled CT-e is billed by no other fatura (a CT-e billed twice is another divergence: docs/decisoes.md §17).
    linhas: [{ cte: sucesso[1] }, { numero: '999999990', valorFrete: '55.00' }, { cte: sucesso[2], valorFrete: new Decimal(sucesso[2].valorTotal).plus(10).toFixed(2) }],
  });
  ids.antiga = await ler({ numero: numeros.antiga, cnpj: CNPJ, dataEmissao: '2020-01-15', linhas: [{ cte: sucesso[1] }], documento: 'COBRAANTIGA' });
  ids.outra = await ler({ numero: numeros.outra, cnpj: '98765432000198', dataEmissao: HOJE, linhas: [{ numero: '999999989' }] });
});
afterAll(() => h.close());

describe('GET /faturas', () => {
  it('defaults to the current month (São Paulo) and filters by carrier CNPJ, documento, número and status', async () => {
    const doMes = await lista(`transportadora=${CNPJ}`);
    expect(doMes.content.map((f) => f.id).sort()).toEqual([ids.conferida, ids.cobradaAMais].sort());
    expect((await lista('transportadora=12.345.678/0001-95&inicio=2020-01-01&fim=2020-01-31')).content.map((f) => f.id)).toEqual([ids.antiga]);
    expect((await lista('documento=cobraantiga&inicio=2000-01-01')).content.map((f) => f.id)).toEqual([ids.antiga]);
    expect((await lista(`numeroDocumento=00${numeros.outra}`)).content.map((f) => f.id)).toEqual([ids.outra]);
    expect((await lista(`transportadora=${CNPJ}&status=CANCELADO`)).totalElements).toBe(0);
    const { content } = await lista(`transportadora=${CNPJ}&inicio=2000-01-01&sort=valorTotal,desc&size=100`);
    expect(content).toHaveLength(3);
    expect(content.map((f) => Number(f.valorTotal))).toEqual(content.map((f) => Number(f.valorTotal)).sort((a, b) => b - a));
  });

  it('answers the spec fields, the carrier and the check in short', async () => {
    const { content, totalElements, totalPages, size } = await lista(`numeroDocumento=${numeros.conferida}`);
    expect({ totalElements, totalPages, size }).toEqual({ totalElements: 1, totalPages: 1, size: 50 });
    expect(content[0]).toMatchObject({
      id: ids.conferida,
      versao: 0,
      nomeArquivo: `${numeros.conferida}.txt`,
      documento: `COBRA${numeros.conferida}`,
      numeroDocumento: numeros.conferida,
      transportadora: { id: null, cnpj: CNPJ, razaoSocial: 'Transportadora do Teste Ltda' },
      dataEmissao: HOJE,
      dataVencimento: '2024-06-03',
      quantidade: 2,
      status: 'PROCESSADO',
      conferencia: { conferida: true, divergencias: 0 },
    });
    expect((await lista(`numeroDocumento=${numeros.cobradaAMais}`)).content[0].conferencia).toEqual({ conferida: false, divergencias: 2 });
  });

  it('refuses bad filters in Portuguese', async () => {
    for (const [query, mensagem] of [
      ['size=20', 'O tamanho da página deve ser 50, 100 ou 200.'],
      ['inicio=2024-02-30', 'Data inicial: informe uma data válida (AAAA-MM-DD).'],
      ['inicio=2024-03-01&fim=2024-02-01', 'Período informado inválido, a data final deve ser maior ou igual que a inicial.'],
      ['transportadora=123', 'Transportadora: informe o CNPJ (14 dígitos) ou o CPF (11 dígitos).'],
      ['sort=senha', 'Campo de ordenação desconhecido: senha'],
      ['status=PAGO', 'Status da fatura desconhecido.'],
    ]) {
      const r = await h.request('GET', `/api/faturas?${query}`, { token });
      expect([r.status, await r.json()], query).toEqual([400, { mensagens: [mensagem] }]);
    }
  });
});

describe('GET /faturas/listar (find a fatura by number)', () => {
  it('finds by a prefix of the número, the exact one first', async () => {
    const achadas = await obter<FaturaLinha[]>(h, token, `/api/faturas/listar?numero=${numeros.antiga}`);
    expect(achadas.map((f) => f.id)).toEqual([ids.antiga]);
    const prefixo = await obter<FaturaLinha[]>(h, token, `/api/faturas/listar?numero=${numeros.antiga.slice(0, 3)}`);
    expect(prefixo.length).toBeGreaterThanOrEqual(4);
    expect(prefixo.length).toBeLessThanOrEqual(20);
    const r = await h.request('GET', '/api/faturas/listar?numero=abc', { token });
    expect([r.status, await r.json()]).toEqual([400, { mensagens: ['Nº da fatura: apenas dígitos (até 10).'] }]);
  });
});

describe('the fatura and its check against the CT-es', () => {
  it('a fully conferida fatura: found, audited or approved, billed as charged; what to pay', async () => {
    const f = await obter<FaturaCompleta>(h, token, `/api/faturas/${ids.conferida}`);
    expect(f.conferencia).toEqual({
      conferida: true,
      divergencias: 0,
      ctes: 2,
      encontrados: 2,
      naoEncontrados: 0,
      naoAuditados: 0,
      auditados: 1,
      aprovados: 1,
      falhas: 0,
      erros: 0,
      cancelados: 0,
      jaCobrados: 0,
      valorDivergente: 0,
      valorFaturado: f.conferencia.valorCobrado,
      valorCobrado: f.conferencia.valorFaturado,
      valorAPagar: '170.00',
    });
    expect(f).toMatchObject({ faturaCabecalhoDocumento: { registro: '350' }, faturaTransportadora: { registro: '351', cnpj: CNPJ }, faturaTotalFatura: { registro: '355', quantidade: 1 } });
  });

  it('an overbilled line and a line not found: each marked with why, the first divergent one pointed at', async () => {
    const f = await obter<FaturaCompleta>(h, token, `/api/faturas/${ids.cobradaAMais}`);
    expect(f.conferencia).toMatchObject({ conferida: false, divergencias: 2, ctes: 3, encontrados: 2, naoEncontrados: 1, auditados: 2, valorDivergente: 2 });
    const p0 = await obter<FretesFatura>(h, token, `/api/faturas/${ids.cobradaAMais}/ctes?size=2`);
    expect(p0).toMatchObject({ totalElements: 3, totalPages: 2, number: 0, size: 2, primeiraDivergencia: 1 });
    expect(p0.content.map((l) => [l.situacao, l.divergente, l.valorDivergente])).toEqual([
      ['AUDITADO', false, false],
      ['NAO_ENCONTRADO', true, true],
    ]);
    expect(p0.content[0]).toMatchObject({ cteId: sucesso[1].id, statusCte: 'AUDITADO_SUCESSO', valorCobrado: sucesso[1].valorTotal, valorAuditoria: '80.00', motivos: [] });
    expect(p0.content[0].nomeRemetente).toBeTruthy();
    expect(p0.content[1]).toMatchObject({ cteId: null, numero: '999999990', nomeRemetente: '11.222.333/0001-81', motivos: ['CT-e não encontrado no sistema.'] });
    const p1 = await obter<FretesFatura>(h, token, `/api/faturas/${ids.cobradaAMais}/ctes?size=2&page=1`);
    expect(p1.content).toHaveLength(1);
    expect(p1.content[0]).toMatchObject({ situacao: 'AUDITADO', valorDivergente: true, divergente: true, motivos: [expect.stringMatching(/^Valor faturado \(R\$ .*\) diferente do valor cobrado no CT-e/)] });
    expect(p1.valorFreteTotal).toBe(p0.valorFreteTotal);
    expect(p0.valorFreteTotal).toBe(f.conferencia.valorFaturado);
  });

  it('404 for an unknown fatura; 400 for a bad id or page', async () => {
    for (const path of ['/api/faturas/2000000000', '/api/faturas/2000000000/ctes']) {
      const r = await h.request('GET', path, { token });
      expect([r.status, await r.json()]).toEqual([404, { mensagens: ['Fatura não encontrada.'] }]);
    }
    expect((await h.request('GET', '/api/faturas/abc', { token })).status).toBe(400);
    expect((await h.request('GET', `/api/faturas/${ids.conferida}/ctes?page=-1`, { token })).status).toBe(400);
  });
});

describe('companies', () => {
  it('a COLACRIL fatura is not seen from RRE', async () => {
    const rre = await h.tokenCom(['FRETE_FAT_M'], 'GERENTE', 'RRE');
    expect(await obter<FaturaLinha[]>(h, rre, `/api/faturas/listar?numero=${numeros.conferida}`)).toEqual([]);
    expect((await obter<Page<FaturaLinha>>(h, rre, `/api/faturas?numeroDocumento=${numeros.conferida}&inicio=2000-01-01`)).totalElements).toBe(0);
  });
});
