import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_LOGIN_INVALIDO, usuarioLogadoSchema } from '../../src/contracts/auth';
import { MSG_EMPRESA_AUSENTE, MSG_EMPRESA_DESCONHECIDA, MSG_SESSAO_INVALIDA, MSG_USUARIO_DESATIVADO } from '../../src/contracts/erros';
import { createApp } from '../../src/server/app';
import { dummyPasswordHash } from '../../src/server/auth/hash-senha-ficticio';
import { verifyPassword } from '../../src/server/auth/senha';
import { usuario } from '../../src/server/db/schema/usuario';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { SENHA_ADMIN_TESTE, createHarness, json, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('POST /api/login', () => {
  it('answers the /eu user and the token in the Authorization header', async () => {
    const resposta = await h.loginResponse('admin', SENHA_ADMIN_TESTE);
    expect(resposta.status).toBe(200);
    expect(resposta.headers.get('Authorization')).toMatch(/^Bearer [\w-]+\.[\w-]+\.[\w-]+$/);
    const eu = usuarioLogadoSchema.parse(await json(resposta));
    expect(eu).toMatchObject({ login: 'admin', nivel: 'ADMIN', principal: 'admin', empresa: 'COLACRIL', perfil: 'Administração' });
  });

  it('accepts the login in any letter case', async () => {
    expect((await h.loginResponse('GERENTE', SENHA_DEMO)).status).toBe(200);
  });

  it('answers unknown user, wrong password and deactivated user with the same 401 body', async () => {
    await h.criarUsuario('COLACRIL', 'desativado', ['FRETE_CTE_M']);
    await h.bancos.COLACRIL.db.update(usuario).set({ ativado: false }).where(eq(usuario.login, 'desativado'));
    const respostas = await Promise.all([
      h.loginResponse('ninguem', 'qualquer'),
      h.loginResponse('supervisor', 'senha-errada'),
      h.loginResponse('desativado', SENHA_DEMO),
    ]);
    for (const r of respostas) {
      expect(r.status).toBe(401);
      expect(r.headers.get('Authorization')).toBeNull();
      expect(await json(r)).toEqual({ mensagens: [MSG_LOGIN_INVALIDO] });
    }
  });

  it('checks an unknown user against a dummy hash of the same cost as a real one (no timing oracle)', async () => {
    // Equal work, not a timed assertion: the bench measures the times themselves.
    const custo = (hash: string) => hash.split('$')[2];
    const [real] = await h.bancos.RRE.db.select({ senhaHash: usuario.senhaHash }).from(usuario).where(eq(usuario.login, 'representante'));
    const dummy = await dummyPasswordHash();
    expect(custo(dummy)).toBe('ln=17,r=8,p=1');
    expect(custo(dummy)).toBe(custo(real.senhaHash));
    expect(await verifyPassword('senha-errada', dummy)).toBe(false);
  });

  it('refuses a missing or unknown X-Empresa with 400', async () => {
    const sem = await h.request('POST', '/api/login', { body: { login: 'admin', senha: SENHA_ADMIN_TESTE } });
    expect(sem.status).toBe(400);
    expect(await json(sem)).toEqual({ mensagens: [MSG_EMPRESA_AUSENTE] });
    const outra = await h.request('POST', '/api/login', { empresa: 'ACME', body: { login: 'admin', senha: SENHA_ADMIN_TESTE } });
    expect(outra.status).toBe(400);
    expect(await json(outra)).toEqual({ mensagens: [MSG_EMPRESA_DESCONHECIDA] });
  });

  it('validates the body with the contract messages', async () => {
    const r = await h.request('POST', '/api/login', { empresa: 'COLACRIL', body: { login: '', senha: '' } });
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens: ['Informe o usuário.', 'Informe a senha.'] });
  });
  // The limits (per address, per account at an address, the account's progressive delay): login-limites.test.ts.
});

describe('token', () => {
  it('is required, must be intact and expires after 8 hours', async () => {
    let agora = Date.now();
    const app = createApp({ bancos: h.bancos, clock: () => agora });
    const login = await app.request('/api/login', {
      method: 'POST',
      headers: { 'X-Empresa': 'COLACRIL', 'Content-Type': 'application/json' },
      body: JSON.stringify({ login: 'supervisor', senha: SENHA_DEMO }),
    });
    const token = login.headers.get('Authorization')!.slice('Bearer '.length);
    const eu = (t?: string) => app.request('/api/eu', { headers: t ? { Authorization: `Bearer ${t}` } : {} });

    expect((await eu(token)).status).toBe(200);
    const adulterado = `${token.slice(0, -3)}${token.endsWith('aaa') ? 'bbb' : 'aaa'}`;
    const semAssinatura = `${token.split('.').slice(0, 2).join('.')}.`;
    for (const t of [undefined, 'lixo', adulterado, semAssinatura]) {
      const r = await eu(t);
      expect(r.status).toBe(401);
      expect(await json(r)).toEqual({ mensagens: [MSG_SESSAO_INVALIDA] });
    }
    agora += 8 * 60 * 60 * 1000 - 5000;
    expect((await eu(token)).status).toBe(200);
    agora += 10_000;
    expect((await eu(token)).status).toBe(401);
  });

  it('of a user deactivated after login answers 403 on every call', async () => {
    await h.criarUsuario('COLACRIL', 'saiu', ['____PERF_M']);
    const token = await h.login('saiu', SENHA_DEMO);
    expect((await h.request('GET', '/api/perfis', { token })).status).toBe(200);
    const [{ id }] = await h.bancos.COLACRIL.db.select({ id: usuario.id }).from(usuario).where(eq(usuario.login, 'saiu'));
    // Through the API: the server forgets its cached copy of the user (docs/decisoes.md §6).
    expect((await h.request('DELETE', `/api/usuarios/${id}`, { token: await h.adminToken() })).status).toBe(200);
    for (const [metodo, caminho] of [['GET', '/api/eu'], ['GET', '/api/perfis'], ['GET', '/api/versoes/0']] as const) {
      const r = await h.request(metodo, caminho, { token });
      expect(r.status).toBe(403);
      expect(await json(r)).toEqual({ mensagens: [MSG_USUARIO_DESATIVADO] });
    }
  });
});
