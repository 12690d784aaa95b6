import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_SENHA_CONTROLE, MSG_SENHA_IGUAL_ATUAL, MSG_SENHA_MINIMO } from '../../src/contracts/auth';
import { MSG_SEM_PERMISSAO, MSG_SESSAO_ENCERRADA } from '../../src/contracts/erros';
import {
  MSG_ADMIN_NAO_DESATIVA,
  MSG_USUARIO_LOGIN,
  MSG_USUARIO_LOGIN_ALTERADO,
  MSG_USUARIO_LOGIN_DUPLICADO,
  MSG_USUARIO_PERFIL,
  MSG_USUARIO_PROPRIA_SENHA,
  MSG_USUARIO_PROPRIOS_PERFIS,
  MSG_USUARIO_SENHA,
  MSG_USUARIO_SENHAS_DIFERENTES,
  usuarioPageSchema,
  usuarioSchema,
  usuarioSimplesPageSchema,
  type Usuario,
} from '../../src/contracts/usuarios';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';

let h: Harness;
let token: string;
let idComercial: number;
let idExpedicao: number;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.login('admin', SENHA_ADMIN_TESTE);
  const perfis = (await json(await h.request('GET', '/api/perfis?size=50', { token }))).content as { id: number; descricao: string }[];
  idComercial = perfis.find((p) => p.descricao === 'Comercial')!.id;
  idExpedicao = perfis.find((p) => p.descricao === 'Expedição')!.id;
});
afterAll(() => h?.close());

const listar = async (query: string) => usuarioPageSchema.parse(await json(await h.request('GET', `/api/usuarios?${query}`, { token })));
const logins = async (query: string) => (await listar(query)).content.map((u) => u.login);
const salvar = (body: unknown, t = token) => h.request('POST', '/api/usuarios', { token: t, body });
const q = (search: string) => `search=${encodeURIComponent(search)}`;

describe('GET /api/usuarios', () => {
  it('searches login, nome and e-mail (short forms and RSQL), sorted by nome by default, with profiles joined', async () => {
    expect(await logins(q('login~geren'))).toEqual(['gerente']);
    expect(await logins(q('nome=ik=helena'))).toEqual(['diretor']);
    expect(await logins(q('email~supervisor@'))).toEqual(['supervisor']);
    const todos = await listar('');
    expect(todos.size).toBe(50);
    const nomes = todos.content.map((u) => u.nome);
    expect(nomes).toEqual([...nomes].sort((a, b) => a.localeCompare(b, 'pt-BR')));
    const gerente = todos.content.find((u) => u.login === 'gerente')!;
    expect(gerente.perfis.map((p) => p.descricao).sort()).toEqual(['Auditoria de Fretes', 'Expedição']);
    expect(JSON.stringify(todos)).not.toMatch(/senha|hash/i);
  });

  it('hides deactivated users unless the search names ativado; sorts and pages', async () => {
    const criado = await json<Usuario>(await salvar({ login: 'inativo1', nome: 'Zé Inativo', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: idComercial }] }));
    await h.request('DELETE', `/api/usuarios/${criado.id}`, { token });
    expect(await logins(q('login~inativo'))).toEqual([]);
    expect(await logins(q('login~inativo;ativado==false'))).toEqual(['inativo1']);
    const desc = await logins('sort=login,desc');
    expect(desc).toEqual([...desc].sort().reverse());
    const p0 = await listar('size=2&page=0&sort=login');
    const p1 = await listar('size=2&page=1&sort=login');
    expect(p0.content).toHaveLength(2);
    expect(p1.content[0].login > p0.content[1].login).toBe(true);
    expect(p0.totalPages).toBe(Math.ceil(p0.totalElements / 2));
  });

  it('refuses unknown fields and operators with a Portuguese 400', async () => {
    for (const query of [q('senhaHash==x'), 'sort=senhaHash', q('ativado==talvez')]) {
      const r = await h.request('GET', `/api/usuarios?${query}`, { token });
      expect(r.status).toBe(400);
      expect((await json(r)).mensagens[0]).toMatch(/campo|Campo|Valor/);
    }
  });
});

describe('simple list, autocomplete, companies, by id', () => {
  it('answers only id, login and nome of active users to who manages users', async () => {
    const simples = usuarioSimplesPageSchema.parse(await json(await h.request('GET', '/api/usuarios/listar-simples?size=3', { token })));
    expect(Object.keys(simples.content[0]).sort()).toEqual(['id', 'login', 'nome']);
    const auto = await json(await h.request('GET', '/api/usuarios/auto-completar?usuario=MARC', { token }));
    expect(auto.map((u: Usuario) => u.login)).toEqual(['gerente']);
    expect((await h.request('GET', '/api/usuarios/auto-completar?size=21', { token })).status).toBe(400);
    expect(await json(await h.request('GET', '/api/usuarios/empresas', { token }))).toEqual(['COLACRIL', 'RRE']);
    const um = usuarioSchema.parse(await json(await h.request('GET', `/api/usuarios/${auto[0].id}`, { token })));
    expect(um.login).toBe('gerente');
    expect((await h.request('GET', '/api/usuarios/999999', { token })).status).toBe(404);
  });

  it('answers id and nome only, searchable by nome only, to anyone else (docs/decisoes.md §3: logins are not for everyone)', async () => {
    const outro = await h.tokenCom(['FRETE_CTE_M'], 'DIRETOR');
    const simples = usuarioSimplesPageSchema.parse(await json(await h.request('GET', '/api/usuarios/listar-simples?size=3', { token: outro })));
    expect(simples.content.length).toBe(3);
    for (const u of simples.content) expect(Object.keys(u).sort()).toEqual(['id', 'nome']);
    const porNome = await json(await h.request('GET', `/api/usuarios/listar-simples?${q('nome~marcos')}`, { token: outro }));
    expect(porNome.content).toEqual([{ id: expect.any(Number), nome: 'Marcos Ribeiro' }]);
    for (const query of [q('login~geren'), 'sort=login']) expect((await h.request('GET', `/api/usuarios/listar-simples?${query}`, { token: outro })).status).toBe(400);
    expect(await json(await h.request('GET', '/api/usuarios/auto-completar?usuario=MARC', { token: outro }))).toEqual([{ id: expect.any(Number), nome: 'Marcos Ribeiro' }]);
    // 'supervisor' is a login, not a name: found by who manages users only.
    expect(await json(await h.request('GET', '/api/usuarios/auto-completar?usuario=supervisor', { token: outro }))).toEqual([]);
    expect((await json(await h.request('GET', '/api/usuarios/auto-completar?usuario=supervisor', { token }))).map((u: Usuario) => u.login)).toEqual(['supervisor']);
  });
});

describe('own account (docs/decisoes.md §3)', () => {
  let sequencia = 0;
  /** A new user with the user-register codes (one own profile), logged in twice. */
  const gestorProprio = async (nivel: string) => {
    const login = `proprio${++sequencia}`;
    const id = await h.criarUsuario('COLACRIL', login, ['____USER_M', '____USER_C', '____USER_E'], nivel);
    const [esta, outra] = [await h.login(login, SENHA_DEMO), await h.login(login, SENHA_DEMO)];
    const eu = usuarioSchema.parse(await json(await h.request('GET', `/api/usuarios/${id}`, { token })));
    return { id, esta, outra, eu, corpo: { ...eu, perfis: eu.perfis.map((p) => ({ id: p.id })) } };
  };

  it('a user who is not an ADMIN edits their own name but never their own profiles or level', async () => {
    const { esta, eu, corpo } = await gestorProprio('GERENTE');
    const antes = await h.snapshot();
    for (const mudanca of [{ perfis: [...corpo.perfis, { id: idComercial }] }, { perfis: [{ id: idComercial }] }, { nivel: 'DIRETOR' }]) {
      const r = await salvar({ ...corpo, ...mudanca }, esta);
      expect(r.status, JSON.stringify(mudanca)).toBe(403);
      expect(await json(r)).toEqual({ mensagens: [MSG_USUARIO_PROPRIOS_PERFIS] });
    }
    const senha = await salvar({ ...corpo, senha: 'outra-senha', csenha: 'outra-senha' }, esta);
    expect(senha.status).toBe(403);
    expect(await json(senha)).toEqual({ mensagens: [MSG_USUARIO_PROPRIA_SENHA] });
    expect(await h.snapshot()).toBe(antes);
    const nome = await salvar({ ...corpo, nome: 'Novo Nome', nivel: eu.nivel }, esta);
    expect(nome.status).toBe(200);
    expect(nome.headers.get('Authorization')).toBeNull();
    expect((await h.request('GET', '/api/eu', { token: esta })).status).toBe(200);
  });

  it('an ADMIN edits their own profiles and level; a level change ends their other sessions, this one gets a fresh token', async () => {
    const { esta, outra, corpo } = await gestorProprio('ADMIN');
    const perfis = await salvar({ ...corpo, perfis: [...corpo.perfis, { id: idComercial }] }, esta);
    expect(perfis.status).toBe(200);
    expect((await h.request('GET', '/api/eu', { token: outra })).status).toBe(200);
    const nivel = await salvar({ ...corpo, nivel: 'DIRETOR', versao: corpo.versao + 1 }, esta);
    expect(nivel.status).toBe(200);
    const renovado = nivel.headers.get('Authorization')!.replace(/^Bearer /, '');
    expect(await json(await h.request('GET', '/api/eu', { token: renovado }))).toMatchObject({ nivel: 'DIRETOR' });
    for (const t of [esta, outra]) expect(await json(await h.request('GET', '/api/eu', { token: t }))).toEqual({ mensagens: [MSG_SESSAO_ENCERRADA] });
    const senha = await salvar({ ...corpo, nivel: undefined, senha: 'outra-senha', csenha: 'outra-senha', versao: corpo.versao + 2 }, token);
    expect(senha.status).toBe(200);
  });

  it('nobody, admin included, sets their own password in the register (the password change asks for the current one)', async () => {
    const admin = (await listar(q('login==admin'))).content[0];
    const r = await salvar({ ...admin, senha: 'outra-senha', csenha: 'outra-senha' });
    expect(r.status).toBe(403);
    expect(await json(r)).toEqual({ mensagens: [MSG_USUARIO_PROPRIA_SENHA] });
  });
});

describe('POST /api/usuarios (spec 01 §5, User save)', () => {
  it('creates with a scrypt hash and profiles; the new user logs in', async () => {
    const r = await salvar({ login: 'novato', nome: 'Novato da Silva', email: 'novato@x.com.br', senha: 'segredo1', csenha: 'segredo1', perfis: [{ id: idComercial }, { id: idComercial }] });
    expect(r.status).toBe(201);
    const criado = usuarioSchema.parse(await json(r));
    expect(criado).toMatchObject({ login: 'novato', nivel: 'REPRESENTANTE', ativado: true, versao: 0, perfis: [{ id: idComercial, descricao: 'Comercial' }] });
    const { db } = h.bancos.COLACRIL;
    const [{ senha_hash }] = (await db.execute(`select senha_hash from usuario where id = ${criado.id}`) as unknown as { rows: { senha_hash: string }[] }).rows;
    expect(senha_hash).toMatch(/^\$scrypt\$/);
    await h.login('novato', 'segredo1');
  });

  it('edits: login fixed, empty senha keeps the password, profiles replaced, stale versao 409', async () => {
    const criado = await json<Usuario>(await salvar({ login: 'editavel', nome: 'Editável', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: idComercial }] }));
    const base = { id: criado.id, login: 'editavel', nome: 'Editado', senha: '', csenha: '', perfis: [{ id: idExpedicao }], versao: 0 };
    const r = await salvar(base);
    expect(r.status).toBe(200);
    expect(await json(r)).toMatchObject({ nome: 'Editado', versao: 1, perfis: [{ id: idExpedicao, descricao: 'Expedição' }] });
    await h.login('editavel', 'abcd1234');

    const obsoleto = await salvar({ ...base, nome: 'De novo' });
    expect(obsoleto.status).toBe(409);
    expect(await json(obsoleto)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });

    const antes = await h.snapshot();
    const login = await salvar({ ...base, login: 'outro', versao: 1 });
    expect(login.status).toBe(400);
    expect(await json(login)).toEqual({ mensagens: [MSG_USUARIO_LOGIN_ALTERADO] });
    expect(await h.snapshot()).toBe(antes);

    const senha = await salvar({ ...base, senha: 'nova1234', csenha: 'nova1234', versao: 1 });
    expect(senha.status).toBe(200);
    await h.login('editavel', 'nova1234');
    // A reset to the password the user already has is no reset (docs/decisoes.md §2: the new one differs from the current).
    await h.recusas((body) => salvar(body), [[{ ...base, senha: 'nova1234', csenha: 'nova1234', versao: 2 }, [MSG_SENHA_IGUAL_ATUAL]]]);
  });

  it('refuses a duplicate login whatever the case, changing nothing', async () => {
    const antes = await h.snapshot();
    const r = await salvar({ login: 'GERENTE', nome: 'Outro', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: idComercial }] });
    expect(r.status).toBe(409);
    expect(await json(r)).toEqual({ mensagens: [MSG_USUARIO_LOGIN_DUPLICADO] });
    expect(await h.snapshot()).toBe(antes);
  });

  it('answers the verbatim validation messages with 400, changing nothing', async () => {
    const casos: [unknown, string[]][] = [
      [{ nome: 'X', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: idComercial }] }, [MSG_USUARIO_LOGIN]],
      [{ login: 'x1', nome: 'X', perfis: [{ id: idComercial }] }, [MSG_USUARIO_SENHA]],
      [{ login: 'x1', nome: 'X', senha: 'abcd1234', csenha: 'abce1234', perfis: [{ id: idComercial }] }, [MSG_USUARIO_SENHAS_DIFERENTES]],
      // docs/decisoes.md §2: the same password rule as the own password change.
      [{ login: 'x1', nome: 'X', senha: 'abcd123', csenha: 'abcd123', perfis: [{ id: idComercial }] }, [MSG_SENHA_MINIMO]],
      [{ login: 'x1', nome: 'X', senha: 'abcd\t1234', csenha: 'abcd\t1234', perfis: [{ id: idComercial }] }, [MSG_SENHA_CONTROLE]],
      [{ login: 'x1', nome: 'X', senha: 'abcd1234', csenha: 'abcd1234', perfis: [] }, [MSG_USUARIO_PERFIL]],
      [{ login: 'x1', nome: 'X', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: 999999 }] }, ['Perfil não encontrado.']],
    ];
    await h.recusas((body) => salvar(body), casos);
  });

  it('only an ADMIN grants the ADMIN level or edits an ADMIN user', async () => {
    const gestor = await h.tokenCom(['____USER_C', '____USER_E', '____USER_M'], 'GERENTE');
    const antes = await h.snapshot();
    const r = await salvar({ login: 'chefe', nome: 'Chefe', nivel: 'ADMIN', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: idComercial }] }, gestor);
    expect(r.status).toBe(403);
    const admin = (await listar(q('login==admin'))).content[0];
    const editar = await salvar({ ...admin, senha: 'hack1234', csenha: 'hack1234' }, gestor);
    expect(editar.status).toBe(403);
    expect(await json(editar)).toEqual({ mensagens: [MSG_SEM_PERMISSAO] });
    expect(await h.snapshot()).toBe(antes);
  });
});

describe('DELETE /api/usuarios/:id and reactivation', () => {
  it('deactivates, the user can no longer log in, and a save with ativado true reactivates', async () => {
    const criado = await json<Usuario>(await salvar({ login: 'temporario', nome: 'Temporário', senha: 'abcd1234', csenha: 'abcd1234', perfis: [{ id: idComercial }] }));
    const r = await h.request('DELETE', `/api/usuarios/${criado.id}`, { token });
    expect(await json(r)).toMatchObject({ ativado: false, versao: 1 });
    expect((await h.loginResponse('temporario', 'abcd1234')).status).not.toBe(200);
    const volta = await salvar({ id: criado.id, login: 'temporario', nome: 'Temporário', ativado: true, perfis: [{ id: idComercial }], versao: 1 });
    expect(await json(volta)).toMatchObject({ ativado: true, versao: 2 });
    await h.login('temporario', 'abcd1234');
    expect((await h.request('DELETE', '/api/usuarios/999999', { token })).status).toBe(404);
  });

  it('never deactivates admin: neither by DELETE nor by a save with ativado false', async () => {
    const admin = (await listar(q('login==admin'))).content[0];
    const antes = await h.snapshot();
    const apagar = await h.request('DELETE', `/api/usuarios/${admin.id}`, { token });
    expect(apagar.status).toBe(409);
    expect(await json(apagar)).toEqual({ mensagens: [MSG_ADMIN_NAO_DESATIVA] });
    const salvo = await salvar({ ...admin, ativado: false });
    expect(salvo.status).toBe(409);
    expect(await json(salvo)).toEqual({ mensagens: [MSG_ADMIN_NAO_DESATIVA] });
    expect(await h.snapshot()).toBe(antes);
    await h.login('admin', SENHA_ADMIN_TESTE);
    await h.login('diretor', SENHA_DEMO);
  });
});
