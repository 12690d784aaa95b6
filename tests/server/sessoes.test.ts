import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_LOGIN_MUITAS_TENTATIVAS,
  MSG_SENHA_ALTERADA,
  MSG_SENHA_ATUAL_INVALIDA,
  MSG_SENHA_ATUAL_PREENCHER,
  MSG_SENHA_CONTROLE,
  MSG_SENHA_DIFERENTE,
  MSG_SENHA_IGUAL_ATUAL,
  MSG_SENHA_MINIMO,
  MSG_SENHA_PREENCHER,
} from '../../src/contracts/auth';
import { MSG_SESSAO_ENCERRADA, MSG_SESSAO_INVALIDA, MSG_USUARIO_DESATIVADO } from '../../src/contracts/erros';
import { usuarioSchema, type Usuario } from '../../src/contracts/usuarios';
import { loadSigningKey } from '../../src/server/auth/signing-key';
import { usuario } from '../../src/server/db/schema/usuario';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { hashBarato } from './hash-barato';
import { SENHA_ADMIN_TESTE, createHarness, json, type Harness } from './harness';

// docs/decisoes.md §1, sessions that end: the token carries the user's session version (claim sv), compared on every
// call with the one loaded with the user; a password change, an admin reset, deactivation or a level change
// bumps it.

let h: Harness;
let admin: string;
let idComercial: number;
let sequencia = 0;

beforeAll(async () => {
  h = await createHarness();
  admin = await h.login('admin', SENHA_ADMIN_TESTE);
  idComercial = (await json(await h.request('GET', '/api/perfis?search=descricao:Comercial', { token: admin }))).content[0].id;
});
afterAll(() => h?.close());

/** A new user (password SENHA_DEMO) and two of its sessions. */
async function comDuasSessoes(roles: string[] = ['FRETE_CTE_M'], nivel = 'GERENTE') {
  const login = `sessao${++sequencia}`;
  const id = await h.criarUsuario('COLACRIL', login, roles, nivel);
  return { id, login, esta: await h.login(login, SENHA_DEMO), outra: await h.login(login, SENHA_DEMO) };
}

const eu = (token: string) => h.request('GET', '/api/eu', { token });
const alterarSenha = (token: string, body: unknown) => h.request('POST', '/api/usuarios/alterar-senha', { token, body });
const lerComoAdmin = async (id: number) => usuarioSchema.parse(await json(await h.request('GET', `/api/usuarios/${id}`, { token: admin })));
const salvarComoAdmin = async (id: number, mudar: Partial<Usuario> & { senha?: string; csenha?: string }) => {
  const atual = await lerComoAdmin(id);
  return h.request('POST', '/api/usuarios', { token: admin, body: { ...atual, perfis: atual.perfis.map((p) => ({ id: p.id })), ...mudar } });
};

async function esperarEncerrada(token: string) {
  for (const caminho of ['/api/eu', '/api/ctes/listar-simples?size=1']) {
    const r = await h.request('GET', caminho, { token });
    expect(r.status, caminho).toBe(401);
    expect(await json(r)).toEqual({ mensagens: [MSG_SESSAO_ENCERRADA] });
  }
}

describe('POST /api/usuarios/alterar-senha', () => {
  it('asks for the current password and follows the password rules (minimum 8, no control characters, not the current one)', async () => {
    const { esta } = await comDuasSessoes();
    const casos: [unknown, string[]][] = [
      [{ senha: 'nova-senha-1', confirmacao: 'nova-senha-1' }, [MSG_SENHA_ATUAL_PREENCHER]],
      [{ senhaAtual: '', senha: '', confirmacao: '' }, [MSG_SENHA_ATUAL_PREENCHER, MSG_SENHA_PREENCHER]],
      [{ senhaAtual: SENHA_DEMO, senha: 'curta12', confirmacao: 'curta12' }, [MSG_SENHA_MINIMO]],
      [{ senhaAtual: SENHA_DEMO, senha: 'nova\tsenha', confirmacao: 'nova\tsenha' }, [MSG_SENHA_CONTROLE]],
      [{ senhaAtual: SENHA_DEMO, senha: 'nova-senha-1', confirmacao: 'nova-senha-2' }, [MSG_SENHA_DIFERENTE]],
      [{ senhaAtual: SENHA_DEMO, senha: SENHA_DEMO, confirmacao: SENHA_DEMO }, [MSG_SENHA_IGUAL_ATUAL]],
      [{ senhaAtual: 'nao-e-esta', senha: 'nova-senha-1', confirmacao: 'nova-senha-1' }, [MSG_SENHA_ATUAL_INVALIDA]],
    ];
    await h.recusas((body) => alterarSenha(esta, body), casos);
    expect((await eu(esta)).status).toBe(200);
  });

  it('ends every other session at once; this one goes on with the fresh token of the answer', async () => {
    const { login, esta, outra } = await comDuasSessoes();
    const r = await alterarSenha(esta, { senhaAtual: SENHA_DEMO, senha: 'nova-senha-1', confirmacao: 'nova-senha-1' });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ mensagens: [MSG_SENHA_ALTERADA] });
    const renovado = r.headers.get('Authorization')!.replace(/^Bearer /, '');
    expect(renovado).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(await json(await eu(renovado))).toMatchObject({ login });
    await esperarEncerrada(outra);
    await esperarEncerrada(esta);
    const [nova, antiga] = await Promise.all([h.loginResponse(login, 'nova-senha-1'), h.loginResponse(login, SENHA_DEMO)]);
    expect([nova.status, antiga.status]).toEqual([200, 401]);
  });

  it('counts wrong current passwords like failed logins (a stolen token cannot guess it)', async () => {
    const { id, esta } = await comDuasSessoes();
    await h.bancos.COLACRIL.db.update(usuario).set({ senhaHash: await hashBarato(SENHA_DEMO) }).where(eq(usuario.id, id));
    const errada = { senhaAtual: 'chute', senha: 'nova-senha-1', confirmacao: 'nova-senha-1' };
    const respostas = await Promise.all(Array.from({ length: 8 }, () => alterarSenha(esta, errada)));
    expect(respostas.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 429, 429, 429]);
    const recusada = await alterarSenha(esta, { ...errada, senhaAtual: SENHA_DEMO });
    expect(recusada.status).toBe(429);
    expect(await json(recusada)).toEqual({ mensagens: [MSG_LOGIN_MUITAS_TENTATIVAS] });
    expect(Number(recusada.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect((await eu(esta)).status).toBe(200);
  });
});

describe('changes made by an admin end the user\'s sessions', () => {
  it('a password reset', async () => {
    const { id, login, esta, outra } = await comDuasSessoes();
    const r = await salvarComoAdmin(id, { senha: 'redefinida1', csenha: 'redefinida1' });
    expect(r.status).toBe(200);
    expect(r.headers.get('Authorization')).toBeNull();
    await esperarEncerrada(esta);
    await esperarEncerrada(outra);
    expect((await eu(admin)).status).toBe(200);
    await h.login(login, 'redefinida1');
  });

  it('a deactivation: 403 while deactivated, and the old tokens stay dead after reactivation', async () => {
    const { id, login, esta } = await comDuasSessoes();
    expect((await h.request('DELETE', `/api/usuarios/${id}`, { token: admin })).status).toBe(200);
    const r = await eu(esta);
    expect(r.status).toBe(403);
    expect(await json(r)).toEqual({ mensagens: [MSG_USUARIO_DESATIVADO] });
    expect((await salvarComoAdmin(id, { ativado: true })).status).toBe(200);
    await esperarEncerrada(esta);
    await h.login(login, SENHA_DEMO);
  });

  it('a deactivation by a save with ativado false', async () => {
    const { id, esta } = await comDuasSessoes();
    expect((await salvarComoAdmin(id, { ativado: false })).status).toBe(200);
    expect((await salvarComoAdmin(id, { ativado: true })).status).toBe(200);
    await esperarEncerrada(esta);
  });

  it('a level change; other edits (name, profiles: read on every call) keep the sessions', async () => {
    const { id, esta, outra } = await comDuasSessoes();
    expect((await salvarComoAdmin(id, { nome: 'Outro Nome', perfis: [{ id: idComercial, descricao: 'Comercial' }] })).status).toBe(200);
    expect(await json(await eu(esta))).toMatchObject({ nome: 'Outro Nome', perfil: 'Comercial' });
    expect((await salvarComoAdmin(id, { nivel: 'GERENTE' })).status).toBe(200);
    expect((await eu(outra)).status).toBe(200);
    expect((await salvarComoAdmin(id, { nivel: 'SUPERVISOR' })).status).toBe(200);
    await esperarEncerrada(esta);
    await esperarEncerrada(outra);
  });
});

describe('tokens', () => {
  const assinar = async (claims: Record<string, unknown>, comExp: boolean) => {
    const chave = await loadSigningKey(h.bancos.COLACRIL.db);
    const agora = Math.floor(Date.now() / 1000);
    const jwt = new SignJWT({ emp: 'COLACRIL', ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setSubject('1').setIssuer('frete-console').setAudience('COLACRIL').setIssuedAt(agora);
    return (comExp ? jwt.setExpirationTime(agora + 600) : jwt).sign(chave);
  };

  it('without exp or without the session version are refused, even signed with the right key', async () => {
    const [admin0] = await h.bancos.COLACRIL.db.select({ sv: usuario.sessaoVersao }).from(usuario).where(eq(usuario.login, 'admin'));
    expect((await eu(await assinar({ sv: admin0.sv }, true))).status).toBe(200);
    for (const token of [await assinar({ sv: admin0.sv }, false), await assinar({}, true), await assinar({ sv: '0' }, true)]) {
      const r = await eu(token);
      expect(r.status).toBe(401);
      expect(await json(r)).toEqual({ mensagens: [MSG_SESSAO_INVALIDA] });
    }
  });
});
