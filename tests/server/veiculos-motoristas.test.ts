import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_CEP_INVALIDO, MSG_CPF_INVALIDO, MSG_MOTORISTA, MSG_MOTORISTA_CPF_DUPLICADO, motoristaPageSchema, motoristaSchema } from '../../src/contracts/motoristas';
import {
  MSG_TIPO_VEICULO_DESCONHECIDO,
  MSG_TIPO_VEICULO_DESCRICAO,
  MSG_VEICULO_PLACA,
  MSG_VEICULO_PLACA_DUPLICADA,
  tipoVeiculoPageSchema,
  veiculoPageSchema,
  veiculoSchema,
} from '../../src/contracts/veiculos';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';

let h: Harness;
let token: string;

beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
});
afterAll(() => h?.close());

const get = async (path: string) => json(await h.request('GET', path, { token }));
const post = (path: string, body: unknown) => h.request('POST', path, { token, body });
const q = (s: string) => encodeURIComponent(s);

/** Each bad body answers 400 with exactly these messages and changes no row. */
async function recusas(path: string, casos: [unknown, string[]][]) {
  const antes = await h.snapshot();
  for (const [body, mensagens] of casos) {
    const r = await post(path, body);
    expect(r.status, JSON.stringify(body)).toBe(400);
    expect(await json(r)).toEqual({ mensagens });
  }
  expect(await h.snapshot()).toBe(antes);
}

describe('/tipos-veiculo', () => {
  it('searches descricao==*text* and short forms, sorts, saves with versao, refuses deleting a type in use', async () => {
    const lista = tipoVeiculoPageSchema.parse(await get(`/api/tipos-veiculo?search=${q('descricao==*caminhão*')}`));
    expect(lista.content.map((t) => t.descricao)).toEqual(['Caminhão Toco', 'Caminhão Truck']);
    expect((await get(`/api/tipos-veiculo?search=${q('codigo:VUC')}`)).content).toHaveLength(1);
    const desc = (await get('/api/tipos-veiculo?sort=descricao,desc')).content.map((t: { descricao: string }) => t.descricao);
    expect(desc[0]).toBe('Veículo Urbano de Carga (VUC)');

    const criado = await json(await post('/api/tipos-veiculo', { descricao: ' Bitrem ', codigo: 'BITREM', capacidade: '57000' }));
    expect(criado).toMatchObject({ descricao: 'Bitrem', versao: 0 });
    expect(Number(criado.capacidade)).toBe(57000);
    const editado = await json(await post('/api/tipos-veiculo', { ...criado, descricao: 'Bitrem 9 eixos' }));
    expect(editado).toMatchObject({ descricao: 'Bitrem 9 eixos', versao: 1 });
    const obsoleto = await post('/api/tipos-veiculo', { ...criado, descricao: 'X' });
    expect(obsoleto.status).toBe(409);
    expect(await json(obsoleto)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });
    expect((await get(`/api/tipos-veiculo/${criado.id}`)).descricao).toBe('Bitrem 9 eixos');

    const toco = lista.content[0];
    const antes = await h.snapshot();
    const emUso = await h.request('DELETE', `/api/tipos-veiculo/${toco.id}`, { token });
    expect(emUso.status).toBe(409);
    expect(await json(emUso)).toEqual({ mensagens: ['O tipo de veículo está em uso por 1 veículo(s).'] });
    expect(await h.snapshot()).toBe(antes);
    expect((await h.request('DELETE', `/api/tipos-veiculo/${criado.id}`, { token })).status).toBe(200);
    expect((await h.request('GET', `/api/tipos-veiculo/${criado.id}`, { token })).status).toBe(404);
    await recusas('/api/tipos-veiculo', [
      [{ descricao: '  ' }, [MSG_TIPO_VEICULO_DESCRICAO]],
      [{ descricao: 'X', capacidade: '-1' }, ['Capacidade: informe um número não negativo com até 3 casas decimais.']],
    ]);
  });
});

describe('/veiculos', () => {
  it('lists with the type joined and the country guessed; searches placa==, modelo=ik=, fabricante=ik=', async () => {
    const todos = veiculoPageSchema.parse(await get('/api/veiculos'));
    expect(todos.content.map((v) => v.placa)).toEqual(['ABC1234', 'BRA2E19', 'RST4J22']);
    expect(todos.content[0]).toMatchObject({ pais: 'Brasil', tipoVeiculo: { descricao: 'Caminhão Toco' } });
    expect(todos.content[1].pais).toBe('Mercosul');
    expect((await get(`/api/veiculos?search=${q('placa==BRA2E19')}`)).content).toHaveLength(1);
    expect((await get(`/api/veiculos?search=${q('modelo=ik=atego')}`)).content.map((v: { placa: string }) => v.placa)).toEqual(['ABC1234']);
    expect((await get(`/api/veiculos?search=${q('fabricante=ik=VOLVO')}`)).content.map((v: { placa: string }) => v.placa)).toEqual(['RST4J22']);
    expect((await get('/api/veiculos?sort=placa,desc&size=1&page=1')).content[0].placa).toBe('BRA2E19');
    expect((await get('/api/veiculos?sort=tipoVeiculo.descricao,desc')).content.map((v: { placa: string }) => v.placa)).toEqual(['RST4J22', 'BRA2E19', 'ABC1234']);
  });

  it('creates with a lower-case plate stored upper-cased, edits with versao, refuses duplicates, deletes', async () => {
    const tipos = (await get('/api/tipos-veiculo')).content;
    const r = await post('/api/veiculos', { placa: 'abc-123', modelo: 'Sprinter', tipoVeiculo: { id: tipos[0].id }, capacidade: '12.5', carga: '1500' });
    expect(r.status).toBe(201);
    const criado = veiculoSchema.parse(await json(r));
    expect(criado).toMatchObject({ placa: 'ABC123', pais: 'Argentina', tipoVeiculo: { id: tipos[0].id } });
    const editado = await json(await post('/api/veiculos', { id: criado.id, placa: 'abc123', modelo: 'Sprinter 415', versao: 0 }));
    expect(editado).toMatchObject({ modelo: 'Sprinter 415', tipoVeiculo: null, versao: 1 });
    expect((await post('/api/veiculos', { id: criado.id, placa: 'abc123', versao: 0 })).status).toBe(409);

    const antes = await h.snapshot();
    const duplicada = await post('/api/veiculos', { placa: 'abc 1234' });
    expect(duplicada.status).toBe(409);
    expect(await json(duplicada)).toEqual({ mensagens: [MSG_VEICULO_PLACA_DUPLICADA] });
    const outra = await post('/api/veiculos', { id: criado.id, placa: 'ABC1234', versao: 1 });
    expect(outra.status).toBe(409);
    expect(await h.snapshot()).toBe(antes);
    await recusas('/api/veiculos', [
      [{ placa: '' }, [MSG_VEICULO_PLACA]],
      [{ placa: 'XYZ9999', tipoVeiculo: { id: 999999 } }, [MSG_TIPO_VEICULO_DESCONHECIDO]],
      [{ placa: 'XYZ9999', carga: '1,5' }, ['Carga (Kg): informe um número não negativo com até 3 casas decimais.']],
    ]);

    expect((await h.request('DELETE', `/api/veiculos/${criado.id}`, { token })).status).toBe(200);
    expect((await h.request('GET', `/api/veiculos/${criado.id}`, { token })).status).toBe(404);
    expect((await h.request('DELETE', `/api/veiculos/${criado.id}`, { token })).status).toBe(404);
  });
});

describe('/motoristas', () => {
  const valido = { nome: 'Antônio Carlos', cpf: '529.982.247-25', rg: '12.345.678-X', cnh: '99887766554', rntnc: '987654', logradouro: 'Rua B, 10', cep: '80010-000', cidade: 'Curitiba', uf: 'pr' };

  it('creates (CPF stored as digits, answered formatted), searches, edits, refuses a duplicate CPF, deactivates on delete', async () => {
    const r = await post('/api/motoristas', valido);
    expect(r.status).toBe(201);
    const criado = motoristaSchema.parse(await json(r));
    expect(criado).toMatchObject({ cpf: '52998224725', cpfFormatado: '529.982.247-25', cep: '80010000', uf: 'PR', status: 'ATIVO', versao: 0 });

    const porCpf = motoristaPageSchema.parse(await get(`/api/motoristas?search=${q('cpf=ik=2998224')}`));
    expect(porCpf.content.map((m) => m.id)).toEqual([criado.id]);
    expect((await get(`/api/motoristas?search=${q('nome~antônio c;status:ATIVO')}&page=0&size=100`)).content.map((m: { id: number }) => m.id)).toEqual([criado.id]);
    expect((await get(`/api/motoristas?search=${q('rg=ik=345.678-x')}`)).content).toHaveLength(1);
    expect((await get(`/api/motoristas?search=${q('cnh=ik=8877665')}`)).content).toHaveLength(1);
    // The seeded INATIVO driver is hidden unless the search names status.
    expect((await get('/api/motoristas')).content.every((m: { status: string }) => m.status === 'ATIVO')).toBe(true);
    expect((await get(`/api/motoristas?search=${q('status==INATIVO')}`)).content).toHaveLength(1);

    const editado = await json(await post('/api/motoristas', { ...valido, id: criado.id, nome: 'Antônio C. Souza', cpf: '52998224725', versao: 0 }));
    expect(editado).toMatchObject({ nome: 'Antônio C. Souza', versao: 1 });
    expect((await post('/api/motoristas', { ...valido, id: criado.id, versao: 0 })).status).toBe(409);

    const antes = await h.snapshot();
    const duplicado = await post('/api/motoristas', { ...valido, nome: 'Outro' });
    expect(duplicado.status).toBe(409);
    expect(await json(duplicado)).toEqual({ mensagens: [MSG_MOTORISTA_CPF_DUPLICADO] });
    expect(await h.snapshot()).toBe(antes);

    const apagado = await json(await h.request('DELETE', `/api/motoristas/${criado.id}`, { token }));
    expect(apagado).toMatchObject({ status: 'INATIVO', versao: 2 });
    expect((await get(`/api/motoristas?search=${q('cpf==52998224725')}`)).content).toEqual([]);
    expect((await get(`/api/motoristas/${criado.id}`)).status).toBe('INATIVO');
  });

  it('answers the Driver-save messages verbatim, changing nothing', async () => {
    const sem = (campo: string) => Object.fromEntries(Object.entries(valido).filter(([k]) => k !== campo));
    await recusas('/api/motoristas', [
      [sem('nome'), [MSG_MOTORISTA.nome]],
      [{ ...valido, rg: ' ' }, [MSG_MOTORISTA.rg]],
      [sem('cpf'), [MSG_MOTORISTA.cpf]],
      [sem('rntnc'), [MSG_MOTORISTA.rntnc]],
      [sem('logradouro'), [MSG_MOTORISTA.logradouro]],
      [sem('cep'), [MSG_MOTORISTA.cep]],
      [sem('cidade'), [MSG_MOTORISTA.cidade]],
      [sem('uf'), [MSG_MOTORISTA.uf]],
      [{ ...valido, cpf: '529.982.247-24' }, [MSG_CPF_INVALIDO]],
      [{ ...valido, cpf: '111.111.111-11' }, [MSG_CPF_INVALIDO]],
      [{ ...valido, cpf: '12345678909' }, [MSG_CPF_INVALIDO]],
      [{ ...valido, cep: '123' }, [MSG_CEP_INVALIDO]],
    ]);
  });
});
