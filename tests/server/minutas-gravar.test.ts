import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoMinuta } from '../../machines/minuta-confirmation';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import {
  MSG_CNPJ_TOMADOR_INVALIDO,
  MSG_ELEMENTO_CUSTO_OBRIGATORIO,
  MSG_INFORME_VERSAO_MINUTA,
  MSG_MINUTA_EXCLUIDA,
  MSG_MINUTA_NAO_ENCONTRADA,
  MSG_NF_OBRIGATORIA,
  type Minuta,
  type MinutaSalvarEntrada,
} from '../../src/contracts/minutas';
import type { Db } from '../../src/server/db/database';
import { minutaElementoCusto, minutaNotaFiscal } from '../../src/server/db/schema/minuta';
import {
  mensagemClienteInexistente,
  mensagemDestinoInexistente,
  mensagemOrigemInexistente,
  mensagemTransportadoraInexistente,
} from '../../src/server/minutas/referencias-minuta';
import { createHarness, json, type Harness } from './harness';
import { corpoMinuta, inserirMinuta, recusaSemMudanca, minutaCompletaTeste, minutaGravada, referencias, type Referencias } from './minutas-dados';

// POST /minutas (new, edit, children replaced, stale and locked ones, bad references and fields)
// and DELETE /minutas (only PENDENTE, at the version seen; body or query).

let h: Harness;
let token: string;
let r: Referencias;
let db: Db;

const salvar = (body: unknown) => h.request('POST', '/api/minutas', { token, body });
const excluir = (body?: unknown, query = '') => h.request('DELETE', `/api/minutas${query}`, { token, body });
const filhos = async (id: number) => {
  const [[notas], [elementos]] = await Promise.all([
    db.select({ n: count() }).from(minutaNotaFiscal).where(eq(minutaNotaFiscal.minutaId, id)),
    db.select({ n: count() }).from(minutaElementoCusto).where(eq(minutaElementoCusto.minutaId, id)),
  ]);
  return { notas: notas.n, elementos: elementos.n };
};

/** The request answers `status` with exactly `mensagens`, and no minuta row changes. */
const recusa = (enviar: () => Response | Promise<Response>, status: number, mensagens: string[]) => recusaSemMudanca(db, enviar, status, mensagens);

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['FRETE_MINU_M'], 'REPRESENTANTE');
  db = h.bancos.COLACRIL.db;
  r = await referencias(db);
});
afterAll(() => h?.close());

describe('POST /minutas', () => {
  it('creates a PENDENTE, MANUAL minuta with its notes and cost elements', async () => {
    const corpo = corpoMinuta(r);
    const resposta = await salvar(corpo);
    expect(resposta.status).toBe(201);
    const m = await json<Minuta>(resposta);
    expect(m).toMatchObject({
      status: 'PENDENTE',
      origemMinuta: 'MANUAL',
      versao: 0,
      fatura: corpo.fatura,
      numero: corpo.numero,
      dataEmissao: '2002-06-10',
      transportadora: { id: r.transportadora },
      origem: { id: r.origem, nome: 'Campinas' },
      destino: { id: r.destino, nome: 'São Paulo' },
      cliente: { id: r.cliente },
      peso: '980.250',
      percentualIcms: '12.00',
      valorTotalFrete: '410.30',
      cnpjTomador: '11222333000181',
      notasFiscais: [{ serie: '1', numero: '123' }, { serie: '2', numero: '124' }],
      elementosCusto: [{ nome: 'FRETE PESO', valor: '400.00' }, { nome: 'PEDÁGIO', valor: '10.30' }],
    });
    expect(await minutaGravada(db, m.id!)).toMatchObject({ quantidadeNotasFiscais: 2, quantidadeElementosCusto: 2 });
    expect(await json(await h.request('GET', `/api/minutas/${m.id}`, { token }))).toEqual(m);
  });

  it('saves an incomplete minuta too (a PENDENTE one is completed later)', async () => {
    const resposta = await salvar({ numero: '77', notasFiscais: [], elementosCusto: [] });
    expect(resposta.status).toBe(201);
    expect(await json(resposta)).toMatchObject({ numero: '77', transportadora: null, cliente: null, origem: null, notasFiscais: [], elementosCusto: [] });
  });

  it('edits a PENDENTE minuta at its version: fields changed, children replaced, counts in step, version + 1', async () => {
    const m = await json<Minuta>(await salvar(corpoMinuta(r)));
    const edicao: MinutaSalvarEntrada = {
      ...corpoMinuta(r, { numero: m.numero, fatura: m.fatura }),
      id: m.id!,
      versao: m.versao,
      transportadora: { id: r.outraTransportadora },
      cliente: null,
      notasFiscais: [{ serie: '9', numero: '999' }],
      elementosCusto: [
        { nome: 'A', valor: '1' },
        { nome: 'B', valor: '2.5' },
        { nome: 'C', valor: '3.25' },
      ],
    };
    const resposta = await salvar(edicao);
    expect(resposta.status).toBe(200);
    expect(await json(resposta)).toMatchObject({
      id: m.id,
      versao: 1,
      transportadora: { id: r.outraTransportadora },
      cliente: null,
      notasFiscais: [{ serie: '9', numero: '999' }],
      elementosCusto: [{ nome: 'A', valor: '1.00' }, { nome: 'B', valor: '2.50' }, { nome: 'C', valor: '3.25' }],
    });
    expect(await minutaGravada(db, m.id!)).toMatchObject({ quantidadeNotasFiscais: 1, quantidadeElementosCusto: 3, origemMinuta: 'MANUAL', status: 'PENDENTE' });
    expect(await filhos(m.id!)).toEqual({ notas: 1, elementos: 3 });
    // The version the user saw is gone: the second save of the same form is refused.
    await recusa(() => salvar(edicao), 409, [MENSAGEM_VERSAO_OBSOLETA]);
  });

  it('keeps the origin of a CONEMB minuta when it is edited', async () => {
    const id = await inserirMinuta(db, minutaCompletaTeste(r, { origemMinuta: 'CONEMB' }));
    expect((await salvar({ ...corpoMinuta(r), id, versao: 0 })).status).toBe(200);
    expect(await minutaGravada(db, id)).toMatchObject({ origemMinuta: 'CONEMB', versao: 1 });
  });

  it("refuses to edit a confirmed or converted minuta with the machine's message", async () => {
    for (const status of ['PREENCHIDO', 'PROCESSADO'] as const) {
      const dados = minutaCompletaTeste(r, { status });
      const id = await inserirMinuta(db, dados);
      await recusa(() => salvar({ ...corpoMinuta(r), id, versao: 0 }), 409, [mensagemTransicaoMinuta(status, 'EDITAR', dados.numero)]);
    }
  });

  it('refuses an edit without a version, of an unknown minuta, and references the company does not have', async () => {
    const id = await inserirMinuta(db, minutaCompletaTeste(r));
    await recusa(() => salvar({ ...corpoMinuta(r), id }), 400, [MSG_INFORME_VERSAO_MINUTA]);
    await recusa(() => salvar({ ...corpoMinuta(r), id: 2147483000, versao: 0 }), 404, [MSG_MINUTA_NAO_ENCONTRADA]);
    const refs = { transportadora: { id: 2147483001 }, origem: { id: 2147483002 }, destino: { id: 2147483003 }, cliente: { id: 2147483004 } };
    const mensagens = [mensagemTransportadoraInexistente(2147483001), mensagemOrigemInexistente(2147483002), mensagemDestinoInexistente(2147483003), mensagemClienteInexistente(2147483004)];
    await recusa(() => salvar(corpoMinuta(r, refs)), 400, mensagens);
    await recusa(() => salvar({ ...corpoMinuta(r, { cliente: { id: 2147483004 } }), id, versao: 0 }), 400, [mensagemClienteInexistente(2147483004)]);
  });

  it('refuses bad fields in Portuguese, changing nothing', async () => {
    for (const [campos, mensagens] of [
      [{ cnpjTomador: '11.222.333/0001-82' }, [MSG_CNPJ_TOMADOR_INVALIDO]],
      [{ chave: '123' }, ['Chave: informe os 44 dígitos da chave do CT-e.']],
      [{ numero: '12a' }, ['Nº da minuta: apenas dígitos (até 9).']],
      [{ dataEmissao: '2024-02-30' }, ['Data de emissão: informe uma data válida (AAAA-MM-DD).']],
      [{ peso: '-1' }, ['Peso bruto: informe um número não negativo com até 3 casas decimais.']],
      [{ percentualIcms: '101' }, ['ICMS: informe um percentual entre 0 e 100.']],
      [{ notasFiscais: [{ serie: '', numero: '1' }] }, [MSG_NF_OBRIGATORIA]],
      [{ elementosCusto: [{ nome: 'X' }] }, [MSG_ELEMENTO_CUSTO_OBRIGATORIO]],
      [{ transportadora: { id: 2147483648 } }, ['O identificador é grande demais.']],
    ] as [Partial<MinutaSalvarEntrada>, string[]][]) {
      await recusa(() => salvar(corpoMinuta(r, campos)), 400, mensagens);
    }
  });
});

describe('DELETE /minutas', () => {
  it('deletes a PENDENTE minuta at its version (body or query), with its notes and cost elements', async () => {
    const id = await inserirMinuta(db, minutaCompletaTeste(r));
    await recusa(() => excluir({ id, versao: 1 }), 409, [MENSAGEM_VERSAO_OBSOLETA]);
    const resposta = await excluir({ id, versao: 0 });
    expect([resposta.status, await resposta.json()]).toEqual([200, { mensagens: [MSG_MINUTA_EXCLUIDA] }]);
    expect(await minutaGravada(db, id)).toBeUndefined();
    expect(await filhos(id)).toEqual({ notas: 0, elementos: 0 });
    await recusa(() => excluir({ id, versao: 0 }), 404, [MSG_MINUTA_NAO_ENCONTRADA]);

    const outra = await inserirMinuta(db, minutaCompletaTeste(r));
    expect((await excluir(undefined, `?id=${outra}&versao=0`)).status).toBe(200);
    expect(await minutaGravada(db, outra)).toBeUndefined();
  });

  it("refuses a confirmed or converted minuta with the machine's message", async () => {
    for (const status of ['PREENCHIDO', 'PROCESSADO'] as const) {
      const dados = minutaCompletaTeste(r, { status });
      const id = await inserirMinuta(db, dados);
      await recusa(() => excluir({ id, versao: 0 }), 409, [mensagemTransicaoMinuta(status, 'EXCLUIR', dados.numero)]);
    }
  });

  it('refuses a delete without id or version in Portuguese', async () => {
    const id = await inserirMinuta(db, minutaCompletaTeste(r));
    await recusa(() => excluir({ id }), 400, [MSG_INFORME_VERSAO_MINUTA]);
    await recusa(() => excluir(undefined, `?id=${id}`), 400, [MSG_INFORME_VERSAO_MINUTA]);
    await recusa(() => excluir(undefined, '?id=abc&versao=0'), 400, ['Campo id: tipo inválido.']);
    await recusa(() => excluir({ versao: 0 }), 400, ['Campo id: obrigatório.']);
    await recusa(() => excluir(), 400, ['Campo id: obrigatório.']);
  });
});
