import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mensagemNotaEmOutroRomaneio, type RomaneioFrete } from '../../src/contracts/romaneios';
import type { NotaEmRomaneio } from '../../src/contracts/romaneios-salvar';
import { linhas } from '../../src/server/db/linhas';
import { mensagemNotaRepetida } from '../../src/server/romaneios/notas-romaneio';
import { json, TEST_DB, type Harness } from './harness';
import { ativos, corpoDe, corpoRomaneio, fotoRomaneios, notaUnica, prepararRomaneios, salvar, salvarOk, type RefsRomaneio } from './romaneios-frete-dados';

// Spec 03 §5: an invoice is in one manifest at a time — 'Esta nota fiscal já está presente no
// romaneio {n}.' — checked before saving and enforced by the partial unique index romaneio_item_nf_ativa_idx
// when two saves race; GET /romaneios/contains-nf/{nf} names the holder; cancelling frees the invoices.

let h: Harness;
let token: string;
let r: RefsRomaneio;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  ({ h, token, r } = await prepararRomaneios());
});
afterAll(() => h?.close());

const contem = async (nf: string, extra = '') => {
  const resposta = await h.request('GET', `/api/romaneios/contains-nf/${encodeURIComponent(nf)}${extra}`, { token });
  expect(resposta.status).toBe(200);
  return json<NotaEmRomaneio>(resposta);
};
async function recusa(corpo: unknown, status: number, mensagens: string[]) {
  const antes = await fotoRomaneios(db());
  expect(await salvar(h, token, corpo)).toEqual({ status, corpo: { mensagens } });
  expect(await fotoRomaneios(db())).toBe(antes);
}

describe('one manifest per invoice', () => {
  it('refuses the same invoice twice in one manifest (400)', async () => {
    const nf = notaUnica();
    await recusa(corpoRomaneio(r, {}, [nf, notaUnica(), nf]), 400, [mensagemNotaRepetida(nf)]);
  });

  it('refuses, with the holder’s number (409), an invoice of another manifest, new or edited', async () => {
    const a = await salvarOk(h, token, corpoRomaneio(r));
    const b = await salvarOk(h, token, corpoRomaneio(r));
    const nfA = a.itens[1].notaFiscalId;
    await recusa(corpoRomaneio(r, {}, [notaUnica(), nfA]), 409, [mensagemNotaEmOutroRomaneio(a.numero!)]);
    await recusa(corpoDe(b, { itens: [...corpoDe(b).itens, corpoDe(a).itens[1]] }), 409, [mensagemNotaEmOutroRomaneio(a.numero!)]);
    // Saving a manifest with its own invoices, reordered, is no conflict.
    const reordenado = await salvarOk(h, token, corpoDe(a, { itens: [...corpoDe(a).itens].reverse() }));
    expect(reordenado.itens.map((it) => it.notaFiscalId)).toEqual([nfA, a.itens[0].notaFiscalId]);
  });

  it('GET contains-nf names the holder, not counting the manifest being edited nor cancelled ones', async () => {
    const a = await salvarOk(h, token, corpoRomaneio(r));
    const nf = a.itens[0].notaFiscalId;
    expect(await contem(nf)).toEqual({ numero: a.numero });
    expect(await contem(nf, `?romaneio=${a.id}`)).toEqual({ numero: null });
    expect(await contem(nf, `?romaneio=${a.id! + 1000}`)).toEqual({ numero: a.numero });
    expect(await contem(nf, '?romaneio=')).toEqual({ numero: a.numero });
    expect(await contem(notaUnica())).toEqual({ numero: null });
    await salvarOk(h, token, corpoDe(a, { status: 'CANCELADO' }));
    expect(await contem(nf)).toEqual({ numero: null });
  });

  it('frees the invoices of a cancelled manifest for another one, and keeps the cancelled one readable', async () => {
    const a = await salvarOk(h, token, corpoRomaneio(r));
    const nfs = a.itens.map((it) => it.notaFiscalId);
    await salvarOk(h, token, corpoDe(a, { status: 'CANCELADO' }));
    const b = await salvarOk(h, token, corpoRomaneio(r, {}, nfs));
    expect(await contem(nfs[0])).toEqual({ numero: b.numero });
    expect(await ativos(db(), a.id!)).toEqual({ [nfs[0]]: false, [nfs[1]]: false });
    expect(await ativos(db(), b.id!)).toEqual({ [nfs[0]]: true, [nfs[1]]: true });
    expect((await json<RomaneioFrete>(await h.request('GET', `/api/romaneios/${a.id}`, { token }))).itens.map((it) => it.notaFiscalId)).toEqual(nfs);
  });
});

describe('two saves at the same time with the same invoice', () => {
  const ativasDe = async (nf: string) =>
    linhas<{ n: number }>(await db().execute(sql`select count(*)::int as n from romaneio_item where nota_fiscal_id = ${nf} and ativo`))[0].n;

  it.each([
    ['two new manifests', async (nf: string) => [corpoRomaneio(r, {}, [nf, notaUnica()]), corpoRomaneio(r, {}, [notaUnica(), nf])]],
    ['a new manifest and an edit', async (nf: string) => {
      const b = await salvarOk(h, token, corpoRomaneio(r));
      return [corpoRomaneio(r, {}, [nf]), corpoDe(b, { itens: [...corpoDe(b).itens, corpoRomaneio(r, {}, [nf]).itens[0]] })];
    }],
  ])('%s: exactly one wins, the other gets the holder’s number', async (_caso, corpos) => {
    for (let rodada = 0; rodada < 5; rodada++) {
      const nf = notaUnica('CORRIDA');
      const [x, y] = await corpos(nf);
      const respostas = await Promise.all([salvar(h, token, x), salvar(h, token, y)]);
      const vencedora = respostas.find((v) => v.status === 200 || v.status === 201);
      const perdedora = respostas.find((v) => v !== vencedora);
      expect(vencedora, JSON.stringify(respostas)).toBeDefined();
      expect(perdedora).toEqual({ status: 409, corpo: { mensagens: [mensagemNotaEmOutroRomaneio(vencedora!.corpo.romaneio.numero)] } });
      expect(await ativasDe(nf)).toBe(1);
    }
  });

  it('answers the same message when the index refuses a row the check before the insert could not see', async () => {
    const nf = notaUnica('INDICE');
    const corpo = corpoRomaneio(r, {}, [notaUnica(), nf]);
    if (TEST_DB === 'pglite') {
      // One connection: transactions run one after the other, so the check always sees the winner; the
      // unique index is still there to refuse a row written straight into the table.
      const a = await salvarOk(h, token, corpoRomaneio(r, {}, [nf]));
      await expect(db().execute(sql`insert into romaneio_item (romaneio_id, item, nota_fiscal_id, peso, valor_nota_fiscal) values (${a.id}, 9, ${nf}, 1, 1)`)).rejects.toThrow();
      expect(await salvar(h, token, corpo)).toEqual({ status: 409, corpo: { mensagens: [mensagemNotaEmOutroRomaneio(a.numero!)] } });
      return;
    }
    // PostgreSQL: another transaction holds the invoice uncommitted while the save checks, then commits.
    const a = await salvarOk(h, token, corpoRomaneio(r));
    let liberar!: () => void;
    const segura = new Promise<void>((ok) => (liberar = ok));
    let inseriu!: () => void;
    const inserida = new Promise<void>((ok) => (inseriu = ok));
    const outra = db().transaction(async (tx) => {
      await tx.execute(sql`insert into romaneio_item (romaneio_id, item, nota_fiscal_id, peso, valor_nota_fiscal) values (${a.id}, 9, ${nf}, 1, 1)`);
      inseriu();
      await segura;
    });
    await inserida;
    const salvando = salvar(h, token, corpo);
    await new Promise((ok) => setTimeout(ok, 300));
    liberar();
    await outra;
    expect(await salvando).toEqual({ status: 409, corpo: { mensagens: [mensagemNotaEmOutroRomaneio(a.numero!)] } });
    expect(await ativasDe(nf)).toBe(1);
  });
});
