import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Minuta, MinutaLinha, MinutaPage } from '../../src/contracts/minutas';
import { MSG_MINUTA_NAO_ENCONTRADA } from '../../src/contracts/minutas';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';
import { createHarness, json, type Harness } from './harness';
import { faturaUnica, fotoMinutas, inserirMinuta, inserirMinutas, minutaCompletaTeste, minutaGravada, referencias, type Referencias } from './minutas-dados';
import { relogio } from '../../src/domain/relogio';

// GET /minutas (search terms, carrier, totals, pages of 20, sort), the palette's GET /minutas/listar,
// GET /minutas/new and GET /minutas/{id}, and the other company's minutas.

let h: Harness;
let token: string;
let r: Referencias;
const F = faturaUnica('L');
const CHAVE = '35010312345678000195570010000000011000000010';
const ids = { a: 0, b: 0, c: 0, d: 0 };
const numeros = { a: '', b: '', c: '', d: '' };

const obter = async <T>(caminho: string, t = token) => {
  const resposta = await h.request('GET', caminho, { token: t });
  expect(resposta.status, caminho).toBe(200);
  return json<T>(resposta);
};
const lista = (search: string, extra = '') => obter<MinutaPage>(`/api/minutas?search=${encodeURIComponent(search)}${extra}`);
const idsDe = (p: MinutaPage | MinutaLinha[]) => ('content' in p ? p.content : p).map((m) => m.id);

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_MINU_M'], 'REPRESENTANTE');
  const db = h.bancos.COLACRIL.db;
  r = await referencias(db);
  const base = { fatura: F };
  const criar = async (chave: keyof typeof ids, m: Parameters<typeof minutaCompletaTeste>[1]) => {
    const dados = minutaCompletaTeste(r, { ...base, ...m });
    numeros[chave] = dados.numero!;
    ids[chave] = await inserirMinuta(db, dados);
  };
  await criar('a', { dataEmissao: '2001-03-01', valorTotalFrete: '100.10' });
  await criar('b', { dataEmissao: '2001-03-15', valorTotalFrete: '200.20', status: 'PREENCHIDO', transportadoraId: r.outraTransportadora });
  await criar('c', { dataEmissao: '2001-03-31', valorTotalFrete: '300.30', chave: CHAVE });
  await criar('d', { dataEmissao: '2001-04-01', valorTotalFrete: null, notas: [], elementos: [] });
});
afterAll(() => h?.close());

describe('GET /minutas', () => {
  it('filters by fatura, period (>, <, >=, <=), número, chave, status and carrier, the newest first', async () => {
    expect(idsDe(await lista(`fatura:${F}`))).toEqual([ids.d, ids.c, ids.b, ids.a]);
    expect(idsDe(await lista(`fatura==${F};dataEmissao>=2001-03-01;dataEmissao<=2001-03-31`))).toEqual([ids.c, ids.b, ids.a]);
    expect(idsDe(await lista(`fatura:${F};dataEmissao>2001-03-01;dataEmissao<2001-03-31`))).toEqual([ids.b]);
    expect(idsDe(await lista(`fatura:${F};dataEmissao=ge=2001-03-31`))).toEqual([ids.d, ids.c]);
    expect(idsDe(await lista(`numero:${numeros.a}`))).toEqual([ids.a]);
    expect(idsDe(await lista(`chave:${CHAVE}`))).toEqual([ids.c]);
    expect(idsDe(await lista(`fatura:${F};status:PREENCHIDO`))).toEqual([ids.b]);
    expect(idsDe(await lista(`fatura:${F}`, `&transportadora=id:${r.outraTransportadora}`))).toEqual([ids.b]);
    expect(idsDe(await lista(`fatura:${F}`, `&transportadora=${r.transportadora}`))).toEqual([ids.d, ids.c, ids.a]);
    expect((await lista(`fatura:${F}X`)).totalElements).toBe(0);
  });

  it('answers the columns of the list, with the carrier, client and both municipalities', async () => {
    const { content } = await lista(`numero:${numeros.a}`);
    expect(content[0]).toEqual({
      id: ids.a,
      status: 'PENDENTE',
      fatura: F,
      numero: numeros.a,
      serie: null,
      chave: null,
      dataEmissao: '2001-03-01',
      cliente: { id: r.cliente, razaoSocial: expect.any(String) },
      transportadora: { id: r.transportadora, razaoSocial: expect.any(String) },
      origem: { nome: 'Campinas', siglaUf: 'SP' },
      destino: { nome: 'São Paulo', siglaUf: 'SP' },
      peso: '1250.500',
      valorTotalFrete: '100.10',
      cnpjTomador: '11222333000181',
      cnpjRemetente: '12345678000195',
      quantidadeNotasFiscais: 1,
      quantidadeElementosCusto: 1,
      cteId: null,
      versao: 0,
    });
    const [semNada] = (await lista(`fatura:${F};dataEmissao>2001-03-31`)).content;
    expect(semNada).toMatchObject({ id: ids.d, valorTotalFrete: null, quantidadeNotasFiscais: 0, quantidadeElementosCusto: 0 });
  });

  it('totals every matching minuta (count and freight), not only the page', async () => {
    const p = await lista(`fatura:${F}`, '&size=2');
    expect(p).toMatchObject({ totalElements: 4, totalPages: 2, number: 0, size: 2, totais: { quantidade: 4, valorTotalFrete: '600.60' } });
    expect(p.content).toHaveLength(2);
    expect((await lista(`fatura:${F}X`)).totais).toEqual({ quantidade: 0, valorTotalFrete: '0.00' });
  });

  it('pages 20 at a time by default', async () => {
    const G = faturaUnica('P');
    const criadas = await inserirMinutas(
      h.bancos.COLACRIL.db,
      Array.from({ length: 25 }, (_, i) => minutaCompletaTeste(r, { fatura: G, dataEmissao: `2003-01-${String(i + 1).padStart(2, '0')}`, valorTotalFrete: '10.00' })),
    );
    const p0 = await lista(`fatura:${G}`);
    expect(p0).toMatchObject({ totalElements: 25, totalPages: 2, number: 0, size: 20, totais: { quantidade: 25, valorTotalFrete: '250.00' } });
    const p1 = await lista(`fatura:${G}`, '&page=1');
    expect(p1.content).toHaveLength(5);
    expect([...idsDe(p0), ...idsDe(p1)]).toEqual([...criadas].reverse());
  });

  it('sorts by value (empty last), número by value, and client', async () => {
    expect(idsDe(await lista(`fatura:${F}`, '&sort=valorTotalFrete,desc'))).toEqual([ids.c, ids.b, ids.a, ids.d]);
    expect(idsDe(await lista(`fatura:${F}`, '&sort=valorTotalFrete,asc'))).toEqual([ids.a, ids.b, ids.c, ids.d]);
    const porNumero = (await lista(`fatura:${F}`, '&sort=numero')).content.map((m) => Number(m.numero));
    expect(porNumero).toEqual([...porNumero].sort((x, y) => x - y));
    expect((await lista(`fatura:${F}`, '&sort=cliente,desc;dataEmissao,asc')).content).toHaveLength(4);
  });

  it('refuses bad filters in Portuguese, changing nothing', async () => {
    const antes = await fotoMinutas(h.bancos.COLACRIL.db);
    for (const [query, mensagem] of [
      ['search=senha:x', 'Campo de busca desconhecido: senha'],
      ['search=transportadoraId==1', 'Campo de busca desconhecido: transportadoraId'],
      [`search=${encodeURIComponent('dataEmissao>2024-02-30')}`, 'Valor inválido para o campo dataEmissao: informe uma data válida (AAAA-MM-DD).'],
      [`search=${encodeURIComponent('dataEmissao=ik=2024-01-01')}`, 'Operador =ik= não se aplica ao campo dataEmissao.'],
      [`search=${encodeURIComponent('fatura==1 OR 1=1')}`, 'Expressão de busca inválida: fatura==1 OR 1=1'],
      ['transportadora=abc', 'Transportadora: informe id:{id}.'],
      ['transportadora=id:0', 'Transportadora: identificador inválido.'],
      ['sort=senha', 'Campo de ordenação desconhecido: senha'],
      ['size=101', 'O tamanho da página deve ser no máximo 100.'],
      ['page=-1', 'A página não pode ser negativa.'],
    ]) {
      const resposta = await h.request('GET', `/api/minutas?${query}`, { token });
      expect([resposta.status, await resposta.json()], query).toEqual([400, { mensagens: [mensagem] }]);
    }
    expect(await fotoMinutas(h.bancos.COLACRIL.db)).toBe(antes);
  });
});

describe('GET /minutas/listar (find a minuta by number)', () => {
  it('finds by a prefix of the número (up to 20), the exact one first', async () => {
    const db = h.bancos.COLACRIL.db;
    const [longa, exata, curta] = await inserirMinutas(db, [
      minutaCompletaTeste(r, { numero: '998870001', dataEmissao: '2001-01-02' }),
      minutaCompletaTeste(r, { numero: '99887000', dataEmissao: '2001-01-01' }),
      minutaCompletaTeste(r, { numero: '998871', dataEmissao: '2001-01-03' }),
    ]);
    expect(idsDe(await obter<MinutaLinha[]>('/api/minutas/listar?numero=99887'))).toEqual([curta, longa, exata]);
    expect(idsDe(await obter<MinutaLinha[]>('/api/minutas/listar?numero=099887000'))).toEqual([exata, longa]);
    expect(await obter<MinutaLinha[]>('/api/minutas/listar?numero=998879')).toEqual([]);
    await inserirMinutas(db, Array.from({ length: 22 }, (_, i) => minutaCompletaTeste(r, { numero: `99999${String(i).padStart(3, '0')}` })));
    expect(await obter<MinutaLinha[]>('/api/minutas/listar?numero=9999')).toHaveLength(20);
    for (const [query, mensagem] of [
      ['numero=abc', 'Nº da minuta: apenas dígitos (até 9).'],
      ['numero=1234567890', 'Nº da minuta: apenas dígitos (até 9).'],
    ]) {
      const resposta = await h.request('GET', `/api/minutas/listar?${query}`, { token });
      expect([resposta.status, await resposta.json()]).toEqual([400, { mensagens: [mensagem] }]);
    }
  });
});

describe('GET /minutas/new and GET /minutas/{id}', () => {
  it('answers a blank PENDENTE minuta of today (São Paulo)', async () => {
    expect(await obter<Minuta>('/api/minutas/new')).toEqual({
      id: null,
      status: 'PENDENTE',
      fatura: null,
      numero: null,
      serie: null,
      chave: null,
      dataEmissao: dataSaoPaulo(relogio.agora()),
      transportadora: null,
      origem: null,
      destino: null,
      cliente: null,
      peso: null,
      percentualIcms: null,
      valorTotalFrete: null,
      cnpjTomador: null,
      cnpjRemetente: null,
      notasFiscais: [],
      elementosCusto: [],
      origemMinuta: 'MANUAL',
      cteId: null,
      versao: 0,
    });
  });

  it('answers the whole minuta with its references, notes and cost elements', async () => {
    const id = await inserirMinuta(
      h.bancos.COLACRIL.db,
      minutaCompletaTeste(r, {
        notas: [
          { serie: '1', numero: '10' },
          { serie: '2', numero: '11' },
        ],
        elementos: [{ nome: 'FRETE', valor: '300.00' }, { nome: 'GRIS', valor: '50.75' }],
      }),
    );
    const m = await obter<Minuta>(`/api/minutas/${id}`);
    expect(m).toMatchObject({
      id,
      status: 'PENDENTE',
      transportadora: { id: r.transportadora, razaoSocial: expect.any(String) },
      origem: { id: r.origem, codigo: 3509502, nome: 'Campinas', siglaUf: 'SP' },
      destino: { id: r.destino, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' },
      cliente: { id: r.cliente, vwCliente: { razaoSocial: expect.any(String) } },
      notasFiscais: [{ serie: '1', numero: '10' }, { serie: '2', numero: '11' }],
      elementosCusto: [{ nome: 'FRETE', valor: '300.00' }, { nome: 'GRIS', valor: '50.75' }],
      origemMinuta: 'MANUAL',
      versao: 0,
    });
    expect(Object.keys(m.transportadora!).sort()).toEqual(['cnpjFormatado', 'id', 'razaoSocial']);
    expect(Object.keys(m.cliente!.vwCliente).sort()).toEqual(['cpfCnpjFormatado', 'razaoSocial']);
  });

  it('answers 404 for an unknown minuta and 400 for a bad id', async () => {
    const r404 = await h.request('GET', '/api/minutas/2147483000', { token });
    expect([r404.status, await r404.json()]).toEqual([404, { mensagens: [MSG_MINUTA_NAO_ENCONTRADA] }]);
    const r400 = await h.request('GET', '/api/minutas/abc', { token });
    expect([r400.status, await r400.json()]).toEqual([400, { mensagens: ['O identificador deve ser um número.'] }]);
  });
});

describe('company isolation', () => {
  it("another company's minutas are not listed, read, saved or deleted there", async () => {
    const rre = await h.tokenCom(['FRETE_MINU_M'], 'REPRESENTANTE', 'RRE');
    // Ids are per company database: RRE answers about its own row of that id, if it has one.
    const mesmoId = await minutaGravada(h.bancos.RRE.db, ids.a);
    expect((await obter<MinutaPage>(`/api/minutas?search=fatura:${F}`, rre)).totalElements).toBe(0);
    expect(await obter<MinutaLinha[]>(`/api/minutas/listar?numero=${numeros.a}`, rre)).not.toContainEqual(expect.objectContaining({ fatura: F }));
    const antes = await fotoMinutas(h.bancos.COLACRIL.db);
    if (!mesmoId) {
      expect((await h.request('GET', `/api/minutas/${ids.a}`, { token: rre })).status).toBe(404);
      expect((await h.request('DELETE', '/api/minutas', { token: rre, body: { id: ids.a, versao: 0 } })).status).toBe(404);
      expect((await h.request('POST', '/api/minutas', { token: rre, body: { id: ids.a, versao: 0 } })).status).toBe(404);
    }
    expect(await fotoMinutas(h.bancos.COLACRIL.db)).toBe(antes);
  });
});
