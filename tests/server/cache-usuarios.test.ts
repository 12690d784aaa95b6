import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_SENHA_ALTERADA } from '../../src/contracts/auth';
import { MSG_SEM_PERMISSAO, MSG_SESSAO_ENCERRADA, MSG_USUARIO_DESATIVADO } from '../../src/contracts/erros';
import { usuarioSchema, type Usuario } from '../../src/contracts/usuarios';
import { TokensVerificados } from '../../src/server/auth/cache-tokens';
import { TOKEN_VALIDADE_SEGUNDOS, signToken, verifyToken } from '../../src/server/auth/token';
import { VIDA_COMPARTILHADO_MS, esquecerUsuario, usuarioLogado } from '../../src/server/auth/cache-usuarios';
import { usuario } from '../../src/server/db/schema/usuario';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { SENHA_ADMIN_TESTE, TEST_DB, createHarness, json, type Harness } from './harness';

// docs/decisoes.md §6: the logged user of each call comes from an in-process cache. Every test here first makes a call
// with the user's token (the cache holds the user), then changes something through the API, and expects
// the very next call to see it.

let agora = Date.now();
let h: Harness;
let admin: string;
let sequencia = 0;

beforeAll(async () => {
  h = await createHarness({ clock: () => agora });
  admin = await h.login('admin', SENHA_ADMIN_TESTE);
});
afterAll(() => h?.close());

const eu = (token: string) => h.request('GET', '/api/eu', { token });
const perfis = (token: string) => h.request('GET', '/api/perfis', { token });

/** A new user holding `roles` (one profile of their own), logged in, with the cache holding them. */
async function sessaoAquecida(roles: string[] = ['____PERF_M'], nivel = 'GERENTE') {
  const login = `cache${++sequencia}`;
  const id = await h.criarUsuario('COLACRIL', login, roles, nivel);
  const token = await h.login(login, SENHA_DEMO);
  expect((await eu(token)).status).toBe(200);
  return { id, login, token };
}

const lerComoAdmin = async (id: number) => usuarioSchema.parse(await json(await h.request('GET', `/api/usuarios/${id}`, { token: admin })));
async function salvarComoAdmin(id: number, mudar: Partial<Usuario> & { senha?: string; csenha?: string }) {
  const atual = await lerComoAdmin(id);
  const r = await h.request('POST', '/api/usuarios', { token: admin, body: { ...atual, perfis: atual.perfis.map((p) => ({ id: p.id })), ...mudar } });
  expect(r.status).toBe(200);
}

async function esperar(resposta: Response, status: number, mensagem: string) {
  expect(resposta.status).toBe(status);
  expect(await json(resposta)).toEqual({ mensagens: [mensagem] });
}

describe('a change through the API reaches the very next call of a cached session', () => {
  it('the own password change ends the other session; this one goes on with the new token', async () => {
    const { login, token } = await sessaoAquecida();
    const outra = await h.login(login, SENHA_DEMO);
    expect((await eu(outra)).status).toBe(200);
    const r = await h.request('POST', '/api/usuarios/alterar-senha', { token, body: { senhaAtual: SENHA_DEMO, senha: 'nova-senha-1', confirmacao: 'nova-senha-1' } });
    expect(await json(r)).toEqual({ mensagens: [MSG_SENHA_ALTERADA] });
    await esperar(await eu(outra), 401, MSG_SESSAO_ENCERRADA);
    expect((await eu(r.headers.get('Authorization')!.replace(/^Bearer /, ''))).status).toBe(200);
  });

  it('an admin reset of the password, a level change and a deactivation end it', async () => {
    const reset = await sessaoAquecida();
    await salvarComoAdmin(reset.id, { senha: 'redefinida1', csenha: 'redefinida1' });
    await esperar(await eu(reset.token), 401, MSG_SESSAO_ENCERRADA);

    const nivel = await sessaoAquecida();
    await salvarComoAdmin(nivel.id, { nivel: 'SUPERVISOR' });
    await esperar(await perfis(nivel.token), 401, MSG_SESSAO_ENCERRADA);

    const desativado = await sessaoAquecida();
    expect((await h.request('DELETE', `/api/usuarios/${desativado.id}`, { token: admin })).status).toBe(200);
    await esperar(await perfis(desativado.token), 403, MSG_USUARIO_DESATIVADO);
  });

  it('an edit of the user (name, profiles) shows in /eu and in what the session may call', async () => {
    const { id, token } = await sessaoAquecida(['____PERF_M']);
    expect((await perfis(token)).status).toBe(200);
    const [comercial] = (await json(await h.request('GET', '/api/perfis?search=descricao:Comercial', { token: admin }))).content;
    await salvarComoAdmin(id, { nome: 'Nome Novo', perfis: [{ id: comercial.id, descricao: comercial.descricao }] });
    expect(await json(await eu(token))).toMatchObject({ nome: 'Nome Novo', perfil: comercial.descricao });
    await esperar(await perfis(token), 403, MSG_SEM_PERMISSAO);
  });

  it('an edit of a profile the user holds (its roles) changes their permissions', async () => {
    const { login, token } = await sessaoAquecida(['____PERF_M']);
    expect((await perfis(token)).status).toBe(200);
    const pagina = await json(await h.request('GET', `/api/perfis?search=${encodeURIComponent(`descricao:Perfil de ${login}`)}`, { token: admin }));
    const proprio = pagina.content[0];
    const r = await h.request('POST', '/api/perfis', { token: admin, body: { ...proprio, roles: ['FRETE_VEIC_M'] } });
    expect(r.status).toBe(200);
    await esperar(await perfis(token), 403, MSG_SEM_PERMISSAO);
    expect(await json(await eu(token))).toMatchObject({ roles: ['FRETE_VEIC_M'] });
  });

  it('the user\'s settings change mostrarChangelog', async () => {
    const { token } = await sessaoAquecida();
    expect(await json(await eu(token))).toMatchObject({ mostrarChangelog: true });
    expect((await h.request('POST', '/api/usuarios/configuracoes', { token, body: { ultimaVersao: '999' } })).status).toBe(200);
    expect(await json(await eu(token))).toMatchObject({ mostrarChangelog: false });
  });
});

describe('the cache', () => {
  it('keeps each company\'s users apart (the same id in both answers its own user)', async () => {
    const rre = await h.login('admin', SENHA_ADMIN_TESTE, 'RRE');
    const [colacril, outra] = [await json(await eu(admin)), await json(await eu(rre))];
    expect(colacril.id).toBe(outra.id);
    expect([colacril.empresa, outra.empresa]).toEqual(['COLACRIL', 'RRE']);
  });

  it('answers one shared, frozen user until a change (handlers cannot alter what the next call sees)', async () => {
    const { id } = await sessaoAquecida();
    const primeiro = await usuarioLogado(h.bancos.COLACRIL, id, agora);
    expect(await usuarioLogado(h.bancos.COLACRIL, id, agora)).toBe(primeiro);
    expect(Object.isFrozen(primeiro) && Object.isFrozen(primeiro!.roles)).toBe(true);
    esquecerUsuario(h.bancos.COLACRIL, id);
    expect(await usuarioLogado(h.bancos.COLACRIL, id, agora)).not.toBe(primeiro);
  });

  it(`is exact on PGlite (one process owns the folder); on PostgreSQL another process's change shows within ${VIDA_COMPARTILHADO_MS} ms`, async () => {
    const { id, token } = await sessaoAquecida();
    // What another server process sharing the database would do: a write the API did not see.
    await h.bancos.COLACRIL.db.update(usuario).set({ nome: 'Por Fora' }).where(eq(usuario.id, id));
    expect(await json(await eu(token))).not.toMatchObject({ nome: 'Por Fora' });
    agora += VIDA_COMPARTILHADO_MS + 1;
    if (TEST_DB === 'pg') expect(await json(await eu(token))).toMatchObject({ nome: 'Por Fora' });
    else {
      expect(await json(await eu(token))).not.toMatchObject({ nome: 'Por Fora' });
      esquecerUsuario(h.bancos.COLACRIL, id);
      expect(await json(await eu(token))).toMatchObject({ nome: 'Por Fora' });
    }
  });
});

describe('the verified tokens', () => {
  it('are kept until their exp (as jose counts it), the oldest dropped beyond the maximum', async () => {
    const chave = new Uint8Array(32).fill(7);
    const claims = { usuarioId: 1, empresa: 'COLACRIL' as const, sessaoVersao: 0 };
    const emitido = 1_700_000_000_000;
    const [a, b] = [await signToken(claims, chave, emitido), await signToken({ ...claims, usuarioId: 2 }, chave, emitido)];
    const fim = emitido + TOKEN_VALIDADE_SEGUNDOS * 1000;
    const verificados = new TokensVerificados(1);
    verificados.guardar(a, claims);
    expect(verificados.obter(a, fim - 1)).toBe(claims);
    expect(await verifyToken(a, 'COLACRIL', chave, fim - 1)).toEqual(claims);
    expect(verificados.obter(a, fim)).toBeUndefined();
    expect(await verifyToken(a, 'COLACRIL', chave, fim)).toBeUndefined();
    verificados.guardar(a, claims);
    verificados.guardar(b, { ...claims, usuarioId: 2 });
    expect([verificados.obter(a, emitido), verificados.obter(b, emitido)?.usuarioId]).toEqual([undefined, 2]);
  });
});
