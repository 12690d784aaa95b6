import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StatusCte } from '../../src/contracts/cte-status';
import type { Empresa } from '../../src/contracts/common';
import type { CteLido } from '../../src/contracts/cte-documento';
import {
  MSG_BUSCA_AUDITORIA,
  MSG_CTE_NAO_ENCONTRADO,
  MSG_IDS_CTES,
  MSG_IDS_CTES_MAXIMO,
  MSG_IMPRESSAO_SEM_AUDITORIA,
  MSG_PESO_NAO_INFORMADO,
  MSG_REFAZER_UM_CTE,
  MSG_SEM_VALOR_AUDITORIA,
  MSG_TABELA_NAO_ENCONTRADA,
  MSG_TABELA_OUTRA_TRANSPORTADORA,
  MSG_APROVADO_MANTIDO,
  mensagemTransportadoraNaoCadastrada,
  MSG_VALOR_CORRETO_UM_CTE,
  mensagemCteNaoEncontrado,
  type AuditoriaCte,
  type ResultadoLote,
} from '../../src/contracts/ctes';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../src/contracts/erros';
import { tabelaFreteSchema, type TabelaFrete } from '../../src/contracts/tabela-frete-modelo';
import { auditarCtes } from '../../src/server/auditoria/auditar-ctes';
import { cte, cteAuditoria, cteGrupo, cteXml } from '../../src/server/db/schema/cte';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { lerCteXml } from '../../src/server/ingest/cte-xml';
import { colunasCte } from '../../src/server/ingest/ler-arquivos-cte';
import { corpoTabelaAlternativa, corpoTabelaAvila } from './auditoria-dados';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';
import { CODIGOS, criarDadosTabelas, type DadosTabelas } from './tabelas-frete-dados';

// The CT-e audit end to end (spec 03 §4, freight-calculation.md "Audit verdict of a CT-e").
// Tolerance: the seed's default, R$ 0,10 and 0 %.

let h: Harness;
let token: string;
let d: DadosTabelas;
let tabelaAvila: TabelaFrete;
let tabelaAlternativa: TabelaFrete;
let tabelaFutura: TabelaFrete;
let tabelaBorba: TabelaFrete;
const db = () => h.bancos.COLACRIL.db;
const post = (path: string, body: unknown, t = token) => h.request('POST', path, { token: t, body });
const get = (path: string, t = token) => h.request('GET', path, { token: t });

const BASE: CteLido = (() => {
  const lido = lerCteXml(readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml')));
  if (lido.tipo !== 'CTE') throw new Error('amostra');
  return lido.cte;
})();

let sequencia = 0;
/** The COLACRIL CT-es of this file (the demo seed has thousands of its own). */
const criados: number[] = [];
/** This file's CT-es and their audits, to compare before/after. */
const foto = async () =>
  JSON.stringify([
    await db().select().from(cte).where(inArray(cte.id, criados)).orderBy(cte.id),
    await db().select().from(cteAuditoria).where(inArray(cteAuditoria.cteId, criados)).orderBy(cteAuditoria.id),
  ]);
interface NovoCte {
  numero?: number;
  /** vTPrest. */
  cobrado: string;
  vRec?: string | null;
  icms?: CteLido['icms'];
  peso?: string | null;
  valorNotas?: string | null;
  transportadora?: number | null;
  cliente?: number | null;
  status?: StatusCte;
  dataEmissao?: string;
  empresa?: Empresa;
}
/** A CT-e SP → Rio de Janeiro written with gerarXmlCte, read back, and stored as processing would leave it. */
async function novoCte(o: NovoCte): Promise<{ id: number; numero: number; chave: string }> {
  const n = ++sequencia;
  const numero = o.numero ?? 900000 + n;
  const chave = `3517051122233300018157001${String(numero).padStart(9, '0')}1${String(n).padStart(9, '0')}`;
  const lido: CteLido = {
    ...BASE,
    chave,
    identificacao: {
      ...BASE.identificacao,
      numeroCte: numero,
      dataEmissao: o.dataEmissao ?? '2017-05-10T10:00:00-03:00',
      codigoMunicipioOrigem: CODIGOS.saoPaulo,
      nomeMunicipioOrigem: 'São Paulo',
      ufOrigem: 'SP',
      codigoMunicipioDestino: CODIGOS.rio,
      nomeMunicipioDestino: 'Rio de Janeiro',
      ufDestino: 'RJ',
    },
    prestacao: { valorTotal: o.cobrado, valorReceber: o.vRec === undefined ? o.cobrado : o.vRec, componentes: [{ nome: 'FRETE', valor: o.cobrado }] },
    icms: o.icms === undefined ? { ...BASE.icms!, grupo: 'ICMS00', cst: '00', aliquota: '12.00' } : o.icms,
    protocolo: null,
    cancelado: false,
  };
  const xml = gerarXmlCte(lido);
  const relido = lerCteXml(xml);
  if (relido.tipo !== 'CTE') throw new Error(`XML gerado ilegível: ${JSON.stringify(relido)}`);
  const banco = h.bancos[o.empresa ?? 'COLACRIL'].db;
  const [novo] = await banco
    .insert(cte)
    .values({
      ...colunasCte(relido.cte),
      status: o.status ?? 'PROCESSADO',
      transportadoraId: o.transportadora === undefined ? d.transportadoras.avila : o.transportadora,
      clienteId: o.cliente === undefined ? d.clientes.semAmigavel : o.cliente,
      pesoBruto: o.peso === undefined ? '200' : o.peso,
      valorNotas: o.valorNotas === undefined ? '1000' : o.valorNotas,
    })
    .returning({ id: cte.id });
  await banco.insert(cteXml).values({ cteId: novo.id, nomeArquivo: `${chave}.xml`, xml });
  if ((o.empresa ?? 'COLACRIL') === 'COLACRIL') criados.push(novo.id);
  return { id: novo.id, numero, chave };
}

const auditar = async (ids: number[], extra: Record<string, unknown> = {}) => {
  const r = await post('/api/auditorias-cte/auditar', { ctes: ids, ...extra });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<ResultadoLote>(r);
};
const auditoria = async (id: number): Promise<AuditoriaCte> => {
  const r = await get(`/api/auditorias-cte?search=cte.id==${id}`);
  expect(r.status).toBe(200);
  const pagina = await json(r);
  expect(pagina.content).toHaveLength(1);
  return pagina.content[0];
};
const linhaCte = async (id: number) => (await db().select().from(cte).where(eq(cte.id, id)))[0];
const criarTabela = async (body: unknown): Promise<TabelaFrete> => {
  const r = await post('/api/tabelas-frete', body);
  expect(r.status, await r.clone().text()).toBe(201);
  return tabelaFreteSchema.parse(await json(r));
};
/** Each call answers `status` with these messages and changes no CT-e or audit. */
async function recusa(metodo: 'GET' | 'POST', path: string, body: unknown, status: number, mensagens: string[]) {
  const antes = await foto();
  const r = metodo === 'GET' ? await get(path) : await post(path, body);
  expect(r.status).toBe(status);
  expect(await json(r)).toEqual({ mensagens });
  expect(await foto()).toBe(antes);
}

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  d = await criarDadosTabelas(h);
  // Ávila (auditoria-dados.ts): 133,64 for 200 kg, customer semAmigavel, ICMS 12 %; the customer "amigavel"
  // has a TDE 30,00 (incidence). Its alternative, chosen only by hand: 150,00.
  tabelaAvila = await criarTabela(corpoTabelaAvila(d, [{ clientes: [{ id: d.clientes.amigavel }], elementosCusto: [{ descricao: 'TDE', modalidade: 'FIXO', valorMinimo: '30' }] }]));
  tabelaAlternativa = await criarTabela(corpoTabelaAlternativa(d));
  tabelaFutura = await criarTabela({
    transportadora: { id: d.transportadoras.avila },
    inicio: '2018-01-01',
    fim: null,
    elementosCusto: [{ descricao: 'Frete', modalidade: 'FIXO', valorMinimo: '1' }],
    percursos: [{ descricao: 'SP → RJ', origens: [{ uf: { id: d.ufs.SP } }], destinos: [{ uf: { id: d.ufs.RJ } }] }],
  });
  // Borba, for the grouping: no ICMS anywhere (flags []).
  tabelaBorba = await criarTabela({
    transportadora: { id: d.transportadoras.borba },
    inicio: '2017-01-01',
    fim: null,
    elementosCusto: [
      { descricao: 'Coleta', modalidade: 'FIXO', valorMinimo: '90.00', flags: ['RATEIO'], rateioAgrupamento: 'VALOR' },
      { descricao: 'Pedágio', modalidade: 'FIXO', valorMinimo: '30.00', flags: ['RATEIO'], rateioAgrupamento: 'NENHUM' },
      { descricao: 'Entrega adicional', modalidade: 'FIXO', valorMinimo: '15.00', flags: [], desdeEntrega: 3 },
    ],
    percursos: [
      {
        descricao: 'SP → RJ',
        origens: [{ uf: { id: d.ufs.SP } }],
        destinos: [{ uf: { id: d.ufs.RJ } }],
        elementosCusto: [{ descricao: 'Frete peso', modalidade: 'CALCULADO_KG_INTEGRAL', faixas: [{ valor: '0.50', faixaLimite: '9999999' }], flags: [] }],
      },
    ],
  });
});
afterAll(() => h?.close());

describe('POST /auditorias-cte/auditar', () => {
  it('records SUCESSO, OBSERVACOES, FALHA and ERRO with the worked numbers, in the given order', async () => {
    // Expected 133,64 (see beforeAll). 133,70 − 133,64 = 0,06 <= 0,10: SUCESSO.
    const sucesso = await novoCte({ cobrado: '133.70' });
    // 120,00 − 133,64 = −13,64: charged less than the table, OBSERVACOES.
    const observacoes = await novoCte({ cobrado: '120.00' });
    // 150,00 − 133,64 = 16,36 > 0,10: FALHA (overcharge).
    const falha = await novoCte({ cobrado: '150.00' });
    // No weight: ERRO with the message, no expected value.
    const erro = await novoCte({ cobrado: '150.00', peso: null });
    // The customer with the TDE incidence: 100 + 30 = 130 / 0,88 = 147,73 + 20 = 167,73.
    const incidencia = await novoCte({ cobrado: '167.73', cliente: d.clientes.amigavel });

    const r = await auditar([falha.id, sucesso.id, observacoes.id, erro.id, incidencia.id]);
    expect(r).toEqual({
      processados: 5,
      ignorados: [],
      mensagens: ['5 CT-e(s) auditado(s); 0 ignorado(s).', 'Sucesso: 2; com observações: 1; com falha: 1; com erro: 1.'],
    });

    const s = await auditoria(sucesso.id);
    expect(s).toMatchObject({
      cteId: sucesso.id,
      status: 'SUCESSO',
      valorCobrado: '133.70',
      valorTotal: '133.64',
      diferenca: '0.06',
      tolerancia: '0.10',
      valorCorreto: null,
      tabelaFrete: { id: tabelaAvila.id, inicio: '2017-01-01', fim: null },
      tabelaEscolhida: false,
      mensagens: [],
      responsavel: { nome: expect.any(String) },
      revisadoEm: null,
    });
    expect(Object.fromEntries(s.elementosCusto.map((l) => [l.descricao, l.valor]))).toEqual({ Despacho: '20.00', 'Frete peso': '100.00', ICMS: '13.64' });
    expect(s.traco.join('\n')).toContain('Valor total do frete: R$ 133,64.');
    expect(await linhaCte(sucesso.id)).toMatchObject({ status: 'AUDITADO_SUCESSO', valorAuditoria: '133.64', versao: 1 });

    expect(await auditoria(observacoes.id)).toMatchObject({ status: 'OBSERVACOES', valorTotal: '133.64', diferenca: '-13.64' });
    expect((await linhaCte(observacoes.id)).status).toBe('AUDITADO_OBSERVACOES');
    expect(await auditoria(falha.id)).toMatchObject({ status: 'FALHA', valorTotal: '133.64', diferenca: '16.36' });
    expect((await linhaCte(falha.id)).status).toBe('AUDITADO_FALHA');
    expect(await auditoria(erro.id)).toMatchObject({ status: 'ERRO', valorCobrado: '150.00', valorTotal: null, diferenca: null, tolerancia: null, elementosCusto: [], mensagens: [MSG_PESO_NAO_INFORMADO] });
    expect(await linhaCte(erro.id)).toMatchObject({ status: 'AUDITADO_ERRO', valorAuditoria: null });
    expect(await auditoria(incidencia.id)).toMatchObject({ status: 'SUCESSO', valorTotal: '167.73', diferenca: '0.00' });

    // Audits of several CT-es: in the order asked, the ones without audit left out.
    const semAuditoria = await novoCte({ cobrado: '1' });
    const varias = await get(`/api/auditorias-cte/ctes/${erro.id},${semAuditoria.id},${sucesso.id}`);
    expect((await json<AuditoriaCte[]>(varias)).map((a) => [a.cteId, a.status])).toEqual([
      [erro.id, 'ERRO'],
      [sucesso.id, 'SUCESSO'],
    ]);
    const vazia = await json(await get(`/api/auditorias-cte?search=cte.id==${semAuditoria.id}`));
    expect(vazia).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 1 });
  });

  it('ERRO from the engine or the registers: no carrier, no route, unknown municipality', async () => {
    const semTransportadora = await novoCte({ cobrado: '100', transportadora: null });
    // Cunha has no table at all: the engine fails and names the carrier and day.
    const semTabela = await novoCte({ cobrado: '100', transportadora: d.transportadoras.cunha });
    const semCarga = await novoCte({ cobrado: '100', valorNotas: null });
    await db().update(cte).set({ valorCarga: null }).where(eq(cte.id, semCarga.id));
    await auditar([semTransportadora.id, semTabela.id, semCarga.id]);
    expect((await auditoria(semTransportadora.id)).mensagens).toEqual([mensagemTransportadoraNaoCadastrada('99.999.999/9999-99')]);
    expect((await auditoria(semTabela.id)).mensagens).toEqual(['Nenhuma tabela de frete vigente para Cunha Tabelateste Logística Eireli em 10/05/2017']);
    expect((await auditoria(semCarga.id)).mensagens).toEqual(['Valor da carga do CT-e não informado (nem das notas fiscais, nem do próprio CT-e).']);
    for (const c of [semTransportadora, semTabela, semCarga]) expect((await linhaCte(c.id)).status).toBe('AUDITADO_ERRO');
  });

  it('charges vRec under tax substitution (ICMS60, no rate of its own: the table without ICMS)', async () => {
    // Without ICMS: 100,00 + 20,00 = 120,00; vTPrest 136,36 but the carrier receives vRec 120,05: SUCESSO.
    const st = await novoCte({
      cobrado: '136.36',
      vRec: '120.05',
      icms: { grupo: 'ICMS60', cst: '60', simplesNacional: false, baseCalculo: null, aliquota: null, valor: null, substituicao: { baseCalculo: '136.36', aliquota: '12.00', valor: '16.36' } },
    });
    await auditar([st.id]);
    expect(await auditoria(st.id)).toMatchObject({ status: 'SUCESSO', valorCobrado: '120.05', valorTotal: '120.00', diferenca: '0.05' });
  });

  it('skips LIDO, CANCELADO, DESCONSIDERADO and AUDITADO_SUCESSO and unknown ids, with the reason; re-audits the others', async () => {
    const lido = await novoCte({ cobrado: '1', status: 'LIDO' });
    const cancelado = await novoCte({ cobrado: '1', status: 'CANCELADO' });
    const desconsiderado = await novoCte({ cobrado: '1', status: 'DESCONSIDERADO' });
    const sucesso = await novoCte({ cobrado: '133.64' });
    const falha = await novoCte({ cobrado: '150.00' });
    await auditar([sucesso.id, falha.id]);
    // The carrier corrects the charge: re-auditing the FALHA gives SUCESSO.
    await db().update(cte).set({ valorTotal: '133.64', valorReceber: '133.64' }).where(eq(cte.id, falha.id));
    const r = await auditar([lido.id, sucesso.id, 2_000_000_000, falha.id, cancelado.id, desconsiderado.id, falha.id]);
    expect(r).toEqual({
      processados: 1,
      ignorados: [
        { id: lido.id, numero: lido.numero, motivo: 'Não é possível auditar um CT-e com status LIDO.' },
        { id: sucesso.id, numero: sucesso.numero, motivo: 'Não é possível auditar um CT-e com status AUDITADO_SUCESSO.' },
        { id: 2_000_000_000, numero: null, motivo: MSG_CTE_NAO_ENCONTRADO },
        { id: cancelado.id, numero: cancelado.numero, motivo: 'Não é possível auditar um CT-e com status CANCELADO.' },
        { id: desconsiderado.id, numero: desconsiderado.numero, motivo: 'Não é possível auditar um CT-e com status DESCONSIDERADO.' },
      ],
      mensagens: ['1 CT-e(s) auditado(s); 5 ignorado(s).', 'Sucesso: 1; com observações: 0; com falha: 0; com erro: 0.'],
    });
    expect(await linhaCte(falha.id)).toMatchObject({ status: 'AUDITADO_SUCESSO', versao: 2 });
    expect((await linhaCte(lido.id)).status).toBe('LIDO');
    expect(await auditoria(falha.id)).toMatchObject({ status: 'SUCESSO', valorCobrado: '133.64' });
  });

  it('redoes the audit of AUDITADO_FALHA/ERRO only (refazer), one CT-e', async () => {
    const erro = await novoCte({ cobrado: '133.64', peso: null });
    await auditar([erro.id]);
    expect((await linhaCte(erro.id)).status).toBe('AUDITADO_ERRO');
    await db().update(cte).set({ pesoBruto: '200' }).where(eq(cte.id, erro.id));
    const r = await auditar([erro.id], { refazer: true });
    expect(r.processados).toBe(1);
    expect(await linhaCte(erro.id)).toMatchObject({ status: 'AUDITADO_SUCESSO', valorAuditoria: '133.64' });
    // Now AUDITADO_SUCESSO: no review action.
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: [erro.id], refazer: true }, 409, ['Não é possível refazer a auditoria de um CT-e com status AUDITADO_SUCESSO.']);
    const processado = await novoCte({ cobrado: '1' });
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: [processado.id], refazer: true }, 409, ['Não é possível refazer a auditoria de um CT-e com status PROCESSADO.']);
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: [2_000_000_000], refazer: true }, 404, [MSG_REGISTRO_NAO_ENCONTRADO]);
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: [erro.id, processado.id], refazer: true }, 400, [MSG_REFAZER_UM_CTE]);
  });

  it('audits a confirmed group as one shipment and apportions its freight', async () => {
    // Three CT-es of Borba, grouped: weights 100, 300, 600 kg (1000 kg), cargo values 1000, 1000, 2000 (4000).
    // Group freight (no ICMS; entregas = 3): Frete peso 1000 × 0,50 = 500,00; Coleta 90,00 (RATEIO by VALOR);
    // Pedágio 30,00 (RATEIO NENHUM: all on the first); Entrega adicional 15,00 (desde a 3ª entrega) = 635,00.
    // Shares: Frete peso by weight 50,00 / 150,00 / 300,00; Coleta by value 22,50 / 22,50 / 45,00;
    // Pedágio 30,00 / 0 / 0; Entrega adicional by weight 1,50 / 4,50 / 9,00.
    // A = 104,00; B = 177,00; C = 354,00 (sum 635,00).
    const [grupo] = await db().insert(cteGrupo).values({}).returning({ id: cteGrupo.id });
    const membro = (cobrado: string, peso: string, valorNotas: string, hora: string) =>
      novoCte({ cobrado, peso, valorNotas, transportadora: d.transportadoras.borba, icms: null, dataEmissao: `2017-05-10T${hora}:00-03:00` });
    const a = await membro('104.00', '100', '1000', '08:00');
    const b = await membro('177.00', '300', '1000', '09:00');
    const c = await membro('400.00', '600', '2000', '10:00');
    await db().update(cte).set({ grupoId: grupo.id, agrupamento: 'AGRUPADO' }).where(inArray(cte.id, [a.id, b.id, c.id]));

    // Only A and C selected: B counts in the group but is not recorded.
    const r = await auditar([c.id, a.id]);
    expect(r.processados).toBe(2);
    const auditA = await auditoria(a.id);
    expect(auditA).toMatchObject({ status: 'SUCESSO', valorTotal: '104.00', tabelaFrete: { id: tabelaBorba.id } });
    expect(Object.fromEntries(auditA.elementosCusto.map((l) => [l.descricao, l.valor]))).toEqual({
      Coleta: '22.50',
      Pedágio: '30.00',
      'Entrega adicional': '1.50',
      'Frete peso': '50.00',
    });
    expect(auditA.traco.join('\n')).toContain('Agrupamento de 3 CT-es');
    const auditC = await auditoria(c.id);
    expect(auditC).toMatchObject({ status: 'FALHA', valorTotal: '354.00', diferenca: '46.00' });
    expect(Object.fromEntries(auditC.elementosCusto.map((l) => [l.descricao, l.valor]))).toEqual({ Coleta: '45.00', Pedágio: '0.00', 'Entrega adicional': '9.00', 'Frete peso': '300.00' });
    expect((await linhaCte(b.id)).status).toBe('PROCESSADO');
    await auditar([b.id]);
    expect(await auditoria(b.id)).toMatchObject({ status: 'SUCESSO', valorTotal: '177.00' });
  });

  it('is the function the benchmark calls: many CT-es across chunks', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await novoCte({ cobrado: i % 2 ? '133.64' : '150.00' })).id);
    // Chunks of 7 (5 chunks), every id given twice: audited once each.
    const r = await auditarCtes(h.bancos.COLACRIL, [...ids, ...ids], null, { tamanhoLote: 7 });
    expect(r).toMatchObject({ processados: 30, ignorados: [] });
    expect(r.mensagens[1]).toBe('Sucesso: 15; com observações: 0; com falha: 15; com erro: 0.');
    const [a] = await db().select().from(cteAuditoria).where(eq(cteAuditoria.cteId, ids[0]));
    expect(a).toMatchObject({ status: 'FALHA', responsavelId: null });
  });

  it('refuses bad bodies in Portuguese', async () => {
    await recusa('POST', '/api/auditorias-cte/auditar', {}, 400, ['Informe os CT-es.']);
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: [] }, 400, ['Selecione ao menos um CT-e.']);
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: Array.from({ length: 1001 }, (_, i) => i + 1) }, 400, ['Selecione no máximo 1000 CT-es por vez.']);
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: ['x'] }, 400, ['O identificador deve ser um número.']);
    await recusa('POST', '/api/auditorias-cte/auditar', { ctes: [1], refazer: false }, 400, ['refazer: informe true ou omita o campo.']);
  });
});

describe('GET /auditorias-cte', () => {
  it('answers only search=cte.id=={id}; bad id lists answer 400', async () => {
    for (const q of ['', '?search=', '?search=cte.numero==1', '?search=cte.id==abc', '?search=cte.id==0', '?search=cte.id=in=(1,2)'])
      await recusa('GET', `/api/auditorias-cte${q}`, undefined, 400, [MSG_BUSCA_AUDITORIA]);
    for (const ids of ['a', '1,,2', '1,-2', '0', '1.5', '99999999999']) await recusa('GET', `/api/auditorias-cte/ctes/${ids}`, undefined, 400, [MSG_IDS_CTES]);
    await recusa('GET', `/api/auditorias-cte/ctes/${Array.from({ length: 1001 }, (_, i) => i + 1).join(',')}`, undefined, 400, [MSG_IDS_CTES_MAXIMO]);
  });
});

describe('POST /auditorias-cte/aprovar', () => {
  it('approves by the carrier value, by the audit value, or a typed value, with the user and observations', async () => {
    const porTransportadora = await novoCte({ cobrado: '150.00' });
    const porAuditoria = await novoCte({ cobrado: '150.00' });
    const digitado = await novoCte({ cobrado: '150.00', peso: null });
    await auditar([porTransportadora.id, porAuditoria.id, digitado.id]);

    const r = await post('/api/auditorias-cte/aprovar', { ctes: [porTransportadora.id], base: 'TRANSPORTADORA', observacoes: '  Acordo com a transportadora. ' });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ processados: 1, ignorados: [], mensagens: ['1 CT-e(s) aprovado(s).'] });
    const t = await auditoria(porTransportadora.id);
    expect(t).toMatchObject({ status: 'REVISADO', valorCorreto: '150.00', observacoes: 'Acordo com a transportadora.', responsavel: { nome: expect.any(String) } });
    expect(t.revisadoEm).not.toBeNull();
    expect(await linhaCte(porTransportadora.id)).toMatchObject({ status: 'AUDITADO_REVISADO', valorCorreto: '150.00', versao: 2 });

    await post('/api/auditorias-cte/aprovar', { ctes: [porAuditoria.id], base: 'AUDITORIA' });
    expect(await auditoria(porAuditoria.id)).toMatchObject({ status: 'REVISADO', valorCorreto: '133.64', observacoes: null });
    expect((await linhaCte(porAuditoria.id)).valorCorreto).toBe('133.64');

    // An ERRO audit has no audit value: 409 on AUDITORIA; a typed value is accepted.
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [digitado.id], base: 'AUDITORIA' }, 409, [MSG_SEM_VALOR_AUDITORIA]);
    await post('/api/auditorias-cte/aprovar', { ctes: [digitado.id], base: 'AUDITORIA', valorCorreto: '140.5' });
    expect(await auditoria(digitado.id)).toMatchObject({ status: 'REVISADO', valorCorreto: '140.50' });

    // Audit Selected over an approved CT-e keeps the approval unless the user confirmed losing it.
    const semConfirmar = await auditar([porAuditoria.id]);
    expect(semConfirmar).toMatchObject({ processados: 0, ignorados: [{ id: porAuditoria.id, motivo: MSG_APROVADO_MANTIDO }] });
    expect(await auditoria(porAuditoria.id)).toMatchObject({ status: 'REVISADO', valorCorreto: '133.64' });
    expect(await linhaCte(porAuditoria.id)).toMatchObject({ status: 'AUDITADO_REVISADO', valorCorreto: '133.64' });
    // Confirmed: a new audit, current now; the approved one stays in the history, newest first.
    expect(await auditar([porAuditoria.id], { reauditarAprovados: true })).toMatchObject({ processados: 1 });
    expect(await auditoria(porAuditoria.id)).toMatchObject({ status: 'FALHA', valorCorreto: null, revisadoEm: null });
    expect((await linhaCte(porAuditoria.id)).valorCorreto).toBeNull();
    const historico = await json<AuditoriaCte[]>(await get(`/api/auditorias-cte/ctes/${porAuditoria.id}`));
    expect(historico.map((a) => [a.status, a.valorCorreto])).toEqual([
      ['FALHA', null],
      ['REVISADO', '133.64'],
    ]);
    expect(historico[1].revisadoEm).not.toBeNull();
  });

  it('refuses the whole batch (409) when any CT-e cannot be approved; unknown ids 404; bad bodies 400', async () => {
    const falha = await novoCte({ cobrado: '150.00' });
    const processado = await novoCte({ cobrado: '150.00' });
    const sucesso = await novoCte({ cobrado: '133.64' });
    await auditar([falha.id, sucesso.id]);
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [processado.id], base: 'TRANSPORTADORA' }, 409, ['Não é possível aprovar o frete de um CT-e com status PROCESSADO.']);
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [falha.id, processado.id, sucesso.id], base: 'TRANSPORTADORA' }, 409, [
      `CT-e ${processado.numero}: Não é possível aprovar o frete de um CT-e com status PROCESSADO.`,
      `CT-e ${sucesso.numero}: Não é possível aprovar o frete de um CT-e com status AUDITADO_SUCESSO.`,
    ]);
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [falha.id, 2_000_000_000], base: 'TRANSPORTADORA' }, 404, [mensagemCteNaoEncontrado(2_000_000_000)]);
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [falha.id] }, 400, ['Informe a base da aprovação: valor da transportadora ou valor da auditoria.']);
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [falha.id], base: 'TRANSPORTADORA', valorCorreto: '1,50' }, 400, [
      'Valor correto: informe um valor não negativo com até 2 casas decimais.',
    ]);
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [falha.id], base: 'TRANSPORTADORA', observacoes: 'x'.repeat(4001) }, 400, ['As observações têm no máximo 4000 caracteres.']);
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [falha.id, sucesso.id], base: 'TRANSPORTADORA', valorCorreto: '10' }, 400, [MSG_VALOR_CORRETO_UM_CTE]);
    // Approved once: a second approval is an illegal transition.
    await post('/api/auditorias-cte/aprovar', { ctes: [falha.id], base: 'TRANSPORTADORA' });
    await recusa('POST', '/api/auditorias-cte/aprovar', { ctes: [falha.id], base: 'TRANSPORTADORA' }, 409, ['Não é possível aprovar o frete de um CT-e com status AUDITADO_REVISADO.']);
  });
});

describe('POST /auditorias-cte/trocar-tabela', () => {
  it('audits again with only the chosen table, which must be the carrier’s and in force', async () => {
    const falha = await novoCte({ cobrado: '150.00' });
    await auditar([falha.id]);
    expect((await auditoria(falha.id)).status).toBe('FALHA');

    await recusa('POST', '/api/auditorias-cte/trocar-tabela', { cte: falha.id, tabelaFrete: tabelaBorba.id }, 400, [MSG_TABELA_OUTRA_TRANSPORTADORA]);
    await recusa('POST', '/api/auditorias-cte/trocar-tabela', { cte: falha.id, tabelaFrete: tabelaFutura.id }, 400, [
      'A tabela de frete escolhida não está vigente em 10/05/2017, data de emissão do CT-e.',
    ]);
    await recusa('POST', '/api/auditorias-cte/trocar-tabela', { cte: falha.id, tabelaFrete: 2_000_000_000 }, 400, [MSG_TABELA_NAO_ENCONTRADA]);
    await recusa('POST', '/api/auditorias-cte/trocar-tabela', { cte: 2_000_000_000, tabelaFrete: tabelaAvila.id }, 404, [MSG_REGISTRO_NAO_ENCONTRADO]);
    await recusa('POST', '/api/auditorias-cte/trocar-tabela', { cte: 'x', tabelaFrete: tabelaAvila.id }, 400, ['O identificador deve ser um número.']);

    // The alternative table: 200 × 0,66 = 132,00 / 0,88 = 150,00: SUCESSO.
    const r = await post('/api/auditorias-cte/trocar-tabela', { cte: falha.id, tabelaFrete: tabelaAlternativa.id });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await json(r)).toMatchObject({
      cteId: falha.id,
      status: 'SUCESSO',
      valorTotal: '150.00',
      diferenca: '0.00',
      tabelaFrete: { id: tabelaAlternativa.id, inicio: '2016-01-01' },
      tabelaEscolhida: true,
    });
    expect((await linhaCte(falha.id)).status).toBe('AUDITADO_SUCESSO');
    // AUDITADO_SUCESSO: no review action.
    await recusa('POST', '/api/auditorias-cte/trocar-tabela', { cte: falha.id, tabelaFrete: tabelaAvila.id }, 409, [
      'Não é possível trocar a tabela de frete de um CT-e com status AUDITADO_SUCESSO.',
    ]);
  });
});

async function textoDoPdf(dados: Uint8Array): Promise<string> {
  const pdf = await getDocument({ data: dados, useSystemFonts: false, isEvalSupported: false }).promise;
  const paginas: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const conteudo = await (await pdf.getPage(i)).getTextContent();
    paginas.push(conteudo.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  await pdf.destroy();
  // pdf.js splits after hyphens and slashes ("CT- e", "São Paulo/ SP").
  return paginas.join('\n').replace(/\s+/g, ' ').replace(/([-/]) /g, '$1');
}

describe('GET /tabelas-frete/imprimir/cte/{id}', () => {
  it('prints the audit calculation; 404 without an audit', async () => {
    const c = await novoCte({ cobrado: '150.00' });
    await recusa('GET', `/api/tabelas-frete/imprimir/cte/${c.id}`, undefined, 404, [MSG_IMPRESSAO_SEM_AUDITORIA]);
    await auditar([c.id]);
    const r = await get(`/api/tabelas-frete/imprimir/cte/${c.id}`);
    expect(r.status).toBe(200);
    expect(r.headers.get('Content-Type')).toBe('application/pdf');
    expect(r.headers.get('Content-Disposition')).toBe(`attachment; filename="calculo-cte-${c.numero}.pdf"`);
    const texto = await textoDoPdf(new Uint8Array(await r.arrayBuffer()));
    for (const trecho of [
      `Cálculo de frete do CT-e ${c.numero}`,
      'COLACRIL',
      c.chave,
      'Alvorada Tabelateste Transportes Ltda',
      'São Paulo/SP',
      'Rio de Janeiro/RJ',
      'Frete peso',
      'R$ 100,00',
      'R$ 133,64',
      'R$ 150,00',
      'R$ 16,36',
      'Falha (cobrado acima da tabela)',
      '10/05/2017',
    ])
      expect(texto).toContain(trecho);
  });
});

describe('company isolation', () => {
  it('the other company audits, reads and prints only its own CT-es', async () => {
    const c = await novoCte({ cobrado: '150.00' });
    await auditar([c.id]);
    const outro = await h.adminToken('RRE');
    const antes = await foto();
    // Ids are per company database: RRE (with demo CT-es of its own) answers about its own row of that id, if any.
    const [mesmoId] = await h.bancos.RRE.db.select({ id: cte.id }).from(cte).where(eq(cte.id, c.id));
    const r = await json<ResultadoLote>(await post('/api/auditorias-cte/auditar', { ctes: [c.id] }, outro));
    if (!mesmoId) expect(r.ignorados).toEqual([{ id: c.id, numero: null, motivo: MSG_CTE_NAO_ENCONTRADO }]);
    const rre = await novoCte({ cobrado: '10', empresa: 'RRE', transportadora: null, cliente: null });
    await post('/api/auditorias-cte/auditar', { ctes: [rre.id] }, outro);
    const [a] = await json<AuditoriaCte[]>(await get(`/api/auditorias-cte/ctes/${rre.id}`, outro));
    expect(a).toMatchObject({ cteId: rre.id, status: 'ERRO', valorCobrado: '10.00', mensagens: [mensagemTransportadoraNaoCadastrada('99.999.999/9999-99')] });
    expect((await get(`/api/tabelas-frete/imprimir/cte/${rre.id}`, outro)).status).toBe(200);
    await post('/api/auditorias-cte/aprovar', { ctes: [rre.id], base: 'TRANSPORTADORA' }, outro);
    expect(await foto()).toBe(antes);
    expect(await auditoria(c.id)).toMatchObject({ status: 'FALHA', valorCobrado: '150.00' });
  });
});
