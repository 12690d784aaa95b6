import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Configuracao } from '../../src/contracts/configuracoes';
import type { AuditoriaCte, ResultadoLote } from '../../src/contracts/ctes';
import { mensagemAcessorioSemOcorrencia } from '../../src/contracts/ocorrencias';
import { auditarCtes } from '../../src/server/auditoria/auditar-ctes';
import { auditoriasNoTrabalhador, MINIMO_EM_PARALELO } from '../../src/server/auditoria/auditoria-em-paralelo';
import { configuracao } from '../../src/server/db/schema/configuracao';
import { linhas } from '../../src/server/db/linhas';
import { corpoTabelaAvila } from './auditoria-dados';
import { cancelarOcorrencia, novaOcorrencia, novoCteAcessorio, type CteAcessorio } from './auditoria-acessorios-dados';
import { createHarness, json, SENHA_ADMIN_TESTE, TEST_DB, type Harness } from './harness';
import { criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';

// Issue 31 (task C): a CT-e that charges an accessorial (a component "REENTREGA") against a table with a
// REENTREGA element at 50 % of the freight, with and without the occurrence that justifies it.
// Ávila (auditoria-dados.ts), 200 kg, ICMS 12 %: Despacho 20,00 (no ICMS) + Frete peso 100,00 = 120,00 of ordinary
// freight; Reentrega 50 % = 60,00 (ICMS); ICMS on 160,00: 21,82; with the re-delivery 201,82, without it 133,64.

let h: Harness;
let token: string;
let d: DadosTabelas;
const db = () => h.bancos.COLACRIL.db;
const post = (path: string, body: unknown) => h.request('POST', path, { token, body });

const JUSTIFICATIVA = 'Reentrega justificada pela ocorrência 24 "Mercadoria reentregue ao cliente destino" de 05/11/2026 14:30 (OCOREN_1105.txt, linha 3).';
const SEM_OCORRENCIA = 'Reentrega cobrada sem ocorrência que a justifique.';

const novo = (o: CteAcessorio) => novoCteAcessorio(db(), d, o);
const auditar = async (ids: number[]) => {
  const r = await post('/api/auditorias-cte/auditar', { ctes: ids });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<ResultadoLote>(r);
};
const auditoria = async (id: number): Promise<AuditoriaCte> => {
  const r = await h.request('GET', `/api/auditorias-cte?search=cte.id==${id}`, { token });
  expect(r.status).toBe(200);
  return (await json(r)).content[0];
};
const auditado = async (o: CteAcessorio, ocorrencia?: Parameters<typeof novaOcorrencia>[2]) => {
  const c = await novo(o);
  if (ocorrencia) await novaOcorrencia(db(), c.chave, ocorrencia);
  expect((await auditar([c.id])).processados).toBe(1);
  return auditoria(c.id);
};
const ajustarConfiguracao = async (ocorrenciaAusente: 'FALHA' | 'OBSERVACAO') => {
  const atual = await json<Configuracao>(await h.request('GET', '/api/configuracoes/completar', { token }));
  const r = await post('/api/configuracoes', { ...atual, ocorrenciaAusente });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<Configuracao>(r);
};

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
  const corpo = corpoTabelaAvila(d);
  const r = await post('/api/tabelas-frete', {
    ...corpo,
    elementosCusto: [...corpo.elementosCusto, { descricao: 'Reentrega', modalidade: 'FIXO', evento: 'REENTREGA', percentualFrete: '50' }],
  });
  expect(r.status, await r.clone().text()).toBe(201);
  const tabela = await json(r);
  expect(tabela.elementosCusto[1]).toMatchObject({ evento: 'REENTREGA', percentualFrete: '50' });
});
afterAll(() => h?.close());

describe('a re-delivery charge (FALHA when no occurrence justifies it: the default)', () => {
  it('with its occurrence: priced at 50 % of the freight, SUCESSO, the trace names the occurrence', async () => {
    const a = await auditado({ cobrado: '201.82', componentes: ['FRETE PESO', 'REENTREGA'] }, {});
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '201.82', mensagens: [] });
    expect(a.elementosCusto.map((l) => [l.descricao, l.valor])).toEqual([
      ['Despacho', '20.00'],
      ['Frete peso', '100.00'],
      ['Reentrega', '60.00'],
      ['ICMS', '21.82'],
    ]);
    expect(a.traco).toContain(JUSTIFICATIVA);
    expect(a.traco).toContain('"Reentrega" (tabela): 50 % do frete dos elementos ordinários após os limites do percurso e antes do ICMS (R$ 120,00) = R$ 60,00.');
  });

  it('without it: the element is not priced and the verdict is FALHA with the message, even within tolerance', async () => {
    const cobradoCheio = await auditado({ cobrado: '201.82', componentes: ['FRETE PESO', 'Taxa de reentrega'] });
    expect(cobradoCheio).toMatchObject({ status: 'FALHA', valorTotal: '133.64', diferenca: '68.18', mensagens: [SEM_OCORRENCIA] });
    expect(cobradoCheio.traco).toContain('"Reentrega" (tabela): cobrança acessória de Reentrega, não cobrada neste cálculo: não entra no valor.');
    expect(cobradoCheio.traco).toContain(`${SEM_OCORRENCIA} Pela configuração da empresa, a cobrança não é calculada e a auditoria falha.`);
    // Charged only the freight, but naming a re-delivery no occurrence backs: FALHA all the same.
    expect(await auditado({ cobrado: '133.64', componentes: ['FRETE', 'REENTREGA'] })).toMatchObject({ status: 'FALHA', diferenca: '0.00', mensagens: [SEM_OCORRENCIA] });
  });

  it('a cancelled occurrence justifies nothing; one of another meaning neither; a failed attempt does', async () => {
    const c = await novo({ cobrado: '201.82', componentes: ['REENTREGA'] });
    await cancelarOcorrencia(db(), await novaOcorrencia(db(), c.chave));
    await novaOcorrencia(db(), c.chave, { codigo: '01', sentido: 'ENTREGA', linha: 4 });
    await auditar([c.id]);
    expect(await auditoria(c.id)).toMatchObject({ status: 'FALHA', mensagens: [SEM_OCORRENCIA] });
    await novaOcorrencia(db(), c.chave, { codigo: '06', sentido: 'INSUCESSO', linha: 5 });
    await auditar([c.id]);
    const a = await auditoria(c.id);
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '201.82' });
    expect(a.traco).toContain('Reentrega justificada pela ocorrência 06 "Endereço do cliente destino não localizado" de 05/11/2026 14:30 (OCOREN_1105.txt, linha 5).');
  });

  it('the ERP order\'s charge code names it too', async () => {
    const c = await novo({ cobrado: '201.82' });
    await db().execute(sql`update cte set codigo_cobranca_adicional = 'REENTREGA' where id = ${c.id}`);
    await auditar([c.id]);
    expect(await auditoria(c.id)).toMatchObject({ status: 'FALHA', valorTotal: '133.64', mensagens: [SEM_OCORRENCIA] });
  });

  it('a charge the table has no element for: nothing special, the trace says so', async () => {
    const a = await auditado({ cobrado: '133.64', componentes: ['FRETE', 'TDE'] });
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '133.64', mensagens: [] });
    expect(a.traco).toContain('TDE cobrada no CT-e, mas a tabela de frete não tem elemento de custo com esse evento: o valor esperado não inclui essa cobrança.');
  });

  it('a CT-e that charges no accessorial is priced as before', async () => {
    const a = await auditado({ cobrado: '133.64' });
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '133.64', mensagens: [] });
    expect(a.traco.some((t) => t.includes('cobrada no CT-e'))).toBe(false);
  });
});

describe('the company setting ocorrenciaAusente', () => {
  it('GET and POST /configuracoes carry it; OBSERVACAO prices the charge and a SUCESSO becomes OBSERVACOES', async () => {
    expect((await json<Configuracao>(await h.request('GET', '/api/configuracoes/completar', { token }))).ocorrenciaAusente).toBe('FALHA');
    expect((await ajustarConfiguracao('OBSERVACAO')).ocorrenciaAusente).toBe('OBSERVACAO');
    const [{ ausente }] = await db().select({ ausente: configuracao.ocorrenciaAusente }).from(configuracao);
    expect(ausente).toBe('OBSERVACAO');
    try {
      const a = await auditado({ cobrado: '201.82', componentes: ['REENTREGA'] });
      expect(a).toMatchObject({ status: 'OBSERVACOES', valorTotal: '201.82', diferenca: '0.00', mensagens: [mensagemAcessorioSemOcorrencia('REENTREGA')] });
      expect(a.traco).toContain(`${SEM_OCORRENCIA} Pela configuração da empresa, a cobrança é calculada e a auditoria registra uma observação.`);
      // An overcharge stays FALHA, with the message too.
      expect(await auditado({ cobrado: '250.00', componentes: ['REENTREGA'] })).toMatchObject({ status: 'FALHA', mensagens: [SEM_OCORRENCIA] });
    } finally {
      await ajustarConfiguracao('FALHA');
    }
  });

  it('an invalid value answers 400 in Portuguese', async () => {
    const atual = await json<Configuracao>(await h.request('GET', '/api/configuracoes/completar', { token }));
    const r = await post('/api/configuracoes', { ...atual, ocorrenciaAusente: 'TALVEZ' });
    expect(r.status).toBe(400);
    expect((await json(r)).mensagens).toEqual(['Cobrança acessória sem ocorrência: escolha Falha ou Observação.']);
  });
});

describe('a large call', () => {
  it('loads the occurrences in the worker thread too (PostgreSQL) and writes the same verdicts', async () => {
    const justificado = await novo({ cobrado: '201.82', componentes: ['REENTREGA'] });
    await novaOcorrencia(db(), justificado.chave);
    const outros = await Promise.all(Array.from({ length: MINIMO_EM_PARALELO }, () => novo({ cobrado: '201.82', componentes: ['REENTREGA'] })));
    const antes = auditoriasNoTrabalhador();
    const r = await auditarCtes(h.bancos.COLACRIL, [justificado.id, ...outros.map((o) => o.id)], null);
    expect(auditoriasNoTrabalhador() - antes).toBe(TEST_DB === 'pg' ? 1 : 0);
    expect(r.processados).toBe(MINIMO_EM_PARALELO + 1);
    const ids = sql.raw(`'{${outros.map((o) => o.id).join(',')}}'::int[]`);
    const resultados = linhas<{ status: string; n: number }>(await db().execute(sql`select a.status, count(*)::int as n from cte_auditoria a where a.cte_id = any(${ids}) group by a.status`));
    expect(resultados).toEqual([{ status: 'FALHA', n: MINIMO_EM_PARALELO }]);
    const a = await auditoria(justificado.id);
    expect(a).toMatchObject({ status: 'SUCESSO', valorTotal: '201.82' });
    expect(a.traco).toContain(JUSTIFICATIVA);
  });
});
