import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemTransicaoRomaneio } from '../../machines/romaneio-frete';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import { MSG_FRETE_PARA_FINALIZAR, MSG_MOTORISTA_OBRIGATORIO, MSG_VEICULO_DA_LISTA, type RomaneioFrete } from '../../src/contracts/romaneios';
import { formatarCpf } from '../../src/domain/cpf';
import type { Db } from '../../src/server/db/database';
import { lerRomaneio, MSG_ROMANEIO_NAO_ENCONTRADO } from '../../src/server/romaneios/ler-romaneio';
import { MSG_INFORME_VERSAO_ROMANEIO } from '../../src/server/romaneios/salvar-romaneio';
import { json, type Harness } from './harness';
import { ativos, corpoDe, corpoRomaneio, fotoRomaneios, itemTeste, notaUnica, prepararRomaneios, salvar, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';
import { relogio } from '../../src/domain/relogio';

// docs/decisoes.md §24: POST /romaneios (create, edit, the lifecycle EXPEDICAO → FATURAMENTO → FINALIZADO, cancel), the
// freight shares, the stale version, GET /romaneios/new and /{id}, and who may cancel (spec 03 §4, §5, §6).

let h: Harness;
let token: string;
let r: RefsRomaneio;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
});
afterAll(() => h?.close());

const obter = async (id: number) => json<RomaneioFrete>(await h.request('GET', `/api/romaneios/${id}`, { token }));
/** The save is refused with `status` and exactly `mensagens`, and no manifest row changes. */
async function recusa(corpo: unknown, status: number, mensagens: string[], t = token) {
  const antes = await fotoRomaneios(db());
  const resposta = await salvar(h, t, corpo);
  expect(resposta, JSON.stringify(corpo).slice(0, 200)).toEqual({ status, corpo: { mensagens } });
  expect(await fotoRomaneios(db())).toBe(antes);
}

describe('GET /romaneios/new and /romaneios/{id}', () => {
  it('answers a blank manifest in EXPEDICAO, without id or number', async () => {
    const novo = await json<RomaneioFrete>(await h.request('GET', '/api/romaneios/new', { token }));
    expect(novo).toMatchObject({ id: null, numero: null, status: 'EXPEDICAO', motorista: null, veiculo: null, itens: [], versao: 0 });
    expect(relogio.agoraMs() - Date.parse(novo.dataEmissao)).toBeGreaterThanOrEqual(0);
    expect(relogio.agoraMs() - Date.parse(novo.dataEmissao)).toBeLessThan(60_000);
  });

  it('answers 404 in Portuguese for an unknown id', async () => {
    const resposta = await h.request('GET', '/api/romaneios/999999', { token });
    expect(resposta.status).toBe(404);
    expect(await json(resposta)).toEqual({ mensagens: [MSG_ROMANEIO_NAO_ENCONTRADO] });
  });

  it('reads a manifest in three queries, whatever the number of items', async () => {
    const consultas = async (id: number) => {
      let n = 0;
      const contador = new Proxy(db(), { get: (alvo, p, rec) => (['select', 'selectDistinct', 'execute'].includes(String(p)) && n++, Reflect.get(alvo, p, rec)) }) as Db;
      await lerRomaneio(contador, id);
      return n;
    };
    const um = await salvarOk(h, token, corpoRomaneio(r, {}, [notaUnica()]));
    const trinta = await salvarOk(h, token, corpoRomaneio(r, {}, Array.from({ length: 30 }, () => notaUnica())));
    expect(trinta.itens).toHaveLength(30);
    expect(await consultas(um.id!)).toBe(3);
    expect(await consultas(trinta.id!)).toBe(3);
  });
});

describe('POST /romaneios: a new manifest', () => {
  it('is EXPEDICAO, numbered by the sequence, issued now, with the driver, vehicle, items and freight shares', async () => {
    const corpo = corpoRomaneio(r);
    const resposta = await h.request('POST', '/api/romaneios', { token, body: corpo });
    expect(resposta.status).toBe(201);
    const { romaneio: m, avisos } = await json(resposta);
    expect(avisos).toEqual([]);
    expect(m).toMatchObject({
      status: 'EXPEDICAO',
      motorista: { id: r.motorista.id, nome: r.motorista.nome, cpfFormatado: formatarCpf(r.motorista.cpf), cnh: r.motorista.cnh },
      veiculo: { id: r.veiculo.id, placa: r.veiculo.placa, tipoVeiculo: { id: expect.any(Number), nome: expect.any(String) } },
      valorColeta: '50.00',
      valorFrete: '1000.00',
      observacao: 'Entregar pela manhã.',
      versao: 0,
    });
    expect(relogio.agoraMs() - Date.parse(m.dataEmissao)).toBeGreaterThanOrEqual(0);
    expect(relogio.agoraMs() - Date.parse(m.dataEmissao)).toBeLessThan(60_000);
    expect(m.itens.map((it: RomaneioFrete['itens'][number]) => [it.item, it.notaFiscalId, it.peso, it.cliente, it.detalhes.map((d) => d.valorFreteRateio)])).toEqual([
      [1, corpo.itens[0].notaFiscalId, '100.000', r.cliente.cnpj, ['375.00', '125.00']],
      [2, corpo.itens[1].notaFiscalId, '100.000', r.cliente.cnpj, ['375.00', '125.00']],
    ]);
    expect(await obter(m.id)).toEqual(m);
    const outro = await salvarOk(h, token, corpoRomaneio(r));
    expect(outro.numero).toBeGreaterThan(m.numero);
  });

  it('shares the freight by weight, then by line value, exact to the cent; no freight is zero shares', async () => {
    const pesos = async (...p: string[]) => {
      const m = await salvarOk(h, token, corpoRomaneio(r, { valorFrete: '100.00', itens: p.map((peso) => itemTeste(r, notaUnica(), { peso })) }));
      const cotas = m.itens.map((it) => it.detalhes.map((d) => d.valorFreteRateio));
      expect(cotas.flat().reduce((s, v) => s + Math.round(Number(v) * 100), 0)).toBe(10_000);
      return cotas;
    };
    // 33.33 + 66.67 by weight; each over 300 : 100.
    expect(await pesos('1', '2')).toEqual([['25.00', '8.33'], ['50.00', '16.67']]);
    // 33.34 (the cent left over goes to the first item) + 33.33 + 33.33; 33.34 → 25.01 + 8.34 = 33.35, the first line gives the cent back.
    expect(await pesos('1', '1', '1')).toEqual([['25.00', '8.34'], ['25.00', '8.33'], ['25.00', '8.33']]);
    const semFrete = await salvarOk(h, token, corpoRomaneio(r, { valorFrete: null }));
    expect(semFrete.itens.flatMap((it) => it.detalhes.map((d) => d.valorFreteRateio))).toEqual(['0.00', '0.00', '0.00', '0.00']);
  });

  it('needs a registered driver, and a registered vehicle when one is given', async () => {
    await recusa(corpoRomaneio(r, { motorista: { id: 999_999 } }), 400, [MSG_MOTORISTA_OBRIGATORIO]);
    await recusa(corpoRomaneio(r, { veiculo: { id: 999_999 } }), 400, [MSG_VEICULO_DA_LISTA]);
    await recusa(corpoRomaneio(r, { motorista: { id: 999_998 }, veiculo: { id: 999_999 } }), 400, [MSG_MOTORISTA_OBRIGATORIO, MSG_VEICULO_DA_LISTA]);
    expect((await salvarOk(h, token, corpoRomaneio(r, { veiculo: null }))).veiculo).toBeNull();
  });

  it('may not start in another status', async () => {
    await recusa(corpoRomaneio(r, { status: 'FATURAMENTO' }), 409, [mensagemTransicaoRomaneio('NOVO', 'FATURAR')]);
    await recusa(corpoRomaneio(r, { status: 'FINALIZADO' }), 409, [mensagemTransicaoRomaneio('NOVO', 'FINALIZAR')]);
    await recusa(corpoRomaneio(r, { status: 'CANCELADO' }), 409, [mensagemTransicaoRomaneio('NOVO', 'CANCELAR')]);
  });
});

describe('POST /romaneios: the lifecycle', () => {
  it('saves, sends to billing, saves, finalizes; then refuses saving, billing and going back', async () => {
    const m = await salvarOk(h, token, corpoRomaneio(r));
    const editado = await salvarOk(h, token, corpoDe(m, { observacao: 'Editado', itens: [itemTeste(r, m.itens[0].notaFiscalId)] }));
    expect(editado).toMatchObject({ id: m.id, numero: m.numero, status: 'EXPEDICAO', observacao: 'Editado', versao: 1, dataEmissao: m.dataEmissao });
    expect(editado.itens.map((it) => it.detalhes.map((d) => d.valorFreteRateio))).toEqual([['750.00', '250.00']]);
    await recusa(corpoDe(editado, { status: 'FINALIZADO' }), 409, [mensagemTransicaoRomaneio('EXPEDICAO', 'FINALIZAR', m.numero)]);
    const faturando = await salvarOk(h, token, corpoDe(editado, { status: 'FATURAMENTO' }));
    expect(faturando).toMatchObject({ status: 'FATURAMENTO', versao: 2 });
    await recusa(corpoDe(faturando, { status: 'EXPEDICAO' }), 409, [mensagemTransicaoRomaneio('FATURAMENTO', 'DEVOLVER À EXPEDIÇÃO', m.numero)]);
    expect((await salvarOk(h, token, corpoDe(faturando, { valorPedagio: '99.90' }))).versao).toBe(3);
    const atual = await obter(m.id!);
    await recusa(corpoDe(atual, { status: 'FINALIZADO', valorFrete: null }), 409, [MSG_FRETE_PARA_FINALIZAR]);
    await recusa(corpoDe(atual, { status: 'FINALIZADO', valorFrete: '0' }), 409, [MSG_FRETE_PARA_FINALIZAR]);
    const finalizado = await salvarOk(h, token, corpoDe(atual, { status: 'FINALIZADO', valorFrete: '1234.56' }));
    expect(finalizado).toMatchObject({ status: 'FINALIZADO', valorFrete: '1234.56', valorPedagio: '99.90', versao: 4 });
    for (const [status, evento] of [['FINALIZADO', 'SALVAR'], ['FATURAMENTO', 'FATURAR'], ['EXPEDICAO', 'DEVOLVER À EXPEDIÇÃO']] as const) {
      await recusa(corpoDe(finalizado, { status }), 409, [mensagemTransicaoRomaneio('FINALIZADO', evento, m.numero)]);
    }
  });

  it('refuses a stale version and an edit without a version', async () => {
    const m = await salvarOk(h, token, corpoRomaneio(r));
    await salvarOk(h, token, corpoDe(m, { observacao: 'Primeiro' }));
    await recusa(corpoDe(m, { observacao: 'Segundo' }), 409, [MENSAGEM_VERSAO_OBSOLETA]);
    await recusa(corpoDe(m, { status: 'CANCELADO' }), 409, [MENSAGEM_VERSAO_OBSOLETA]);
    await recusa({ ...corpoDe(m), versao: undefined }, 400, [MSG_INFORME_VERSAO_ROMANEIO]);
    await recusa(corpoDe(m, { id: 999_999 }), 404, [MSG_ROMANEIO_NAO_ENCONTRADO]);
    expect((await obter(m.id!)).observacao).toBe('Primeiro');
  });
});

describe('POST /romaneios: cancelling', () => {
  it('changes only the status, frees the invoices and takes nothing after it', async () => {
    const m = await salvarOk(h, token, corpoRomaneio(r));
    const nfs = m.itens.map((it) => it.notaFiscalId);
    const cancelado = await salvarOk(h, token, corpoDe(m, { status: 'CANCELADO', observacao: 'ignorada', valorFrete: '1.00', itens: [itemTeste(r)] }));
    expect(cancelado).toEqual({ ...m, status: 'CANCELADO', versao: 1 });
    expect(await ativos(db(), m.id!)).toEqual({ [nfs[0]]: false, [nfs[1]]: false });
    const outro = await salvarOk(h, token, corpoRomaneio(r, {}, nfs));
    expect(outro.itens.map((it) => it.notaFiscalId)).toEqual(nfs);
    for (const [status, evento] of [['CANCELADO', 'SALVAR'], ['EXPEDICAO', 'DEVOLVER À EXPEDIÇÃO'], ['FATURAMENTO', 'FATURAR'], ['FINALIZADO', 'FINALIZAR']] as const) {
      await recusa(corpoDe(cancelado, { status }), 409, [mensagemTransicaoRomaneio('CANCELADO', evento, m.numero)]);
    }
  });

  it('cancels a finalized manifest', async () => {
    const m = await salvarOk(h, token, corpoRomaneio(r));
    const faturando = await salvarOk(h, token, corpoDe(m, { status: 'FATURAMENTO' }));
    const finalizado = await salvarOk(h, token, corpoDe(faturando, { status: 'FINALIZADO' }));
    expect((await salvarOk(h, token, corpoDe(finalizado, { status: 'CANCELADO' }))).status).toBe('CANCELADO');
  });

  it('needs only the menu code; editing needs FRETE_ROMA_E, creating FRETE_ROMA_C', async () => {
    const soMenu = await h.tokenCom(['FRETE_ROMA_M'], 'REPRESENTANTE');
    const semMenu = await h.tokenCom(['FRETE_ROMA_C', 'FRETE_ROMA_E'], 'REPRESENTANTE');
    const m = await salvarOk(h, token, corpoRomaneio(r));
    await recusa(corpoDe(m, { observacao: 'Não pode' }), 403, [MSG_SEM_PERMISSAO], soMenu);
    await recusa(corpoDe(m, { status: 'FATURAMENTO' }), 403, [MSG_SEM_PERMISSAO], soMenu);
    await recusa(corpoRomaneio(r), 403, [MSG_SEM_PERMISSAO], soMenu);
    await recusa(corpoDe(m, { status: 'CANCELADO' }), 403, [MSG_SEM_PERMISSAO], semMenu);
    const cancelado = await salvarOk(h, soMenu, corpoDe(m, { status: 'CANCELADO' }));
    expect(cancelado.status).toBe('CANCELADO');
  });
});
