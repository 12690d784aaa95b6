import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../src/contracts/erros';
import { MSG_PERFIL_DESCRICAO, MSG_PERFIL_PERMISSAO, perfilPageSchema, perfilSalvoSchema } from '../../src/contracts/perfis';
import { usuario } from '../../src/server/db/schema/usuario';
import { usuarioPerfil } from '../../src/server/db/schema/usuario-perfil';
import { createHarness, json, type Harness } from './harness';

let h: Harness;
let token: string;
const listar = async (query: string) => {
  const r = await h.request('GET', `/api/perfis?${query}`, { token });
  if (r.status !== 200) throw new Error(`${query}: ${r.status} ${await r.text()}`);
  return perfilPageSchema.parse(await json(r));
};
const descricoes = async (query: string) => (await listar(query)).content.map((p) => p.descricao);
const q = (search: string, extra = '') => `search=${encodeURIComponent(search)}${extra}`;

beforeAll(async () => {
  h = await createHarness();
  token = await h.tokenCom(['____PERF_M', '____PERF_C', '____PERF_E', '____PERF_D'], 'GERENTE');
  // Fixtures for wildcard escaping: % and _ must be literal in searches.
  for (const descricao of ['Frete 100% Sul', 'Frete_Norte', 'Frete Nordeste']) {
    expect((await h.request('POST', '/api/perfis', { token, body: { descricao, roles: ['FRETE_CTE_M'] } })).status).toBe(201);
  }
});
afterAll(() => h?.close());

describe('GET /api/perfis', () => {
  it('pages the active profiles sorted by descricao by default', async () => {
    const pagina = await listar('');
    expect(pagina).toMatchObject({ number: 0, size: 50 });
    const nomes = pagina.content.map((p) => p.descricao);
    expect(nomes).toContain('Administração');
    expect(nomes).not.toContain('Consulta (antigo)');
    expect(nomes).toEqual([...nomes].sort());
    expect(pagina.totalElements).toBe(pagina.content.length);
    expect(pagina.totalPages).toBe(1);
  });

  it('accepts the spec short forms', async () => {
    expect(await descricoes(q('descricao~ADMIN'))).toEqual(['Administração']);
    expect(await descricoes(q('descricao~EXPEDIÇÃO'))).toEqual(['Expedição']);
    expect(await descricoes(q('descricao:Comercial'))).toEqual(['Comercial']);
    expect(await descricoes(q('descricao~{merc};ativado:true'))).toEqual(['Comercial']);
    const todos = (await listar('')).content;
    const semDois = await listar(q(`id!{${todos[0].id},${todos[1].id}}`));
    expect(semDois.totalElements).toBe(todos.length - 2);
    expect(semDois.content.map((p) => p.id)).not.toContain(todos[0].id);
    expect((await listar(q(`id!${todos[0].id},${todos[1].id}`))).totalElements).toBe(todos.length - 2);
    expect(await descricoes(q(`descricao~adm,descricao~merc`))).toEqual(['Administração', 'Comercial']);
  });

  it('accepts RSQL', async () => {
    expect(await descricoes(q('descricao=ik=expedi'))).toEqual(['Expedição']);
    expect(await descricoes(q('descricao==*ercia*'))).toEqual(['Comercial']);
    expect(await descricoes(q('descricao=in=(Comercial,Cadastros)'))).toEqual(['Cadastros', 'Comercial']);
    expect(await descricoes(q('descricao=out=(Comercial,Cadastros);descricao=ik=c'))).not.toContain('Comercial');
    expect(await descricoes(q('(descricao==Comercial,descricao==Cadastros);id=gt=0'))).toEqual(['Cadastros', 'Comercial']);
    expect(await descricoes(q('roles==____PERF_D'))).toEqual(['Administração', 'Cadastros', 'Perfil de teste1']);
    expect(await descricoes(q('roles==____PERF_D;descricao=ik=a'))).toEqual(['Administração', 'Cadastros']);
    expect(await descricoes(q('roles=in=(____PERF_D,FRETE_MINU_M);roles!=FRETE_CTE_D'))).toEqual(['Cadastros', 'Expedição', 'Perfil de teste1']);
  });

  it('treats % and _ as plain characters', async () => {
    expect(await descricoes(q('descricao~%'))).toEqual(['Frete 100% Sul']);
    expect(await descricoes(q('descricao~_'))).toEqual(['Frete_Norte']);
    expect(await descricoes(q('descricao==frete*'))).toEqual(['Frete 100% Sul', 'Frete Nordeste', 'Frete_Norte']);
  });

  it('shows deactivated profiles only when the search names ativado', async () => {
    expect(await descricoes(q('ativado==false'))).toEqual(['Consulta (antigo)']);
    const todos = await descricoes(q('ativado=in=(true,false)'));
    expect(todos).toContain('Consulta (antigo)');
    expect(todos).toContain('Administração');
  });

  it('sorts, pages and sizes', async () => {
    const desc = await descricoes('sort=descricao,desc');
    expect(desc).toEqual([...desc].sort().reverse());
    const porId = (await listar('sort=id,desc')).content.map((p) => p.id);
    expect(porId).toEqual([...porId].sort((a, b) => b - a));
    const p0 = await listar('size=3&page=0');
    const p1 = await listar('size=3&page=1');
    expect(p0.content).toHaveLength(3);
    expect(p0.totalPages).toBe(Math.ceil(p0.totalElements / 3));
    expect(p1.number).toBe(1);
    expect(p1.content[0].descricao > p0.content[2].descricao).toBe(true);
    const alem = await listar('size=3&page=99');
    expect(alem.content).toEqual([]);
    expect(alem.totalElements).toBe(p0.totalElements);
  });
});

describe('GET /api/perfis/:id', () => {
  it('answers one profile or 404', async () => {
    const [comercial] = (await listar(q('descricao==Comercial'))).content;
    const r = await h.request('GET', `/api/perfis/${comercial.id}`, { token });
    expect(perfilSalvoSchema.parse(await json(r))).toEqual(comercial);
    const nada = await h.request('GET', '/api/perfis/999999', { token });
    expect(nada.status).toBe(404);
    expect(await json(nada)).toEqual({ mensagens: [MSG_REGISTRO_NAO_ENCONTRADO] });
  });
});

describe('POST /api/perfis and DELETE /api/perfis/:id', () => {
  it('creates, edits with the current versao, refuses a stale one with 409', async () => {
    const criado = perfilSalvoSchema.parse(
      await json(await h.request('POST', '/api/perfis', { token, body: { descricao: '  Portaria  ', roles: ['FRETE_ROMA_M', 'FRETE_ROMA_M'] } })),
    );
    expect(criado).toMatchObject({ descricao: 'Portaria', roles: ['FRETE_ROMA_M'], ativado: true, versao: 0 });

    const editado = await h.request('POST', '/api/perfis', {
      token,
      body: { id: criado.id, descricao: 'Portaria Sul', roles: ['FRETE_ROMA_M', 'FRETE_MOTO_M'], versao: 0 },
    });
    expect(editado.status).toBe(200);
    expect(await json(editado)).toMatchObject({ id: criado.id, descricao: 'Portaria Sul', versao: 1 });

    for (const versao of [0, undefined, 7]) {
      const obsoleto = await h.request('POST', '/api/perfis', {
        token,
        body: { id: criado.id, descricao: 'Portaria Norte', roles: ['FRETE_ROMA_M'], versao },
      });
      expect(obsoleto.status).toBe(409);
      expect(await json(obsoleto)).toEqual({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] });
    }
    expect(await json(await h.request('GET', `/api/perfis/${criado.id}`, { token }))).toMatchObject({ descricao: 'Portaria Sul', versao: 1 });

    const inexistente = await h.request('POST', '/api/perfis', { token, body: { id: 999999, descricao: 'X', roles: ['FRETE_ROMA_M'], versao: 0 } });
    expect(inexistente.status).toBe(404);
  });

  it('deactivates on delete (hidden from the list) and reactivates on save with ativado true', async () => {
    const criado = await json(await h.request('POST', '/api/perfis', { token, body: { descricao: 'Temporário', roles: ['FRETE_CTE_M'] } }));
    const apagado = await h.request('DELETE', `/api/perfis/${criado.id}`, { token });
    expect(apagado.status).toBe(200);
    expect(await json(apagado)).toMatchObject({ id: criado.id, ativado: false, versao: 1 });
    expect(await descricoes(q('descricao~Tempor'))).toEqual([]);
    expect(await descricoes(q('descricao~Tempor;ativado==false'))).toEqual(['Temporário']);

    const reativado = await h.request('POST', '/api/perfis', {
      token,
      body: { id: criado.id, descricao: 'Temporário', roles: ['FRETE_CTE_M'], ativado: true, versao: 1 },
    });
    expect(await json(reativado)).toMatchObject({ ativado: true, versao: 2 });
    expect(await descricoes(q('descricao~Tempor'))).toEqual(['Temporário']);

    const nada = await h.request('DELETE', '/api/perfis/999999', { token });
    expect(nada.status).toBe(404);
  });

  it('answers the spec 01 §5 messages', async () => {
    const casos: [unknown, string[]][] = [
      [{ descricao: '   ', roles: ['FRETE_CTE_M'] }, [MSG_PERFIL_DESCRICAO]],
      [{ roles: ['FRETE_CTE_M'] }, [MSG_PERFIL_DESCRICAO]],
      [{ descricao: 'Sem permissão', roles: [] }, [MSG_PERFIL_PERMISSAO]],
      [{ descricao: 'Sem permissão' }, [MSG_PERFIL_PERMISSAO]],
      [{ descricao: 'Inventado', roles: ['FRETE_XYZ_M'] }, ['Permissão desconhecida.']],
      [{}, [MSG_PERFIL_DESCRICAO, MSG_PERFIL_PERMISSAO]],
    ];
    for (const [body, mensagens] of casos) {
      const r = await h.request('POST', '/api/perfis', { token, body });
      expect(r.status).toBe(400);
      expect(await json(r)).toEqual({ mensagens });
    }
  });
});

describe('usuarios: the active users holding a profile (the warning before deactivating)', () => {
  it('is counted in every list row, in GET /perfis/:id and in the answers of POST and DELETE', async () => {
    const db = h.bancos.COLACRIL.db;
    const criado = perfilSalvoSchema.parse(await json(await h.request('POST', '/api/perfis', { token, body: { descricao: 'Balança', roles: ['FRETE_CTE_M'] } })));
    expect(criado.usuarios).toBe(0);
    const ids: number[] = [];
    for (const login of ['balanca1', 'balanca2', 'balanca3']) ids.push(await h.criarUsuario('COLACRIL', login, []));
    await db.insert(usuarioPerfil).values(ids.map((usuarioId) => ({ usuarioId, perfilId: criado.id })));
    // A deactivated user loses nothing: not counted.
    await db.update(usuario).set({ ativado: false }).where(eq(usuario.id, ids[2]));

    expect((await listar(q('descricao==Balança'))).content).toMatchObject([{ id: criado.id, usuarios: 2 }]);
    expect(perfilSalvoSchema.parse(await json(await h.request('GET', `/api/perfis/${criado.id}`, { token }))).usuarios).toBe(2);
    // Every row of a page has its own count, the same as counted by hand.
    const r = (await db.execute(sql`select up.perfil_id as id, count(*)::int as n from usuario_perfil up join usuario u on u.id = up.usuario_id where u.ativado group by up.perfil_id`)) as unknown as { rows: { id: number; n: number }[] };
    const contagem = new Map(r.rows.map((l) => [Number(l.id), Number(l.n)]));
    const pagina = (await listar(q('ativado=in=(true,false)'))).content;
    expect(pagina.map((p) => [p.descricao, p.usuarios])).toEqual(pagina.map((p) => [p.descricao, contagem.get(p.id) ?? 0]));
    expect(pagina.find((p) => p.descricao === 'Administração')?.usuarios).toBeGreaterThan(0);

    const apagado = perfilSalvoSchema.parse(await json(await h.request('DELETE', `/api/perfis/${criado.id}`, { token })));
    expect(apagado).toMatchObject({ ativado: false, usuarios: 2 });
    // Reactivation is a save with ativado true (spec 01 §4: only deactivation is a DELETE).
    const reativado = await h.request('POST', '/api/perfis', { token, body: { ...criado, ativado: true, versao: apagado.versao, usuarios: undefined } });
    expect(reativado.status).toBe(200);
    expect(perfilSalvoSchema.parse(await json(reativado))).toMatchObject({ id: criado.id, ativado: true, usuarios: 2 });
    expect((await listar(q('descricao==Balança'))).content).toMatchObject([{ id: criado.id, ativado: true, usuarios: 2 }]);
  });
});
