import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import { municipioPageSchema, municipiosSchema } from '../../src/contracts/municipios';
import { ufPageSchema } from '../../src/contracts/ufs';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
});
afterAll(() => h?.close());

const get = async (path: string, t = token) => json(await h.request('GET', path, { token: t }));
const q = (s: string) => encodeURIComponent(s);

describe('/ufs', () => {
  it('lists the 28 UFs (size up to 100), searches codigo, nome, sigla =ik=', async () => {
    const todas = ufPageSchema.parse(await get('/api/ufs?size=100'));
    expect(todas.totalElements).toBe(28);
    expect(todas.content.map((u) => u.sigla)).toContain('EX');
    expect((await get(`/api/ufs?search=${q('nome=ik=para')}`)).content.map((u: { sigla: string }) => u.sigla).sort()).toEqual(['PB', 'PR']);
    expect((await get(`/api/ufs?search=${q('sigla=ik=sp')}`)).content.map((u: { nome: string }) => u.nome)).toEqual(['São Paulo']);
    expect((await get(`/api/ufs?search=${q('codigo=ik=41')}`)).content.map((u: { sigla: string }) => u.sigla)).toEqual(['PR']);
    const porLimite = ufPageSchema.parse(await get('/api/ufs?size=100&sort=limiteFretePeso,desc')).content.map((u) => Number(u.limiteFretePeso));
    expect(porLimite).toEqual([...porLimite].sort((a, b) => b - a));
    const p = ufPageSchema.parse(await get('/api/ufs?size=10&page=2&sort=sigla'));
    expect(p.content).toHaveLength(8);
  });

  it('saves the two limits with versao (409 when stale), needs FRETE_LIMITE_UF_E AND FRETE_MOTO_E', async () => {
    const [pr] = (await get(`/api/ufs?search=${q('sigla==PR')}`)).content;
    const r = await h.request('POST', '/api/ufs', { token, body: { id: pr.id, limiteFretePeso: '7.25', limiteFreteValor: '3.5', versao: pr.versao } });
    expect(r.status).toBe(200);
    const salvo = await json(r);
    expect(Number(salvo.limiteFretePeso)).toBe(7.25);
    expect(salvo).toMatchObject({ sigla: 'PR', versao: pr.versao + 1 });
    const obsoleto = await h.request('POST', '/api/ufs', { token, body: { id: pr.id, limiteFretePeso: '1', limiteFreteValor: '1', versao: pr.versao } });
    expect(obsoleto.status).toBe(409);
    expect(await json(obsoleto)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });

    const tokens = await Promise.all(([['FRETE_LIMITE_UF_E', 'FRETE_LIMITE_UF_M'], ['FRETE_MOTO_E', 'FRETE_LIMITE_UF_M']] as const).map((roles) => h.tokenCom(roles)));
    const ambos = await h.tokenCom(['FRETE_LIMITE_UF_E', 'FRETE_MOTO_E']);
    const antes = await h.snapshot();
    for (const t of tokens) {
      const negado = await h.request('POST', '/api/ufs', { token: t, body: { id: pr.id, limiteFretePeso: '1', limiteFreteValor: '1', versao: salvo.versao } });
      expect(negado.status).toBe(403);
      expect(await json(negado)).toEqual({ mensagens: [MSG_SEM_PERMISSAO] });
    }
    for (const [body, mensagem] of [
      [{ id: pr.id, limiteFretePeso: '101', limiteFreteValor: '1', versao: salvo.versao }, 'O limite de frete peso deve ser no máximo 100.'],
      [{ id: pr.id, limiteFretePeso: '1', limiteFreteValor: '-2', versao: salvo.versao }, 'O limite de frete valor deve ser um percentual entre 0 e 100, com até 4 casas decimais.'],
    ] as const) {
      const ruim = await h.request('POST', '/api/ufs', { token, body });
      expect(ruim.status).toBe(400);
      expect(await json(ruim)).toEqual({ mensagens: [mensagem] });
    }
    expect(await h.snapshot()).toBe(antes);
    const ok = await h.request('POST', '/api/ufs', { token: ambos, body: { id: pr.id, limiteFretePeso: '6', limiteFreteValor: '3', versao: salvo.versao } });
    expect(ok.status).toBe(200);
    expect((await h.request('POST', '/api/ufs', { token, body: { id: 999999, limiteFretePeso: '1', limiteFreteValor: '1', versao: 0 } })).status).toBe(404);
  });
});

describe('/municipios', () => {
  it('lists with search by nome, siglaUf and codigo, paged', async () => {
    const pr = municipioPageSchema.parse(await get(`/api/municipios?search=${q('siglaUf==PR')}&size=50&page=1`));
    expect(pr.totalElements).toBe(399);
    expect(pr.number).toBe(1);
    expect(pr.content.every((m) => m.siglaUf === 'PR')).toBe(true);
    expect((await get(`/api/municipios?search=${q('codigo==4106902')}`)).content.map((m: { nome: string }) => m.nome)).toEqual(['Curitiba']);
    expect((await get(`/api/municipios?search=${q('nome~curitib')}`)).content.map((m: { nome: string }) => m.nome)).toEqual(['Curitiba', 'Curitibanos']);
  });

  it('findByNomeOrCodigo: accent- and case-insensitive name contains, or the exact IBGE code; at most 20', async () => {
    const nomes = async (texto: string) => municipiosSchema.parse(await get(`/api/municipios/findByNomeOrCodigo?municipio=${q(texto)}`)).map((m) => `${m.nome}/${m.siglaUf}`);
    expect(await nomes('SAO PAULO')).toContain('São Paulo/SP');
    expect((await nomes('sao paulo'))[0]).toBe('São Paulo/SP');
    expect(await nomes('goiás')).toEqual(expect.arrayContaining(['Abadia de Goiás/GO']));
    expect(await nomes('GOIAS')).toEqual(expect.arrayContaining(['Abadia de Goiás/GO']));
    expect(await nomes('florianópolis')).toEqual(['Florianópolis/SC']);
    expect(await nomes('3550308')).toEqual(['São Paulo/SP']);
    expect((await nomes('a')).length).toBe(20);
    expect((await h.request('GET', '/api/municipios/findByNomeOrCodigo', { token })).status).toBe(400);
    expect((await h.request('GET', '/api/municipios/findByNomeOrCodigo?municipio=a&size=21', { token })).status).toBe(400);
  });
});
