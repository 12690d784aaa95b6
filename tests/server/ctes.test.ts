import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoIlegal } from '../../machines/cte-audit';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import {
  MSG_AGRUPAMENTO_TRANSPORTADORAS,
  MSG_AUTOCOMPLETAR_CTE_DIGITOS,
  MSG_AUTOCOMPLETAR_CTE_MINIMO,
  MSG_CTE_NAO_ENCONTRADO,
  MSG_NF_SOMENTE_ERP_DEMO,
  MSG_TIPO_VEICULO_NAO_ENCONTRADO,
  mensagemCteDesconsiderado,
  mensagemCteJaAgrupado,
  mensagemCteNaoCandidato,
  mensagemCteNaoSalvavel,
  mensagemCtesNaoEncontrados,
  mensagemNotaDeOutroCte,
  mensagemOrdenacaoDesconhecida,
  resumoProcessamento,
  type CteCompleto,
  type CteLinha,
  type CtePage,
} from '../../src/contracts/ctes';
import { criarNotasFiscais } from '../../src/server/ctes/criar-notas-fiscais';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { processarCtes } from '../../src/server/ctes/processar-ctes';
import { cliente } from '../../src/server/db/schema/cliente';
import { configuracaoCliente } from '../../src/server/db/schema/configuracao';
import { cte, cteAuditoria, cteGrupo, cteNota } from '../../src/server/db/schema/cte';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { usuario } from '../../src/server/db/schema/usuario';
import { tipoVeiculo } from '../../src/server/db/schema/veiculo';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';
import { ApiError } from '../../src/server/http/api-error';
import { chaveCte, chaveNfe, inserirCte, type NovoCte } from './ctes-dados';
import { createHarness, json, type Harness } from './harness';
import { relogio } from '../../src/domain/relogio';

// The CT-e module (spec 03 §2.1–2.2, §4, §7): processing from the registers and the ERP, the Fretes list
// (every filter, sort, page, totals), autocomplete, detail, save, disregard, reprocess, grouping, the admin
// batches and company isolation. Our CT-es live in 2010–2011 so the demo's own CT-es never mix in.

let h: Harness;
const db = () => h.bancos.COLACRIL.db;
const erp = () => erpTabelas(h.bancos.COLACRIL.erpSchema);
let leitor: string; // FRETE_CTE_M
let editor: string; // FRETE_CTE_M + FRETE_CTE_E
let admin: string;

const T: { id: number; cnpj: string; nome: string }[] = [];
const C: Record<'E' | 'X' | 'Y' | 'P', { id: number; doc: string; codigo: string; nome: string }> = {} as never;
const id: Record<string, number> = {};
let tipoVeiculoId: number;
const K = (n: number) => chaveNfe(n);
const PERIODO = 'dataIni=2011-03-01&dataFim=2011-04-30&tomadorServico=TODOS';

const get = async (path: string, token = leitor) => {
  const r = await h.request('GET', path, { token });
  return { status: r.status, body: await json(r) };
};
const post = async (path: string, body: unknown, token = editor) => {
  const r = await h.request('POST', path, { token, body });
  return { status: r.status, body: await json(r) };
};
const lista = async (q: string) => {
  const r = await get(`/api/ctes/listar-simples?${q}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as CtePage;
};
const ids = (p: CtePage) => p.content.map((l) => l.id);
const umCte = async (cteId: number) => (await get(`/api/ctes/${cteId}`)).body as CteCompleto;
const linhaCte = async (cteId: number) => (await db().select().from(cte).where(eq(cte.id, cteId)))[0];

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  [leitor, editor, admin] = await Promise.all([h.tokenCom(['FRETE_CTE_M']), h.tokenCom(['FRETE_CTE_M', 'FRETE_CTE_E']), h.adminToken()]);
  const transportadoras = await db()
    .select({ id: transportadora.id, cnpj: transportadora.cnpj, nome: transportadora.razaoSocial })
    .from(transportadora)
    .where(isNotNull(transportadora.cnpj))
    .orderBy(asc(transportadora.id))
    .limit(2);
  T.push(...transportadoras.map((t) => ({ id: t.id, cnpj: t.cnpj!, nome: t.nome })));
  const clientes = await db()
    .select({ id: cliente.id, doc: cliente.cpfCnpj, codigo: cliente.clienteId, nome: cliente.razaoSocial })
    .from(cliente)
    .where(sql`length(${cliente.cpfCnpj}) = 14`)
    .orderBy(asc(cliente.id))
    .limit(4);
  (['E', 'X', 'Y', 'P'] as const).forEach((k, i) => (C[k] = { id: clientes[i].id, doc: clientes[i].doc!, codigo: clientes[i].codigo, nome: clientes[i].nome }));
  await db().delete(configuracaoCliente);
  await db().insert(configuracaoCliente).values([
    { lista: 'ENTRADA', clienteId: C.P.id },
    { lista: 'TOMADOR', clienteId: C.E.id },
  ]);
  [{ id: tipoVeiculoId }] = await db().insert(tipoVeiculo).values({ descricao: 'Truck teste CT-e' }).returning({ id: tipoVeiculo.id });
  const { vwPedido, vwNotaFiscal } = erp();
  await db().insert(vwPedido).values([{ pedidoId: 'PT-1', clienteId: C.X.codigo, status: 'APROVADO', dataPedido: '2011-03-01', codigoCobrancaAdicional: 'REENTREGA' }]);
  const nf = (n: number, pesoBruto: string | null, valor: string | null, pedidoId: string | null = null) => ({
    notaFiscalId: `NFT-${n}`, chave: K(n), numero: n, serie: '1', dataEmissao: '2011-03-01', tipo: 'SAIDA', pedidoId, clienteId: null,
    pesoBruto, pesoLiquido: pesoBruto, valorTotalProdutos: valor, valor,
  });
  await db().insert(vwNotaFiscal).values([nf(101, '100', '1000', 'PT-1'), nf(102, '50', '500'), nf(103, '0', '300')]);

  const novos: [string, NovoCte][] = [
    ['c1', { numero: 900001, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: '2011-03-10T10:00:00-03:00', notas: [K(101), K(102)], valor: '150.00', numeroFatura: 'FAT-1', id: 1_900_001 }],
    // 23:30 in São Paulo is the next day in UTC: still 10/03 for the filters and the grouping.
    ['c2', { numero: 900002, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.Y.doc, dataEmissao: '2011-03-10T23:30:00-03:00', destino: [4106902, 'CURITIBA', 'PR'], notas: [K(103), K(104)], valor: '250.00' }],
    ['c3', { numero: 900003, emitente: T[1].cnpj, remetente: C.X.doc, destinatario: C.P.doc, dataEmissao: '2011-03-20T09:00:00-03:00', pesoCarga: '777', valor: '300.00' }],
    ['c4', { numero: 900004, emitente: '99888777000166', emitenteNome: 'Transportes Fantasma', remetente: '12345678000190', destinatario: '98765432000110', tomador: 'DESTINATARIO', dataEmissao: '2011-04-05T08:00:00-03:00', valor: '100.00' }],
  ];
  for (const [nome, n] of novos) id[nome] = await inserirCte(db(), n);
});
afterAll(() => h?.close());

describe('processing (processarCtes, GET /ctes/processar)', () => {
  it('completes carrier, tipo, customer, notes, sums, inconsistencies and grouping candidates, LIDO → PROCESSADO', async () => {
    const r = await processarCtes(h.bancos.COLACRIL, { ids: [id.c1, id.c2, id.c3, id.c4] });
    expect(r).toEqual({ processados: 4, ignorados: [], mensagens: [resumoProcessamento(4, 1, 2, 0)] });
    const [c1, c2, c3, c4] = await Promise.all([id.c1, id.c2, id.c3, id.c4].map(linhaCte));
    expect(c1).toMatchObject({ status: 'PROCESSADO', tipo: 'SAIDA', clienteId: C.X.id, transportadoraId: T[0].id, pesoBruto: '150.000', valorNotas: '1500.00', inconsistencias: [], codigoCobrancaAdicional: 'REENTREGA', agrupamento: 'CANDIDATO' });
    // K103 weighs 0 (a real zero: flagged); K104 is not in the ERP: unknown, not zero (no flag). Not every note
    // is known, so the CT-e's own cargo weight counts and no partial notes' value (the audit uses vCarga).
    expect(c2).toMatchObject({ tipo: 'SAIDA', clienteId: C.Y.id, transportadoraId: T[0].id, pesoBruto: '1000.000', valorNotas: null, agrupamento: 'CANDIDATO', codigoCobrancaAdicional: null });
    expect(c2.pesoOrigem).toMatch(/^CT-e, linha de carga/);
    expect(c2.inconsistencias).toEqual(['PESO_BRUTO_ZERADO']);
    expect(c1.pesoOrigem).toBe('notas fiscais');
    expect(c3).toMatchObject({ tipo: 'ENTRADA', clienteId: C.X.id, transportadoraId: T[1].id, pesoBruto: '777.000', inconsistencias: [], agrupamento: null });
    expect(c4).toMatchObject({ tipo: 'DESCONHECIDO', clienteId: null, transportadoraId: null, status: 'PROCESSADO' });
    expect(c1.versao).toBe(2); // processed, then marked CANDIDATO
    const notas = await db().select().from(cteNota).where(eq(cteNota.cteId, id.c1)).orderBy(asc(cteNota.id));
    expect(notas.map((n) => [n.numero, n.pesoBruto, n.valor, n.valorTotalProdutos, n.pedidoId, n.notaFiscalId])).toEqual([
      [101, '100.000', '1000.00', '1000.00', 'PT-1', 'NFT-101'],
      [102, '50.000', '500.00', '500.00', null, 'NFT-102'],
    ]);
  });

  it('a CT-e not LIDO is ignored with the machine\'s message; an unknown id is reported', async () => {
    const r = await processarCtes(h.bancos.COLACRIL, { ids: [id.c1, 77_777_777] });
    expect(r.processados).toBe(0);
    expect(r.ignorados).toEqual([
      { id: 77_777_777, numero: null, motivo: 'CT-e não encontrado.' },
      { id: id.c1, numero: 900001, motivo: mensagemTransicaoIlegal('PROCESSADO', 'PROCESSAR') },
    ]);
    expect(r.mensagens[0]).toBe(resumoProcessamento(0, 0, 0, 2));
  });

  it('GET /ctes/processar processes every LIDO CT-e', async () => {
    id.c10 = await inserirCte(db(), { numero: 900010, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: '2010-06-01T10:00:00-03:00', notas: [K(101)] });
    const r = await get('/api/ctes/processar');
    expect(r.status).toBe(200);
    expect(r.body.processados).toBeGreaterThanOrEqual(1);
    expect(r.body.mensagens[0]).toMatch(/^\d+ CT-e\(s\) processado\(s\), \d+ com inconsistências, \d+ marcado\(s\) como candidato\(s\) a agrupamento/);
    expect(await linhaCte(id.c10)).toMatchObject({ status: 'PROCESSADO', pesoBruto: '100.000', tipo: 'SAIDA' });
    expect((await db().select({ n: sql<number>`count(*)::int` }).from(cte).where(eq(cte.status, 'LIDO')))[0].n).toBe(0);
  });
});

describe('GET /ctes/listar-simples', () => {
  beforeAll(async () => {
    await db().update(cte).set({ status: 'AUDITADO_FALHA', valorAuditoria: '280.00' }).where(eq(cte.id, id.c3));
    await db().update(cte).set({ status: 'AUDITADO_REVISADO', valorAuditoria: '90.00', numeroFatura: 'FAT-2' }).where(eq(cte.id, id.c4));
  });

  it('answers the rows (newest first), page data and the totals of every matching row', async () => {
    const p = await lista(PERIODO);
    expect(ids(p)).toEqual([id.c4, id.c3, id.c2, id.c1]);
    expect(p).toMatchObject({ totalElements: 4, totalPages: 1, number: 0, size: 50, totais: { quantidade: 4, valorTotal: '800.00', valorAuditoria: '370.00' } });
    const c1 = p.content.find((l) => l.id === id.c1)!;
    expect(c1).toMatchObject<Partial<CteLinha>>({
      numero: 900001, numeroFatura: 'FAT-1', remetente: 'Remetente 900001', destinatario: 'Destinatário 900001', transportadora: { id: T[0].id, nome: T[0].nome },
      emitente: `Emitente ${T[0].cnpj}`, origem: { codigo: 4108304, nome: 'FOZ DO IGUACU', uf: 'PR' }, destino: { codigo: 3523909, nome: 'ITU', uf: 'SP' },
      status: 'PROCESSADO', tipo: 'SAIDA', tipoCte: 0, valorTotal: '150.00', valorAuditoria: null, inconsistencias: [], cobrancasAgrupadas: 0,
      codigoCobrancaAdicional: 'REENTREGA', cobrancaRoteirizada: 'CANDIDATO', dataEmissao: '2011-03-10T13:00:00.000Z',
    });
    expect(p.content.find((l) => l.id === id.c4)).toMatchObject({ transportadora: null, emitente: 'Transportes Fantasma' });
  });

  it('dates: São Paulo days, one side open, and the current month by default', async () => {
    expect(ids(await lista('dataIni=2011-03-10&dataFim=2011-03-10&tomadorServico=TODOS'))).toEqual([id.c2, id.c1]);
    expect(ids(await lista('dataIni=2011-03-11&dataFim=2011-03-31&tomadorServico=TODOS'))).toEqual([id.c3]);
    const desde = ids(await lista('dataIni=2011-03-15&tomadorServico=TODOS&size=200&sort=dataEmissao,asc'));
    expect(desde).toEqual(expect.arrayContaining([id.c3, id.c4]));
    expect(desde).not.toContain(id.c1);
    expect(ids(await lista('dataFim=2010-06-01&tomadorServico=TODOS&size=200'))).toContain(id.c10);
    const agora = await inserirCte(db(), { numero: 900020, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: relogio.agora().toISOString() });
    const padrao = ids(await lista('size=200'));
    expect(padrao).toContain(agora);
    expect(padrao).not.toContain(id.c1);
    expect(mesSaoPaulo(new Date('2024-03-01T02:00:00Z'))).toEqual({ dataIni: '2024-02-01', dataFim: '2024-02-29' });
    await db().delete(cte).where(eq(cte.id, agora));
  });

  it('tomadorServico: REMETENTE by default, TODOS lifts it', async () => {
    expect(ids(await lista('dataIni=2011-03-01&dataFim=2011-04-30'))).toEqual([id.c3, id.c2, id.c1]);
    expect(ids(await lista('dataIni=2011-03-01&dataFim=2011-04-30&tomadorServico=DESTINATARIO'))).toEqual([id.c4]);
  });

  it('every other filter', async () => {
    const casos: [string, number[]][] = [
      ['status=PROCESSADO', [id.c2, id.c1]],
      ['status=AUDITADO', [id.c4, id.c3]],
      ['status=AUDITADO&auditoria=REVISADO', [id.c4]],
      ['status=AUDITADO&auditoria=FALHA', [id.c3]],
      ['status=LIDO', []],
      ['numeroFatura=FAT-1', [id.c1]],
      [`chave=${chaveCte(900001, T[0].cnpj)}`, [id.c1]],
      [`chave=${chaveCte(900001, T[0].cnpj).slice(0, 20)}`, [id.c2, id.c1]],
      ['numeroCte=900003', [id.c3]],
      ['numeroNf=101', [id.c1]],
      ['numeroNf=104', [id.c2]],
      ['numeroPedido=PT-1', [id.c1]],
      ['agrupamento=CANDIDATO', [id.c2, id.c1]],
      ['agrupamento=AGRUPADO', []],
      ['municipioOrigem=4108304', [id.c4, id.c3, id.c2, id.c1]],
      ['municipioDestino=4106902', [id.c2]],
      [`transportadora=${T[0].id}`, [id.c2, id.c1]],
      [`cliente=${C.X.id}`, [id.c3, id.c1]],
      [`cliente=${C.X.id}&transportadora=${T[1].id}`, [id.c3]],
    ];
    for (const [q, esperado] of casos) expect(ids(await lista(`${PERIODO}&${q}`)), q).toEqual(esperado);
  });

  it('sorts by numero, dataEmissao, valorTotal, valorAuditoria, status and transportadora; ties by id desc', async () => {
    const ordem = async (sort: string) => ids(await lista(`${PERIODO}&sort=${encodeURIComponent(sort)}`));
    expect(await ordem('numero')).toEqual([id.c1, id.c2, id.c3, id.c4]);
    expect(await ordem('numero,desc')).toEqual([id.c4, id.c3, id.c2, id.c1]);
    expect(await ordem('dataEmissao,asc')).toEqual([id.c1, id.c2, id.c3, id.c4]);
    expect(await ordem('valorTotal,desc')).toEqual([id.c3, id.c2, id.c1, id.c4]);
    // c1 has the larger id (inserted with an explicit one): it wins the ties.
    expect(await ordem('valorAuditoria,desc')).toEqual([id.c3, id.c4, id.c1, id.c2]);
    expect(await ordem('status')).toEqual([id.c3, id.c4, id.c1, id.c2]);
    // Carrier name (or the issuer's when unregistered); c1 and c2 share T[0].
    const grupo = (x: number) => (x === id.c1 || x === id.c2 ? 'T0' : x === id.c3 ? 'T1' : 'fantasma');
    const asc_ = await ordem('transportadora');
    const desc_ = await ordem('transportadora,desc');
    for (const o of [asc_, desc_]) expect(o.indexOf(id.c1) + 1).toBe(o.indexOf(id.c2));
    expect([...new Set(desc_.map(grupo))]).toEqual([...new Set(asc_.map(grupo))].reverse());
    const r = await get(`/api/ctes/listar-simples?${PERIODO}&sort=remetente`);
    expect([r.status, r.body]).toEqual([400, { mensagens: [mensagemOrdenacaoDesconhecida('remetente')] }]);
  });

  it('pages of 50, 100 or 200 with the totals of every page', async () => {
    for (let i = 0; i < 52; i++)
      await inserirCte(db(), { numero: 800000 + i, emitente: T[1].cnpj, remetente: C.E.doc, destinatario: C.Y.doc, dataEmissao: `2010-01-${String(1 + (i % 28)).padStart(2, '0')}T12:00:00-03:00`, valor: '10.00' });
    const q = 'dataIni=2010-01-01&dataFim=2010-01-31&tomadorServico=TODOS';
    const p0 = await lista(q);
    const p1 = await lista(`${q}&page=1`);
    expect([p0.content.length, p1.content.length, p1.totalElements, p1.totalPages, p1.number]).toEqual([50, 2, 52, 2, 1]);
    expect(p1.totais).toEqual({ quantidade: 52, valorTotal: '520.00', valorAuditoria: '0.00' });
    expect(new Set([...ids(p0), ...ids(p1)]).size).toBe(52);
    expect((await lista(`${q}&size=100`)).content).toHaveLength(52);
  });

  it('refuses bad filters with Portuguese messages', async () => {
    const casos: [string, string][] = [
      ['size=10', 'O tamanho da página deve ser 50, 100 ou 200.'],
      ['page=-1', 'A página não pode ser negativa.'],
      ['dataIni=2011/03/01', 'Data inicial: informe uma data válida (AAAA-MM-DD).'],
      ['dataIni=2011-04-01&dataFim=2011-03-01', 'Período informado inválido, a data final deve ser maior ou igual que a inicial.'],
      ['auditoria=REVISADO', 'O status da auditoria só pode ser filtrado com o status AUDITADO.'],
      ['status=AUDITADO_FALHA', 'Status desconhecido.'],
      ['numeroCte=abc', 'Nº do CT-e: informe um número.'],
      ['chave=12a', 'A chave do CT-e tem apenas dígitos (até 44).'],
      ['tomadorServico=EMITENTE', 'Tomador do serviço desconhecido.'],
      ['agrupamento=TALVEZ', 'Agrupamento desconhecido.'],
    ];
    for (const [q, mensagem] of casos) {
      const r = await get(`/api/ctes/listar-simples?${q}`);
      expect([r.status, r.body], q).toEqual([400, { mensagens: [mensagem] }]);
    }
  });
});

describe('GET /ctes?cte= (autocomplete)', () => {
  it('finds by number prefix (exact first) or key prefix, at most 10', async () => {
    const r = await get('/api/ctes?cte=900003');
    expect(r.status).toBe(200);
    expect((r.body as CteLinha[])[0]).toMatchObject({ id: id.c3, numero: 900003, transportadora: { id: T[1].id } });
    const prefixo = (await get('/api/ctes?cte=90000')).body as CteLinha[];
    expect(prefixo.map((l) => l.id)).toEqual(expect.arrayContaining([id.c1, id.c2, id.c3, id.c4]));
    const porChave = (await get(`/api/ctes?cte=${chaveCte(900001, T[0].cnpj).slice(0, 34)}`)).body as CteLinha[];
    expect(porChave.map((l) => l.id)).toEqual([id.c1]);
    expect(((await get('/api/ctes?cte=800')).body as CteLinha[]).length).toBe(10);
    const formatada = chaveCte(900002, T[0].cnpj).replace(/(\d{4})/g, '$1 ').trim();
    expect(((await get(`/api/ctes?cte=${encodeURIComponent(formatada)}`)).body as CteLinha[]).map((l) => l.id)).toEqual([id.c2]);
  });

  it('needs 3 digits', async () => {
    for (const [q, m] of [['cte=90', MSG_AUTOCOMPLETAR_CTE_MINIMO], ['', MSG_AUTOCOMPLETAR_CTE_MINIMO], ['cte=abc', MSG_AUTOCOMPLETAR_CTE_DIGITOS]]) {
      const r = await get(`/api/ctes?${q}`);
      expect([r.status, r.body], q).toEqual([400, { mensagens: [m] }]);
    }
  });
});

describe('GET /ctes/{id}', () => {
  it('answers the document, notes, customer, vehicle type and the audit with its responsible user', async () => {
    const c1 = await umCte(id.c1);
    expect(c1).toMatchObject({ id: id.c1, chave: chaveCte(900001, T[0].cnpj), cliente: { id: C.X.id, nome: C.X.nome }, tipoVeiculo: null, pesoBruto: '150.000', valorNotas: '1500.00', auditoria: null, dataCancelamento: null });
    expect(c1.documento.identificacao.numeroCte).toBe(900001);
    expect(c1.notas.map((n) => [n.numero, n.pesoBruto, n.pedidoId, n.notaFiscalId])).toEqual([[101, '100.000', 'PT-1', 'NFT-101'], [102, '50.000', null, 'NFT-102']]);
    const [adm] = await db().select({ id: usuario.id, nome: usuario.nome, email: usuario.email }).from(usuario).where(eq(usuario.login, 'admin'));
    await db().insert(cteAuditoria).values({ cteId: id.c4, status: 'REVISADO', valorCobrado: '100.00', valorTotal: '90.00', valorCorreto: '95.00', mensagens: ['ok'], responsavelId: adm.id, observacoes: 'Aprovado' });
    const c4 = await umCte(id.c4);
    expect(c4.auditoria).toMatchObject({ status: 'REVISADO', valorCobrado: '100.00', valorCorreto: '95.00', responsavel: { nome: adm.nome, email: adm.email }, observacoes: 'Aprovado', tabelaFrete: null, mensagens: ['ok'] });
  });

  it('404 when absent, 400 on a bad id', async () => {
    expect(await get('/api/ctes/99999999')).toEqual({ status: 404, body: { mensagens: [MSG_CTE_NAO_ENCONTRADO] } });
    expect((await get('/api/ctes/abc')).status).toBe(400);
  });

  it('a COLACRIL CT-e is invisible from RRE', async () => {
    const rre = await h.tokenCom(['FRETE_CTE_M'], 'GERENTE', 'RRE');
    expect((await get(`/api/ctes/${id.c1}`, rre)).status).toBe(404);
    const r = await get(`/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2011-03-01&dataFim=2011-04-30&chave=${chaveCte(900001, T[0].cnpj)}`, rre);
    expect(r.body.content).toEqual([]);
  });
});

describe('POST /ctes (save)', () => {
  it('saves note weights and the vehicle type, recomputes the gross weight and inconsistencies, bumps versao', async () => {
    const antes = await umCte(id.c2);
    const [n3, n4] = antes.notas;
    const r = await post('/api/ctes', { id: id.c2, versao: antes.versao, tipoVeiculo: { id: tipoVeiculoId }, notas: [{ id: n3.id, pesoBruto: '10', pesoLiquido: '9.5' }, { id: n4.id, pesoBruto: '5.25', pesoLiquido: null }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const salvo = r.body as CteCompleto;
    expect(salvo).toMatchObject({ versao: antes.versao + 1, pesoBruto: '15.250', tipoVeiculo: { id: tipoVeiculoId, descricao: 'Truck teste CT-e' } });
    // K103 now weighs 10 and K104 (not in the ERP) is unknown, not zero: nothing flagged.
    expect(salvo.inconsistencias).toEqual([]);
    expect(salvo.notas.map((n) => [n.pesoBruto, n.pesoLiquido])).toEqual([['10.000', '9.500'], ['5.250', null]]);
    const dado = await post('/api/ctes', { id: id.c2, versao: salvo.versao, pesoBruto: '999.5' });
    expect(dado.body).toMatchObject({ pesoBruto: '999.500', versao: salvo.versao + 1, tipoVeiculo: { id: tipoVeiculoId } });
  });

  it('409 on a stale version (nothing changes), 400 on a foreign note, an unknown vehicle type or a bad weight, 404 when absent', async () => {
    const atual = await umCte(id.c2);
    const outro = (await umCte(id.c1)).notas[0];
    expect(await post('/api/ctes', { id: id.c2, versao: atual.versao - 1, pesoBruto: '1' })).toEqual({ status: 409, body: { mensagens: [MENSAGEM_VERSAO_OBSOLETA] } });
    expect(await post('/api/ctes', { id: id.c2, versao: atual.versao, notas: [{ id: outro.id, pesoBruto: '1', pesoLiquido: '1' }] })).toEqual({ status: 400, body: { mensagens: [mensagemNotaDeOutroCte(outro.id)] } });
    expect(await post('/api/ctes', { id: id.c2, versao: atual.versao, tipoVeiculo: { id: 99999 } })).toEqual({ status: 400, body: { mensagens: [MSG_TIPO_VEICULO_NAO_ENCONTRADO] } });
    expect(await post('/api/ctes', { id: id.c2, versao: atual.versao, notas: [{ id: atual.notas[0].id, pesoBruto: '-1', pesoLiquido: null }] })).toEqual({
      status: 400,
      body: { mensagens: ['Peso bruto da nota: informe um peso não negativo com até 3 casas decimais.'] },
    });
    expect((await post('/api/ctes', { id: 99999999, versao: 0 })).status).toBe(404);
    expect(await umCte(id.c2)).toEqual(atual);
  });

  it('409 in LIDO, DESCONSIDERADO, CANCELADO and AUDITADO_SUCESSO', async () => {
    const alvo = await inserirCte(db(), { numero: 900030, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: '2010-05-01T10:00:00-03:00' });
    for (const status of ['LIDO', 'DESCONSIDERADO', 'CANCELADO', 'AUDITADO_SUCESSO'] as const) {
      await db().update(cte).set({ status }).where(eq(cte.id, alvo));
      const { versao } = await linhaCte(alvo);
      expect(await post('/api/ctes', { id: alvo, versao, pesoBruto: '1' }), status).toEqual({ status: 409, body: { mensagens: [mensagemCteNaoSalvavel(status)] } });
    }
  });
});

describe('GET /ctes/processar-cte/{id} (reprocess fiscal data)', () => {
  it('re-reads the notes from the ERP (typed weights are replaced) and answers the batch result', async () => {
    const antes = await umCte(id.c2);
    await db().update(erp().vwNotaFiscal).set({ pesoBruto: '40', valor: '400', valorTotalProdutos: '400' }).where(eq(erp().vwNotaFiscal.chave, K(103)));
    const r = await get(`/api/ctes/processar-cte/${id.c2}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.processados).toBe(1);
    const depois = await umCte(id.c2);
    expect(depois.notas.map((n) => n.pesoBruto)).toEqual(['40.000', '5.250']); // K104 is still not in the ERP: kept
    // Every note has a weight (K104's typed one): their sum; K104 has no value: no partial notes' value (vCarga counts).
    expect(depois).toMatchObject({ status: 'PROCESSADO', pesoBruto: '45.250', valorNotas: null, versao: antes.versao + 1 });
    expect((await linhaCte(id.c2)).pesoOrigem).toBe('notas fiscais');
  });

  it('409 from a status the machine does not allow, 404 when absent', async () => {
    const alvo = await inserirCte(db(), { numero: 900031, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: '2010-05-01T10:00:00-03:00', status: 'CANCELADO' });
    expect(await get(`/api/ctes/processar-cte/${alvo}`)).toEqual({ status: 409, body: { mensagens: [mensagemTransicaoIlegal('CANCELADO', 'REPROCESSAR')] } });
    expect((await get('/api/ctes/processar-cte/99999999')).status).toBe(404);
  });
});

describe('POST /ctes/desconsiderar', () => {
  it('disregards through the machine, checks the version, refuses what the machine refuses', async () => {
    const alvo = await inserirCte(db(), { numero: 900040, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: '2010-05-01T10:00:00-03:00' });
    await db().update(cte).set({ agrupamento: 'CANDIDATO' }).where(eq(cte.id, alvo));
    expect(await post('/api/ctes/desconsiderar', { id: alvo, versao: 5 })).toEqual({ status: 409, body: { mensagens: [MENSAGEM_VERSAO_OBSOLETA] } });
    expect(await post('/api/ctes/desconsiderar', { id: alvo, versao: 0 })).toEqual({ status: 200, body: { processados: 1, ignorados: [], mensagens: [mensagemCteDesconsiderado(900040)] } });
    expect(await linhaCte(alvo)).toMatchObject({ status: 'DESCONSIDERADO', versao: 1, agrupamento: null });
    expect(await post('/api/ctes/desconsiderar', { id: alvo, versao: 1 })).toEqual({ status: 409, body: { mensagens: [mensagemTransicaoIlegal('DESCONSIDERADO', 'DESCONSIDERAR')] } });
    await db().update(cte).set({ status: 'CANCELADO' }).where(eq(cte.id, alvo));
    expect(await post('/api/ctes/desconsiderar', { id: alvo, versao: 1 })).toEqual({ status: 409, body: { mensagens: [mensagemTransicaoIlegal('CANCELADO', 'DESCONSIDERAR')] } });
    expect((await post('/api/ctes/desconsiderar', { id: 99999999, versao: 0 })).status).toBe(404);
    expect((await post('/api/ctes/desconsiderar', { id: alvo })).status).toBe(400);
  });
});

describe('POST /ctes/confirmar-agrupamento', () => {
  it('refuses with a message per problem', async () => {
    const envia = (ctes: number[], tipo: unknown = { id: tipoVeiculoId }) => post('/api/ctes/confirmar-agrupamento', { ctes, tipoVeiculo: tipo }, leitor);
    expect(await envia([id.c1])).toEqual({ status: 400, body: { mensagens: ['Selecione ao menos dois CT-es para agrupar.'] } });
    expect(await envia([id.c1, 99999999])).toEqual({ status: 400, body: { mensagens: [mensagemCtesNaoEncontrados([99999999])] } });
    expect(await envia([id.c1, id.c2], { id: 99999 })).toEqual({ status: 400, body: { mensagens: [MSG_TIPO_VEICULO_NAO_ENCONTRADO] } });
    expect(await post('/api/ctes/confirmar-agrupamento', { ctes: [id.c1, id.c2] }, leitor)).toEqual({ status: 400, body: { mensagens: ['Informe o tipo de veículo.'] } });
    expect(await envia([id.c1, id.c3])).toEqual({ status: 409, body: { mensagens: [mensagemCteNaoCandidato(900003)] } });
    await db().update(cte).set({ agrupamento: 'CANDIDATO' }).where(inArray(cte.id, [id.c3, id.c4]));
    expect(await envia([id.c3, id.c4])).toEqual({ status: 409, body: { mensagens: [MSG_AGRUPAMENTO_TRANSPORTADORAS] } });
    await db().update(cte).set({ agrupamento: null }).where(inArray(cte.id, [id.c3, id.c4]));
  });

  it('groups CANDIDATO CT-es of one carrier: the group records the vehicle type and the user; rows show the group size', async () => {
    const antes = await Promise.all([linhaCte(id.c1), linhaCte(id.c2)]);
    const r = await post('/api/ctes/confirmar-agrupamento', { ctes: [id.c1, id.c2], tipoVeiculo: { id: tipoVeiculoId } }, leitor);
    expect(r).toEqual({ status: 200, body: { grupoId: expect.any(Number), processados: 2, ignorados: [], mensagens: ['2 CT-e(s) agrupado(s).'] } });
    const depois = await Promise.all([linhaCte(id.c1), linhaCte(id.c2)]);
    for (const [i, c] of depois.entries()) expect(c).toMatchObject({ agrupamento: 'AGRUPADO', grupoId: r.body.grupoId, tipoVeiculoId, versao: antes[i].versao + 1 });
    const [grupo] = await db().select().from(cteGrupo).where(eq(cteGrupo.id, r.body.grupoId));
    const [eu] = await db().select({ id: usuario.id }).from(usuario).where(eq(usuario.nome, (await get('/api/eu')).body.nome));
    expect(grupo).toMatchObject({ tipoVeiculoId, confirmadoPor: eu.id });
    const linhas = (await lista(`${PERIODO}&agrupamento=AGRUPADO`)).content;
    expect(linhas.map((l) => [l.id, l.cobrancasAgrupadas, l.cobrancaRoteirizada])).toEqual([[id.c2, 2, 'AGRUPADO'], [id.c1, 2, 'AGRUPADO']]);
    expect(await post('/api/ctes/confirmar-agrupamento', { ctes: [id.c1, id.c2], tipoVeiculo: { id: tipoVeiculoId } }, leitor)).toEqual({
      status: 409,
      body: { mensagens: [mensagemCteJaAgrupado(900001), mensagemCteJaAgrupado(900002)] },
    });
  });
});

describe('admin batches', () => {
  it('ler-notas-fiscais, preencher-valor and processar-integracao fill notes from the ERP and recompute their CT-es', async () => {
    const alvo = await inserirCte(db(), { numero: 900050, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: '2010-07-01T10:00:00-03:00', notas: [K(150)] });
    await processarCtes(h.bancos.COLACRIL, { ids: [alvo] });
    // The note is not in the ERP yet: unknown, not zero.
    expect((await linhaCte(alvo)).inconsistencias).toEqual([]);
    await db().insert(erp().vwPedido).values({ pedidoId: 'PT-150', status: 'APROVADO', dataPedido: '2010-07-01' });
    await db().insert(erp().vwNotaFiscal).values({ notaFiscalId: 'NFT-150', chave: K(150), numero: 150, serie: '1', dataEmissao: '2010-07-01', tipo: 'SAIDA', pedidoId: 'PT-150', pesoBruto: '12.5', pesoLiquido: '12', valor: '80', valorTotalProdutos: null });

    const lidas = await get('/api/ctes/ler-notas-fiscais', admin);
    expect(lidas.status).toBe(200);
    expect(lidas.body.mensagens[0]).toMatch(/^Pesos e valores lidos do ERP para [1-9]\d* nota\(s\); \d+ não encontrada\(s\) no ERP\.$/);
    let [nota] = await db().select().from(cteNota).where(eq(cteNota.cteId, alvo));
    expect([nota.pesoBruto, nota.pesoLiquido, nota.valor, nota.valorTotalProdutos, nota.pedidoId]).toEqual(['12.500', '12.000', '80.00', null, null]);
    // The ERP gives no products' value (null): not a zero, no flag.
    expect(await linhaCte(alvo)).toMatchObject({ pesoBruto: '12.500', valorNotas: '80.00', inconsistencias: [] });

    await db().update(erp().vwNotaFiscal).set({ valorTotalProdutos: '75' }).where(eq(erp().vwNotaFiscal.chave, K(150)));
    const valor = await get('/api/ctes/preencher-valor', admin);
    expect(valor.body.mensagens[0]).toMatch(/^Valor total dos produtos preenchido em [1-9]\d* nota\(s\) fiscal\(is\); \d+ não encontrada\(s\) no ERP\.$/);
    expect((await linhaCte(alvo)).inconsistencias).toEqual([]);

    const integracao = await get('/api/ctes/processar-integracao', admin);
    expect(integracao.body.mensagens[0]).toMatch(/^Pedido e nota fiscal do ERP preenchidos em [1-9]\d* nota\(s\); \d+ sem correspondência no ERP\.$/);
    [nota] = await db().select().from(cteNota).where(eq(cteNota.cteId, alvo));
    expect([nota.valorTotalProdutos, nota.pedidoId, nota.notaFiscalId]).toEqual(['75.00', 'PT-150', 'NFT-150']);
  });

  it('preencher-tipo recomputes tipo and customer from the settings\' lists', async () => {
    await db().delete(configuracaoCliente).where(and(eq(configuracaoCliente.lista, 'ENTRADA'), eq(configuracaoCliente.clienteId, C.P.id)));
    const r = await get('/api/ctes/preencher-tipo', admin);
    expect(r.status).toBe(200);
    expect(r.body.processados).toBeGreaterThanOrEqual(1);
    expect(r.body.mensagens[0]).toMatch(/^Tipo recalculado: [1-9]\d* de \d+ CT-e\(s\) verificado\(s\) mudaram de tipo\.$/);
    expect(await linhaCte(id.c3)).toMatchObject({ tipo: 'DESCONHECIDO', clienteId: null });
    expect(await linhaCte(id.c1)).toMatchObject({ tipo: 'SAIDA', clienteId: C.X.id });
    await db().insert(configuracaoCliente).values({ lista: 'ENTRADA', clienteId: C.P.id });
    await get('/api/ctes/preencher-tipo', admin);
    expect(await linhaCte(id.c3)).toMatchObject({ tipo: 'ENTRADA', clienteId: C.X.id });
  });

  it('criar-nf creates the demo ERP invoices the notes lack, from the key and the cargo, once', async () => {
    await inserirCte(db(), { numero: 900060, emitente: T[0].cnpj, remetente: C.E.doc, destinatario: C.X.doc, dataEmissao: '2010-08-01T10:00:00-03:00', notas: [K(161), K(162), K(163)], valorCarga: '1000.00', pesoCarga: '300' });
    const r = await get('/api/ctes/criar-nf', admin);
    expect(r.status).toBe(200);
    expect(r.body.processados).toBeGreaterThanOrEqual(3);
    expect(r.body.mensagens[0]).toBe(`${r.body.processados} nota(s) fiscal(is) criada(s) no ERP de demonstração.`);
    const criadas = await db().select().from(erp().vwNotaFiscal).where(inArray(erp().vwNotaFiscal.chave, [K(161), K(162), K(163)])).orderBy(asc(erp().vwNotaFiscal.numero));
    expect(criadas.map((n) => [n.numero, n.serie, n.dataEmissao, n.pesoBruto, n.valor, n.valorTotalProdutos, n.tipo])).toEqual([
      [161, '1', '2011-03-01', '100.000', '333.34', '333.34', 'SAIDA'],
      [162, '1', '2011-03-01', '100.000', '333.33', '333.33', 'SAIDA'],
      [163, '1', '2011-03-01', '100.000', '333.33', '333.33', 'SAIDA'],
    ]);
    expect((await db().select().from(erp().vwNotaFiscal).where(eq(erp().vwNotaFiscal.chave, K(101))))[0].notaFiscalId).toBe('NFT-101');
    expect((await get('/api/ctes/criar-nf', admin)).body.processados).toBe(0);
    await expect(criarNotasFiscais(h.bancos.COLACRIL, { ERP_SCHEMA_COLACRIL: 'erp_real' })).rejects.toEqual(new ApiError(409, [MSG_NF_SOMENTE_ERP_DEMO]));
  });
});
