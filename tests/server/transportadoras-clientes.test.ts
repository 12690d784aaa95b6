import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientePageSchema, clienteSchema, vwClientePageSchema, vwClienteSchema, type VwCliente } from '../../src/contracts/clientes';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import {
  MSG_MUNICIPIO_NAO_ENCONTRADO,
  MSG_TRANSPORTADORA_MUNICIPIO,
  sincronizacaoSchema,
  transportadoraPageSchema,
  transportadoraSchema,
  type Transportadora,
} from '../../src/contracts/transportadoras';
import { TODOS_CODIGOS } from '../../src/domain/permissoes';
import { ERP_DEMO_CLIENTES, ERP_DEMO_TRANSPORTADORAS } from '../../src/server/demo/semear-erp-demo';
import { erpTabelas } from '../../src/server/erp/erp-tabelas';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
});
afterAll(() => h?.close());

const get = async (path: string, t = token) => {
  const r = await h.request('GET', path, { token: t });
  const corpo = await json(r);
  expect(r.status, JSON.stringify(corpo)).toBe(200);
  return corpo;
};
const listarT = async (query: string) => transportadoraPageSchema.parse(await get(`/api/transportadoras/listar-simples?${query}`));

describe('ERP sync (GET /transportadoras/atualizar, /clientes/atualizar)', () => {
  it('is ADMIN only', async () => {
    const quase = await h.tokenCom(TODOS_CODIGOS, 'DIRETOR');
    for (const path of ['/api/transportadoras/atualizar', '/api/clientes/atualizar']) {
      const r = await h.request('GET', path, { token: quase });
      expect(r.status).toBe(403);
      expect(await json(r)).toEqual({ mensagens: [MSG_SEM_PERMISSAO] });
    }
  });

  it('the seed registered the whole demo ERP through the sync; a run then adds 0 and updates 0; an ERP change updates exactly that row', async () => {
    // The first start syncs the demo ERP (carga-inicial/semear-banco.ts, cadastrosDemo), so every carrier and customer is there.
    expect((await listarT('')).totalElements).toBe(ERP_DEMO_TRANSPORTADORAS);
    expect((await get('/api/clientes/listar-simples?desativados=true')).totalElements).toBe(ERP_DEMO_CLIENTES);
    expect(sincronizacaoSchema.parse(await get('/api/transportadoras/atualizar'))).toEqual({ adicionados: 0, atualizados: 0, total: ERP_DEMO_TRANSPORTADORAS });
    expect(await get('/api/clientes/atualizar')).toEqual({ adicionados: 0, atualizados: 0, total: ERP_DEMO_CLIENTES });

    const banco = h.bancos.COLACRIL;
    const { vwTransportadora, vwCliente } = erpTabelas(banco.erpSchema);
    await banco.db.update(vwTransportadora).set({ telefone3: '(41) 3333-0000' }).where(eq(vwTransportadora.fornecedorId, 'F000005'));
    await banco.db.insert(vwTransportadora).values({ fornecedorId: 'F999999', razaoSocial: 'Transportes Novíssimos Ltda', cnpj: '11222333000181', estado: 'PR', codigoMunicipio: 4106902 });
    await banco.db.update(vwCliente).set({ posicao: 'BLOQUEADO' }).where(eq(vwCliente.clienteId, 'C000010'));
    expect(await get('/api/transportadoras/atualizar')).toEqual({ adicionados: 1, atualizados: 1, total: ERP_DEMO_TRANSPORTADORAS + 1 });
    expect(await get('/api/clientes/atualizar')).toMatchObject({ adicionados: 0, atualizados: 1 });
    const novo = transportadoraSchema.parse(await get('/api/transportadoras/findByCardCode/F999999'));
    expect(novo).toMatchObject({ cnpjFormatado: '11.222.333/0001-81', codigoIbge: 4106902, uf: 'PR', municipio: { nome: 'Curitiba' } });
    expect((await get('/api/transportadoras/completar-pk/F000005')).vwTransportadora.telefone3).toBe('(41) 3333-0000');
    // The other company's registers are untouched.
    const rre = await h.login('admin', SENHA_ADMIN_TESTE, 'RRE');
    expect((await get('/api/transportadoras/listar-simples?transportadora=F999999', rre)).totalElements).toBe(0);
    expect((await get('/api/transportadoras/listar-simples', rre)).totalElements).toBe(ERP_DEMO_TRANSPORTADORAS);
  });
});

describe('carriers', () => {
  it('lists 50 by default sorted by razaoSocial, pages, sorts, and searches name, CNPJ (digits or formatted) and code', async () => {
    const p = await listarT('');
    expect(p.size).toBe(50);
    expect(p.content).toHaveLength(50);
    const nomes = p.content.map((t) => t.razaoSocial);
    // Byte order differs from pt-BR collation on accents; compare what the database says.
    const ordenados = (await listarT('size=300')).content.map((t) => t.razaoSocial).slice(0, 50);
    expect(nomes).toEqual(ordenados);
    const alvo = p.content[7];
    const digitos = alvo.cnpjFormatado!.replace(/\D/g, '');
    for (const texto of [digitos, alvo.cnpjFormatado!, alvo.vwTransportadora.pk.fornecedorId.toLowerCase(), alvo.razaoSocial.toUpperCase()])
      expect((await listarT(`transportadora=${encodeURIComponent(texto)}`)).content.map((t) => t.id), texto).toContain(alvo.id);
    const p1 = await listarT('size=10&page=1&sort=fornecedorId,desc');
    expect(p1.content[0].vwTransportadora.pk.fornecedorId > p1.content[9].vwTransportadora.pk.fornecedorId).toBe(true);
    expect((await h.request('GET', '/api/transportadoras/listar-simples?size=301', { token })).status).toBe(400);
    expect((await h.request('GET', '/api/transportadoras/listar-simples?sort=busca', { token })).status).toBe(400);
  });

  it('autocomplete: active carriers containing the text, at most 20', async () => {
    const lista = (await get('/api/transportadoras?transportadora=transp')) as Transportadora[];
    expect(lista.length).toBeGreaterThan(0);
    expect(lista.length).toBeLessThanOrEqual(20);
    for (const t of lista) expect(`${t.razaoSocial} ${t.nomeFantasia}`.toLowerCase()).toContain('transp');
    expect((await h.request('GET', '/api/transportadoras?size=21', { token })).status).toBe(400);
  });

  it('saves the IBGE municipality and ativado; stale versao 409; deactivated hidden until desativados=true', async () => {
    const alvo = (await listarT('sort=fornecedorId&size=1')).content[0];
    const r = await h.request('POST', '/api/transportadoras', { token, body: { id: alvo.id, municipio: { codigo: 3550308 }, versao: alvo.versao } });
    expect(r.status).toBe(200);
    expect(transportadoraSchema.parse(await json(r))).toMatchObject({ codigoIbge: 3550308, uf: 'SP', municipio: { nome: 'São Paulo' }, versao: alvo.versao + 1 });
    const obsoleto = await h.request('POST', '/api/transportadoras', { token, body: { id: alvo.id, municipio: { codigo: 3550308 }, versao: alvo.versao } });
    expect(obsoleto.status).toBe(409);
    expect(await json(obsoleto)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });

    await h.request('POST', '/api/transportadoras', { token, body: { id: alvo.id, municipio: { codigo: 3550308 }, ativado: false, versao: alvo.versao + 1 } });
    const busca = `transportadora=${alvo.vwTransportadora.pk.fornecedorId}`;
    expect((await listarT(busca)).content).toEqual([]);
    expect((await listarT(`${busca}&desativados=true`)).content.map((t) => t.id)).toEqual([alvo.id]);
    expect((await listarT(`search=ativado==false`)).content.map((t) => t.id)).toEqual([alvo.id]);
    // The sync keeps our municipality and ativado.
    await get('/api/transportadoras/atualizar');
    expect(await get(`/api/transportadoras/${alvo.id}`)).toMatchObject({ ativado: false, codigoIbge: 3550308 });
  });

  it('refuses bad saves with 400 and changes nothing', async () => {
    const alvo = (await listarT('size=1')).content[0];
    const antes = await h.snapshot();
    const casos: [unknown, string[]][] = [
      [{ id: alvo.id, versao: alvo.versao }, [MSG_TRANSPORTADORA_MUNICIPIO]],
      [{ id: alvo.id, municipio: { codigo: 1234567 }, versao: alvo.versao }, [MSG_MUNICIPIO_NAO_ENCONTRADO]],
    ];
    for (const [body, mensagens] of casos) {
      const r = await h.request('POST', '/api/transportadoras', { token, body });
      expect(r.status).toBe(400);
      expect(await json(r)).toEqual({ mensagens });
    }
    expect((await h.request('POST', '/api/transportadoras', { token, body: { id: 999999, municipio: { codigo: 3550308 }, versao: 0 } })).status).toBe(404);
    expect((await h.request('GET', '/api/transportadoras/findByCardCode/NAOEXISTE', { token })).status).toBe(404);
    expect(await h.snapshot()).toBe(antes);
  });
});

describe('customers', () => {
  const listarC = async (path: string) => clientePageSchema.parse(await get(path));

  it('listar-simples: 20 per page by razaoSocial, text search over name, CNPJ and code, active only', async () => {
    const p = await listarC('/api/clientes/listar-simples');
    expect(p.size).toBe(20);
    expect(p.content).toHaveLength(20);
    const alvo = p.content[3];
    for (const texto of [alvo.vwCliente.pk.clienteId, alvo.vwCliente.cpfCnpjFormatado!, alvo.vwCliente.razaoSocial.slice(0, 8)])
      expect((await listarC(`/api/clientes/listar-simples?size=300&cliente=${encodeURIComponent(texto)}`)).content.map((c) => c.id), texto).toContain(alvo.id);
  });

  it('/clientes and /clientes/query: RSQL over the allow-list; by id and by card code', async () => {
    const matrizes = await listarC('/api/clientes?search=tipo==MATRIZ&size=300');
    expect(matrizes.totalElements).toBeGreaterThan(0);
    for (const c of matrizes.content) expect(c.vwCliente.tipo).toBe('MATRIZ');
    const q = await listarC('/api/clientes/query?search=posicao!=ATIVO&size=300');
    for (const c of q.content) expect(c.vwCliente.posicao).not.toBe('ATIVO');
    const um = clienteSchema.parse(await get(`/api/clientes/${matrizes.content[0].id}`));
    expect(clienteSchema.parse(await get(`/api/clientes/findByCardCode/${um.vwCliente.pk.clienteId}`))).toEqual(um);
    expect((await h.request('GET', '/api/clientes?search=busca==x', { token })).status).toBe(400);
  });

  it('saves descricaoAmigavel (searchable) and ativado with versao; stale 409; bad input 400 with nothing changed', async () => {
    const alvo = (await listarC('/api/clientes/listar-simples?size=1')).content[0];
    const r = await h.request('POST', '/api/clientes', { token, body: { id: alvo.id, descricaoAmigavel: 'Cliente Querido', versao: alvo.versao } });
    expect(await json(r)).toMatchObject({ descricaoAmigavel: 'Cliente Querido', versao: alvo.versao + 1 });
    expect((await listarC('/api/clientes/listar-simples?cliente=querido')).content.map((c) => c.id)).toEqual([alvo.id]);
    const obsoleto = await h.request('POST', '/api/clientes', { token, body: { id: alvo.id, descricaoAmigavel: 'X', versao: alvo.versao } });
    expect(obsoleto.status).toBe(409);
    const antes = await h.snapshot();
    const ruim = await h.request('POST', '/api/clientes', { token, body: { id: alvo.id, descricaoAmigavel: 'x'.repeat(151), versao: alvo.versao + 1 } });
    expect(ruim.status).toBe(400);
    expect(await json(ruim)).toEqual({ mensagens: ['A descrição amigável deve ter no máximo 150 caracteres'] });
    expect(await h.snapshot()).toBe(antes);
  });

  it('/vw-clientes: listar-simples with posicao and clienteId_notIn, query, by key, financial sheet of a group', async () => {
    const ativos = vwClientePageSchema.parse(await get('/api/vw-clientes/listar-simples?posicao=ATIVO&size=300'));
    for (const c of ativos.content) expect(c.posicao).toBe('ATIVO');
    const [a, b] = ativos.content;
    const sem = vwClientePageSchema.parse(await get(`/api/vw-clientes/listar-simples?posicao=ATIVO&size=300&clienteId_notIn=${a.pk.clienteId},${b.pk.clienteId}`));
    expect(sem.totalElements).toBe(ativos.totalElements - 2);
    expect(sem.content.map((c) => c.pk.clienteId)).not.toContain(a.pk.clienteId);
    const q = vwClientePageSchema.parse(await get('/api/vw-clientes/query?search=tipo==FILIAL&size=1'));
    const filial = q.content[0];
    expect(vwClienteSchema.parse(await get(`/api/vw-clientes/${filial.pk.clienteId}`))).toEqual(filial);
    const ficha = (await get(`/api/vw-clientes/listar-ficha-financeira?clienteId=${filial.pk.clienteId}`)) as VwCliente[];
    expect(ficha[0].tipo).toBe('MATRIZ');
    expect(ficha.map((c) => c.pk.clienteId)).toContain(filial.pk.clienteId);
    for (const c of ficha) expect(c.grupoRazaoSocial).toBe(ficha[0].razaoSocial);
    const soFiliais = (await get(`/api/vw-clientes/listar-ficha-financeira?clienteId=${filial.pk.clienteId}&tipo=FILIAL`)) as VwCliente[];
    expect(soFiliais.every((c) => c.tipo === 'FILIAL')).toBe(true);
    expect((await h.request('GET', '/api/vw-clientes/listar-ficha-financeira', { token })).status).toBe(400);
    expect((await h.request('GET', '/api/vw-clientes/NAOEXISTE', { token })).status).toBe(404);
  });
});
