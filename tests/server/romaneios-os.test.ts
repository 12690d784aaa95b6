import { desc } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from '../../src/contracts/common';
import type { RomaneioLinha, RomaneioOs } from '../../src/contracts/romaneios';
import { romaneioListaQuerySchema } from '../../src/contracts/romaneios-salvar';
import { romaneioOs } from '../../src/server/db/schema/romaneio-os';
import { lerRomaneioOs, MSG_ROMANEIO_OS_NAO_ENCONTRADO } from '../../src/server/romaneios-os/ler-romaneio-os';
import { listarRomaneiosOs } from '../../src/server/romaneios-os/listar-romaneios-os';
import { createHarness, json, type Harness } from './harness';
import { inserirRomaneiosOs, refsOs, type RefsOs } from './romaneios-os-dados';

// GET /romaneios-colacril/new, /{id}, /listar-simples (filters of spec §2.7 on São Paulo days, 50 a
// page, the newest first), /listar?numero= (the palette) and POST /imprimir/{id}; fixed query counts.

let h: Harness;
let token: string;
let r: RefsOs;
const db = () => h.bancos.COLACRIL.db;
const m: Record<'a' | 'b' | 'c' | 'd' | 'e', { id: number; numero: number }> = {} as never;

const obter = async <T>(caminho: string, t = token) => {
  const resposta = await h.request('GET', caminho, { token: t });
  expect(resposta.status, `${caminho}: ${await resposta.clone().text()}`).toBe(200);
  return json<T>(resposta);
};
const lista = (q: string) => obter<Page<RomaneioLinha>>(`/api/romaneios-colacril/listar-simples?${q}`);
const ids = (p: Page<RomaneioLinha> | RomaneioLinha[]) => ('content' in p ? p.content : p).map((l) => l.id);
const MARCO = 'inicio=2001-02-01&fim=2001-04-30';

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_ROMA_M'], 'REPRESENTANTE');
  r = await refsOs(db());
  const criados = await inserirRomaneiosOs(db(), r, [
    // 23:30 of 28/02 in São Paulo.
    { dataEmissao: new Date('2001-03-01T02:30:00Z'), itens: [{ clienteId: r.cliente, pedidoId: 'PA1', notaFiscalId: 'NA1' }] },
    { dataEmissao: new Date('2001-03-01T03:30:00Z'), status: 'FATURAMENTO', transportadoraId: r.outraTransportadora, origemId: r.campinas, itens: [{ clienteId: r.outroCliente, pedidoId: 'PB1' }] },
    { dataEmissao: new Date('2001-03-15T15:00:00Z'), status: 'FINALIZADO', destinoId: r.campinas, motoristaId: r.outroMotorista, itens: [{ clienteId: r.cliente, notaFiscalId: 'NC1' }, { pedidoId: 'PA1' }] },
    { dataEmissao: new Date('2001-03-31T23:00:00Z'), status: 'CANCELADO' },
    // 00:00 of 01/04 in São Paulo.
    { dataEmissao: new Date('2001-04-01T03:00:00Z') },
  ]);
  (['a', 'b', 'c', 'd', 'e'] as const).forEach((k, i) => (m[k] = criados[i]));
});
afterAll(() => h?.close());

describe('GET /romaneios-colacril/listar-simples', () => {
  it('filters the issue period by São Paulo days, the newest first', async () => {
    expect(ids(await lista('inicio=2001-03-01&fim=2001-03-31'))).toEqual([m.d.id, m.c.id, m.b.id]);
    expect(ids(await lista('inicio=2001-02-28&fim=2001-02-28'))).toEqual([m.a.id]);
    expect(ids(await lista('inicio=2001-04-01&fim=2001-04-01'))).toEqual([m.e.id]);
    expect(ids(await lista(MARCO))).toEqual([m.e.id, m.d.id, m.c.id, m.b.id, m.a.id]);
  });

  it('filters by número, status, origin, destination, carrier, customer, order and invoice', async () => {
    const casos: [string, number[]][] = [
      [`numero=${m.a.numero}`, [m.a.id]],
      ['status=FINALIZADO', [m.c.id]],
      [`origem=${r.campinas}`, [m.b.id]],
      [`destino=${r.campinas}`, [m.c.id]],
      [`transportadora=${r.outraTransportadora}`, [m.b.id]],
      [`cliente=${r.cliente}`, [m.c.id, m.a.id]],
      ['pedido=PA1', [m.c.id, m.a.id]],
      ['notaFiscal=NC1', [m.c.id]],
      [`cliente=${r.cliente}&pedido=PA1&notaFiscal=NA1&status=EXPEDICAO`, [m.a.id]],
      ['pedido=NINGUEM', []],
    ];
    for (const [q, esperado] of casos) expect(ids(await lista(`${MARCO}&${q}`)), q).toEqual(esperado);
  });

  it('answers the columns of the list: carrier, origin and destination {nome, siglaUf}, driver', async () => {
    const { content, totalElements } = await lista(`${MARCO}&numero=${m.a.numero}`);
    expect(totalElements).toBe(1);
    expect(content[0]).toEqual({
      id: m.a.id,
      numero: m.a.numero,
      status: 'EXPEDICAO',
      dataEmissao: '2001-03-01T02:30:00.000Z',
      transportadora: expect.any(String),
      origem: { nome: 'Campo Mourão', siglaUf: 'PR' },
      destino: { nome: 'São Paulo', siglaUf: 'SP' },
      motorista: expect.any(String),
      versao: 0,
    });
  });

  it('pages 50 at a time with the total', async () => {
    const varios = await inserirRomaneiosOs(db(), r, Array.from({ length: 55 }, (_, i) => ({ dataEmissao: new Date(Date.UTC(2002, 0, 1, 12, i)) })));
    const p0 = await lista('inicio=2002-01-01&fim=2002-01-01');
    expect(p0).toMatchObject({ totalElements: 55, totalPages: 2, number: 0, size: 50 });
    const p1 = await lista('inicio=2002-01-01&fim=2002-01-01&page=1');
    expect(p1.content).toHaveLength(5);
    expect([...ids(p0), ...ids(p1)]).toEqual(varios.map((v) => v.id).reverse());
  });

  it('reads one page and one count, whatever the filters and rows', async () => {
    const consultas = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      const q = romaneioListaQuerySchema.parse({ inicio: '2001-01-01', fim: '2002-12-31', status: 'EXPEDICAO', cliente: String(r.cliente), pedido: 'PA1', notaFiscal: 'NA1', origem: String(r.campoMourao), destino: String(r.saoPaulo), transportadora: String(r.transportadora), numero: String(m.a.numero) });
      consultas.mockClear();
      expect((await listarRomaneiosOs(db(), q)).totalElements).toBe(1);
      expect(consultas).toHaveBeenCalledTimes(2);
      consultas.mockClear();
      expect((await listarRomaneiosOs(db(), romaneioListaQuerySchema.parse({}))).content.length).toBeGreaterThan(50 - 1);
      expect(consultas).toHaveBeenCalledTimes(2);
    } finally {
      consultas.mockRestore();
    }
  });
});

describe('GET /romaneios-colacril/listar (palette)', () => {
  it('finds up to 20 by the start of the número: the exact one first, then the newest', async () => {
    const todos = await db().select({ id: romaneioOs.id, numero: romaneioOs.numero }).from(romaneioOs).orderBy(desc(romaneioOs.dataEmissao), desc(romaneioOs.id));
    for (const prefixo of [String(m.a.numero), '1', String(m.e.numero)]) {
      const casam = todos.filter((t) => String(t.numero).startsWith(prefixo));
      const esperado = [...casam.filter((t) => String(t.numero) === prefixo), ...casam.filter((t) => String(t.numero) !== prefixo)].slice(0, 20).map((t) => t.id);
      expect(ids(await obter<RomaneioLinha[]>(`/api/romaneios-colacril/listar?numero=${prefixo}`)), prefixo).toEqual(esperado);
      expect(esperado.length).toBeGreaterThan(0);
    }
    expect(await obter('/api/romaneios-colacril/listar?numero=999999999')).toEqual([]);
  });
});

describe('GET /romaneios-colacril/new and /{id}', () => {
  it('answers a blank manifest from Campo Mourão (4104303) to São Paulo (3550308)', async () => {
    const novo = await obter<RomaneioOs>('/api/romaneios-colacril/new');
    expect(novo).toEqual({
      id: null,
      numero: null,
      status: 'EXPEDICAO',
      dataEmissao: expect.any(String),
      transportadora: null,
      motorista: null,
      lacre: null,
      tipoVeiculo: null,
      origem: { id: r.campoMourao, codigo: 4104303, nome: 'Campo Mourão', siglaUf: 'PR' },
      destino: { id: r.saoPaulo, codigo: 3550308, nome: 'São Paulo', siglaUf: 'SP' },
      placaCarreta: null,
      placaCavalo: null,
      observacao: null,
      itens: [],
      versao: 0,
    });
  });

  it('answers the manifest with its items; 404 for an unknown id or another company', async () => {
    const rom = await obter<RomaneioOs>(`/api/romaneios-colacril/${m.c.id}`);
    expect(rom).toMatchObject({ id: m.c.id, numero: m.c.numero, status: 'FINALIZADO', destino: { id: r.campinas, nome: 'Campinas' }, motorista: { id: r.outroMotorista } });
    expect(rom.itens.map((i) => [i.item, i.notaFiscalId, i.pedidoId, i.cliente?.id ?? null])).toEqual([
      [1, 'NC1', null, r.cliente],
      [2, null, 'PA1', null],
    ]);
    for (const [caminho, t] of [
      ['/api/romaneios-colacril/2000000000', token],
      [`/api/romaneios-colacril/${m.c.id + 100_000}`, token],
      [`/api/romaneios-colacril/${m.c.id}`, await h.tokenCom(['FRETE_ROMA_M'], 'REPRESENTANTE', 'RRE')],
    ]) {
      const resposta = await h.request('GET', caminho, { token: t });
      expect([resposta.status, await resposta.json()]).toEqual([404, { mensagens: [MSG_ROMANEIO_OS_NAO_ENCONTRADO] }]);
    }
  });

  it('reads a manifest in two queries, whatever its items', async () => {
    const [grande] = await inserirRomaneiosOs(db(), r, [{ itens: Array.from({ length: 40 }, (_, i) => ({ clienteId: i % 2 ? r.cliente : r.outroCliente, pedidoId: `P${i}` })) }]);
    const consultas = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      for (const id of [m.d.id, grande.id]) {
        consultas.mockClear();
        await lerRomaneioOs(db(), id);
        expect(consultas).toHaveBeenCalledTimes(2);
      }
    } finally {
      consultas.mockRestore();
    }
    expect((await lerRomaneioOs(db(), grande.id)).itens).toHaveLength(40);
  });
});

describe('POST /romaneios-colacril/imprimir/{id}', () => {
  it('answers the PDF of the manifest; 404 for an unknown one', async () => {
    const resposta = await h.request('POST', `/api/romaneios-colacril/imprimir/${m.c.id}`, { token });
    expect(resposta.status).toBe(200);
    expect(resposta.headers.get('Content-Type')).toBe('application/pdf');
    expect(resposta.headers.get('Content-Disposition')).toBe(`attachment; filename="romaneio-os-${m.c.numero}.pdf"`);
    const pdf = Buffer.from(await resposta.arrayBuffer());
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(1000);
    const nenhum = await h.request('POST', '/api/romaneios-colacril/imprimir/2000000000', { token });
    expect([nenhum.status, await nenhum.json()]).toEqual([404, { mensagens: [MSG_ROMANEIO_OS_NAO_ENCONTRADO] }]);
  });
});
