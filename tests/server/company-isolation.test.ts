import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_EMPRESA_DIVERGENTE, MSG_SESSAO_INVALIDA } from '../../src/contracts/erros';
import { signToken } from '../../src/server/auth/token';
import { loadSigningKey } from '../../src/server/auth/signing-key';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';

let h: Harness;
let colacril: string;
let rre: string;
let idFaturamentoRre: number;

beforeAll(async () => {
  h = await createHarness();
  [colacril, rre] = await Promise.all([h.login('admin', SENHA_ADMIN_TESTE, 'COLACRIL'), h.login('admin', SENHA_ADMIN_TESTE, 'RRE')]);
  const lista = await json(await h.request('GET', '/api/perfis?search=descricao~Faturamento', { token: rre }));
  idFaturamentoRre = lista.content[0].id;
});
afterAll(() => h?.close());

describe('one database per company', () => {
  it('keeps RRE-only data out of COLACRIL', async () => {
    expect(idFaturamentoRre).toBeGreaterThan(0);
    const porId = await h.request('GET', `/api/perfis/${idFaturamentoRre}`, { token: colacril });
    expect(porId.status).toBe(404);
    const busca = await json(await h.request('GET', '/api/perfis?search=descricao~Faturamento', { token: colacril }));
    expect(busca.content).toEqual([]);
    const noRre = await h.request('GET', `/api/perfis/${idFaturamentoRre}`, { token: rre });
    expect(await json(noRre)).toMatchObject({ descricao: 'Faturamento RRE' });
  });

  it('refuses a token of one company sent with the other in X-Empresa', async () => {
    for (const [token, empresa] of [
      [colacril, 'RRE'],
      [rre, 'COLACRIL'],
    ]) {
      const r = await h.request('GET', `/api/perfis/${idFaturamentoRre}`, { token, empresa });
      expect(r.status).toBe(403);
      expect(await json(r)).toEqual({ mensagens: [MSG_EMPRESA_DIVERGENTE] });
    }
    expect((await h.request('GET', '/api/eu', { token: colacril, empresa: 'COLACRIL' })).status).toBe(200);
  });

  it('never verifies a token signed with one company key as the other company', async () => {
    const chaveColacril = await loadSigningKey(h.bancos.COLACRIL.db);
    const forjado = await signToken({ usuarioId: 1, empresa: 'RRE', sessaoVersao: 0 }, chaveColacril, Date.now());
    const r = await h.request('GET', '/api/eu', { token: forjado });
    expect(r.status).toBe(401);
    expect(await json(r)).toEqual({ mensagens: [MSG_SESSAO_INVALIDA] });
  });

  it('saves into the token company only', async () => {
    const criado = await json(await h.request('POST', '/api/perfis', { token: rre, body: { descricao: 'Só na RRE', roles: ['FRETE_FAT_M'] } }));
    expect(criado.id).toBeGreaterThan(0);
    const naColacril = await json(await h.request('GET', '/api/perfis?search=descricao~Só na RRE', { token: colacril }));
    expect(naColacril.totalElements).toBe(0);
  });
});
