import { eq } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mensagemTransicaoMinuta } from '../../machines/minuta-confirmation';
import {
  MAXIMO_MINUTAS_CONFIRMAR,
  MSG_MINUTAS_DEMAIS,
  MSG_SELECIONE_MINUTAS,
  mensagemMinutaIncompleta,
  mensagemMinutasConfirmadas,
  type Minuta,
} from '../../src/contracts/minutas';
import { esquecerUsuarios } from '../../src/server/auth/cache-usuarios';
import type { Db } from '../../src/server/db/database';
import { minuta } from '../../src/server/db/schema/minuta';
import { mensagemMinutasNaoEncontradas } from '../../src/server/minutas/confirmar-minutas';
import { createHarness, json, TEST_DB, type Harness } from './harness';
import { corpoMinuta, fotoMinutas, recusaSemMudanca, inserirMinuta, inserirMinutas, minutaCompletaTeste, minutaGravada, referencias, type Referencias } from './minutas-dados';

// docs/decisoes.md §21: POST /minutas/confirmar — all or nothing, every culprit named, a constant number of queries for
// thousands of ids, and a confirmation racing a save (or another confirmation) of the same minuta.

let h: Harness;
let token: string;
let r: Referencias;
let db: Db;

const confirmar = (ids: unknown, t = token) => h.request('POST', '/api/minutas/confirmar', { token: t, body: { ids } });
const completas = (n: number) => inserirMinutas(db, Array.from({ length: n }, () => minutaCompletaTeste(r)));
const status = async (ids: number[]) => Promise.all(ids.map(async (id) => (await minutaGravada(db, id))?.status));

/** POST /minutas/confirmar with `ids` answers `codigo` with exactly `mensagens`, and no minuta row changes. */
const recusa = (ids: unknown, codigo: number, mensagens: string[]) => recusaSemMudanca(db, () => confirmar(ids), codigo, mensagens);

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_MINU_M'], 'REPRESENTANTE');
  db = h.bancos.COLACRIL.db;
  r = await referencias(db);
});
afterAll(() => h?.close());

describe('POST /minutas/confirmar', () => {
  it('confirms complete PENDENTE minutas: PREENCHIDO, version + 1', async () => {
    const ids = await completas(3);
    const resposta = await confirmar([ids[2], ids[0], ids[1], ids[0]]);
    expect([resposta.status, await resposta.json()]).toEqual([200, { confirmadas: 3, mensagens: [mensagemMinutasConfirmadas(3)] }]);
    for (const id of ids) expect(await minutaGravada(db, id)).toMatchObject({ status: 'PREENCHIDO', versao: 1 });
  });

  it('changes nothing when one of them is incomplete, and says what it lacks', async () => {
    const ids = await completas(3);
    const dados = minutaCompletaTeste(r, { clienteId: null, valorTotalFrete: '0.00', notas: [] });
    const incompleta = await inserirMinuta(db, dados);
    await recusa([...ids, incompleta], 409, [mensagemMinutaIncompleta(dados.numero, ['cliente', 'valor do frete', 'ao menos uma nota fiscal'])]);
    expect(await status(ids)).toEqual(['PENDENTE', 'PENDENTE', 'PENDENTE']);
  });

  it('lists every culprit: incomplete ones, confirmed ones, converted ones', async () => {
    const [boa] = await completas(1);
    const semNumero = minutaCompletaTeste(r, { numero: null, elementos: [] });
    const confirmada = minutaCompletaTeste(r, { status: 'PREENCHIDO' });
    const convertida = minutaCompletaTeste(r, { status: 'PROCESSADO' });
    const ids = await inserirMinutas(db, [semNumero, confirmada, convertida]);
    await recusa([boa, ...ids], 409, [
      mensagemMinutaIncompleta(null, ['nº da minuta', 'ao menos um elemento de custo']),
      mensagemTransicaoMinuta('PREENCHIDO', 'CONFIRMAR', confirmada.numero),
      mensagemTransicaoMinuta('PROCESSADO', 'CONFIRMAR', convertida.numero),
    ]);
  });

  it('refuses a second confirmation of the same minuta', async () => {
    const dados = minutaCompletaTeste(r);
    const id = await inserirMinuta(db, dados);
    expect((await confirmar([id])).status).toBe(200);
    await recusa([id], 409, [mensagemTransicaoMinuta('PREENCHIDO', 'CONFIRMAR', dados.numero)]);
  });

  it('answers 404 naming the ids the company does not have, changing nothing', async () => {
    const [id] = await completas(1);
    await recusa([id, 2147483001, 2147483000], 404, [mensagemMinutasNaoEncontradas([2147483000, 2147483001])]);
    const muitos = Array.from({ length: 25 }, (_, i) => 2147483600 + i);
    expect(mensagemMinutasNaoEncontradas(muitos)).toMatch(/^Minuta\(s\) não encontrada\(s\): id 2147483600, .*2147483619 e mais 5\.$/);
    expect(await status([id])).toEqual(['PENDENTE']);
  });

  it('refuses a bad list in Portuguese', async () => {
    await recusa([], 400, [MSG_SELECIONE_MINUTAS]);
    await recusa(undefined, 400, [MSG_SELECIONE_MINUTAS]);
    await recusa(Array.from({ length: MAXIMO_MINUTAS_CONFIRMAR + 1 }, (_, i) => i + 1), 400, [MSG_MINUTAS_DEMAIS]);
    await recusa(['a'], 400, ['Campo ids.0: tipo inválido.']);
    await recusa([0], 400, ['Campo ids.0: valor abaixo do mínimo permitido (0).']);
  });

  it(`confirms ${MAXIMO_MINUTAS_CONFIRMAR} minutas in one call with as many queries as 2`, async () => {
    const poucas = await completas(2);
    const muitas = await completas(MAXIMO_MINUTAS_CONFIRMAR);
    const consultas = vi.spyOn(PgDialect.prototype, 'sqlToQuery');
    try {
      // Both calls load the logged user: whether the cache still held it (2 s on PostgreSQL) is timing, not the confirmation.
      esquecerUsuarios(h.bancos.COLACRIL);
      expect((await confirmar(poucas)).status).toBe(200);
      const paraPoucas = consultas.mock.calls.length;
      consultas.mockClear();
      esquecerUsuarios(h.bancos.COLACRIL);
      const resposta = await confirmar(muitas);
      expect(await json(resposta)).toEqual({ confirmadas: MAXIMO_MINUTAS_CONFIRMAR, mensagens: [mensagemMinutasConfirmadas(MAXIMO_MINUTAS_CONFIRMAR)] });
      expect(consultas.mock.calls.length).toBe(paraPoucas);
    } finally {
      consultas.mockRestore();
    }
    expect(new Set(await status([muitas[0], muitas[2500], muitas.at(-1)!]))).toEqual(new Set(['PREENCHIDO']));
  });
});

describe(`concurrency (${TEST_DB})`, () => {
  it('a save and a confirmation of the same minuta at once: exactly one wins', async () => {
    for (let i = 0; i < 4; i++) {
      const dados = minutaCompletaTeste(r);
      const id = await inserirMinuta(db, dados);
      // The save takes the notes away (incomplete): after it, the confirmation must refuse.
      const edicao = { ...corpoMinuta(r, { numero: dados.numero, fatura: dados.fatura }), id, versao: 0, notasFiscais: [] };
      // Started in both orders, both in flight before either answers.
      const salvar = () => h.request('POST', '/api/minutas', { token, body: edicao });
      const [salvo, confirmado] = i % 2 ? await Promise.all([salvar(), confirmar([id])]) : (await Promise.all([confirmar([id]), salvar()])).reverse();
      const final = await minutaGravada(db, id);
      expect([salvo.status, confirmado.status].filter((s) => s === 200)).toHaveLength(1);
      if (salvo.status === 200) {
        expect(await json<Minuta>(salvo)).toMatchObject({ versao: 1, notasFiscais: [] });
        expect(await json(confirmado)).toEqual({ mensagens: [mensagemMinutaIncompleta(dados.numero, ['ao menos uma nota fiscal'])] });
        expect(final).toMatchObject({ status: 'PENDENTE', versao: 1, quantidadeNotasFiscais: 0 });
      } else {
        expect([salvo.status, await json(salvo)]).toEqual([409, { mensagens: [mensagemTransicaoMinuta('PREENCHIDO', 'EDITAR', dados.numero)] }]);
        expect(final).toMatchObject({ status: 'PREENCHIDO', versao: 1, quantidadeNotasFiscais: 1 });
      }
    }
  });

  it('two confirmations sharing a minuta at once: one wins, the other changes nothing (no deadlock)', async () => {
    for (let i = 0; i < 4; i++) {
      const [a, b, c] = await completas(3);
      const [primeira, segunda] = await Promise.all([confirmar([c, b]), confirmar([a, b])]);
      expect([primeira.status, segunda.status].sort()).toEqual([200, 409]);
      const venceu = primeira.status === 200 ? [b, c] : [a, b];
      const perdeu = primeira.status === 200 ? a : c;
      expect(await status(venceu)).toEqual(['PREENCHIDO', 'PREENCHIDO']);
      expect(await status([perdeu])).toEqual(['PENDENTE']);
    }
  });
});

/**
 * Holds the minuta's row lock in a transaction of the test while `pedido` is sent; after a pause (the request
 * still waiting: it must not have answered) `mudar` writes as the other party would, and commits.
 */
async function segurando(id: number, mudar: (tx: Db) => Promise<unknown>, pedido: () => Response | Promise<Response>): Promise<Response> {
  let resposta!: Promise<Response>;
  let respondeu = false;
  await db.transaction(async (tx) => {
    await tx.select({ id: minuta.id }).from(minuta).where(eq(minuta.id, id)).for('update');
    resposta = Promise.resolve(pedido()).finally(() => (respondeu = true));
    await new Promise((fim) => setTimeout(fim, 300));
    expect(respondeu).toBe(false);
    await mudar(tx);
  });
  return resposta;
}

describe(`row locks (${TEST_DB})`, () => {
  it('a confirmation waiting on a save sees what the save wrote', async () => {
    const dados = minutaCompletaTeste(r);
    const id = await inserirMinuta(db, dados);
    const salvar = (tx: Db) => tx.update(minuta).set({ quantidadeElementosCusto: 0, versao: 1 }).where(eq(minuta.id, id));
    const resposta = await segurando(id, salvar, () => confirmar([id]));
    expect([resposta.status, await resposta.json()]).toEqual([409, { mensagens: [mensagemMinutaIncompleta(dados.numero, ['ao menos um elemento de custo'])] }]);
    expect(await minutaGravada(db, id)).toMatchObject({ status: 'PENDENTE', versao: 1 });
  });

  it('a save waiting on a confirmation is refused and writes nothing', async () => {
    const dados = minutaCompletaTeste(r);
    const id = await inserirMinuta(db, dados);
    const confirmarNaFrente = (tx: Db) => tx.update(minuta).set({ status: 'PREENCHIDO', versao: 1 }).where(eq(minuta.id, id));
    const edicao = { ...corpoMinuta(r), id, versao: 0 };
    const resposta = await segurando(id, confirmarNaFrente, () => h.request('POST', '/api/minutas', { token, body: edicao }));
    expect([resposta.status, await resposta.json()]).toEqual([409, { mensagens: [mensagemTransicaoMinuta('PREENCHIDO', 'EDITAR', dados.numero)] }]);
    expect(await minutaGravada(db, id)).toMatchObject({ status: 'PREENCHIDO', versao: 1, fatura: dados.fatura, quantidadeNotasFiscais: 1 });
  });
});

describe('company isolation', () => {
  it("another company cannot confirm this company's minutas", async () => {
    const [id] = await completas(1);
    const rre = await h.tokenCom(['FRETE_MINU_M'], 'REPRESENTANTE', 'RRE');
    // Ids are per company database: RRE answers about its own row of that id, if it has one.
    const mesmoId = await minutaGravada(h.bancos.RRE.db, id);
    const antes = await fotoMinutas(db);
    const resposta = await confirmar([id], rre);
    if (!mesmoId) expect([resposta.status, await resposta.json()]).toEqual([404, { mensagens: [mensagemMinutasNaoEncontradas([id])] }]);
    expect(await fotoMinutas(db)).toBe(antes);
  });
});
