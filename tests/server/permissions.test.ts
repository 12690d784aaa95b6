import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_SEM_PERMISSAO, MSG_SESSAO_INVALIDA } from '../../src/contracts/erros';
import { TODOS_CODIGOS, type CodigoPermissao } from '../../src/domain/permissoes';
import { apiRoutes, assertRoutesGuarded } from '../../src/server/permissoes/rotas-guardadas';
import { ROUTE_PERMISSIONS } from '../../src/server/areas-api';
import { routeKey, type RoutePermission } from '../../src/server/permissoes/regras';
import { createHarness, json, type Harness } from './harness';
import { criarAmostras, prepararAmostras } from './permissions-amostras/amostras';
import type { Amostra, Gerador } from './permissions-amostras/tipos';

// One sample request per route that succeeds for an allowed user (permissions-amostras/amostras.ts). A
// route added to the table without a sample fails the first test below, so the generated tests cover it.

let h: Harness;
let admin: string;
const AMOSTRAS = criarAmostras(() => h, () => admin);

const exceto = (codigos: readonly CodigoPermissao[]) => TODOS_CODIGOS.filter((c) => !codigos.includes(c));

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  // Log every user the generated tests need in parallel (scrypt dominates the file's time).
  const usuarios: [readonly CodigoPermissao[], string][] = [
    [[], 'ADMIN'],
    [[], 'REPRESENTANTE'],
    [TODOS_CODIGOS, 'DIRETOR'],
  ];
  for (const { rule } of ROUTE_PERMISSIONS) {
    const grupos = rule.kind === 'ROLES' ? [rule.anyOf] : rule.kind === 'SAVE' ? [rule.create, rule.edit] : [];
    for (const codigos of grupos) usuarios.push([exceto(codigos), 'DIRETOR'], ...codigos.map((c) => [[c], 'REPRESENTANTE'] as [CodigoPermissao[], string]));
    if (rule.kind === 'ALL_ROLES') usuarios.push([rule.allOf, 'REPRESENTANTE'], ...rule.allOf.map((c) => [exceto([c]), 'DIRETOR'] as [CodigoPermissao[], string]));
  }
  const unicos = new Map(usuarios.map(([roles, nivel]) => [`${nivel}|${[...roles].sort().join(',')}`, [roles, nivel] as const]));
  await Promise.all([...unicos.values()].map(([roles, nivel]) => h.tokenCom(roles, nivel)));
  admin = await h.adminToken();
  await prepararAmostras(h, admin);
});
afterAll(() => h?.close());

async function chamar(rota: RoutePermission, gerar: Gerador | Amostra, token?: string) {
  const amostra = typeof gerar === 'function' ? await gerar() : gerar;
  return h.request(rota.method, amostra.path, { token, body: amostra.body, empresa: amostra.empresa });
}

async function esperarNegado(rota: RoutePermission, gerar: Gerador, token: string) {
  const amostra = await gerar();
  const antes = await h.snapshot();
  const r = await chamar(rota, amostra, token);
  expect(r.status).toBe(403);
  expect(await json(r)).toEqual({ mensagens: [MSG_SEM_PERMISSAO] });
  expect(await h.snapshot()).toBe(antes);
}

async function esperarPermitido(rota: RoutePermission, gerar: Gerador, token?: string) {
  const amostra = await gerar();
  const r = await chamar(rota, amostra, token);
  if (amostra.status !== undefined) {
    expect(r.status, await r.clone().text()).toBe(amostra.status);
    return;
  }
  expect(r.status, await r.clone().text()).toBeGreaterThanOrEqual(200);
  expect(r.status).toBeLessThan(300);
}

describe('route table', () => {
  it('describes exactly the routes the app registers under /api, each with a sample request', () => {
    const registradas = apiRoutes(h.app).sort();
    const descritas = ROUTE_PERMISSIONS.map((r) => routeKey(r.method, r.path)).sort();
    expect(registradas).toEqual(descritas);
    expect(Object.keys(AMOSTRAS).sort()).toEqual(descritas);
  });

  it('refuses to build an app with an unguarded route', () => {
    const app = new Hono();
    app.get('/api/ping', (c) => c.json({}, 200));
    app.get('/api/solta', (c) => c.json({}, 200));
    expect(() => assertRoutesGuarded(app, ROUTE_PERMISSIONS)).toThrow(/GET \/api\/solta/);
  });
});

describe.each(ROUTE_PERMISSIONS.map((r) => ({ ...r, nome: routeKey(r.method, r.path) })))('$nome', (rota) => {
  const amostra = AMOSTRAS[rota.nome];
  const variantes: [string, Gerador, readonly CodigoPermissao[]][] =
    rota.rule.kind === 'SAVE' && typeof amostra === 'object'
      ? [
          ['create', amostra.create, rota.rule.create],
          ['edit', amostra.edit, rota.rule.edit],
        ]
      : [['call', amostra as Gerador, rota.rule.kind === 'ROLES' ? rota.rule.anyOf : []]];

  if (rota.rule.kind === 'PUBLIC') {
    it('answers without a token', () => esperarPermitido(rota, amostra as Gerador));
    return;
  }

  it('answers 401 without a token', async () => {
    const r = await chamar(rota, variantes[0][1]);
    expect(r.status).toBe(401);
    expect(await json(r)).toEqual({ mensagens: [MSG_SESSAO_INVALIDA] });
  });

  it('lets ADMIN through without any profile', async () => {
    for (const [, gerar] of variantes) await esperarPermitido(rota, gerar, admin);
  });

  if (rota.rule.kind === 'AUTH') {
    it('lets any logged user through, even with no roles', async () => {
      await esperarPermitido(rota, variantes[0][1], await h.tokenCom([], 'REPRESENTANTE'));
    });
    return;
  }

  if (rota.rule.kind === 'ADMIN') {
    it('refuses a non-ADMIN holding every code', async () => {
      await esperarNegado(rota, variantes[0][1], await h.tokenCom(TODOS_CODIGOS, 'DIRETOR'));
    });
    return;
  }

  if (rota.rule.kind === 'ALL_ROLES') {
    const todos = rota.rule.allOf;
    for (const codigo of todos)
      it(`refuses a user holding every code except ${codigo}`, async () => {
        await esperarNegado(rota, variantes[0][1], await h.tokenCom(exceto([codigo]), 'DIRETOR'));
      });
    it(`lets a user holding only ${todos.join(' + ')} through`, async () => {
      await esperarPermitido(rota, variantes[0][1], await h.tokenCom(todos, 'REPRESENTANTE'));
    });
    return;
  }

  for (const [variante, gerar, codigos] of variantes) {
    it(`${variante}: refuses a user holding every code except ${codigos.join(' | ')}`, async () => {
      await esperarNegado(rota, gerar, await h.tokenCom(exceto(codigos), 'DIRETOR'));
    });
    for (const codigo of codigos) {
      it(`${variante}: lets a user holding only ${codigo} through`, async () => {
        await esperarPermitido(rota, gerar, await h.tokenCom([codigo], 'REPRESENTANTE'));
      });
    }
  }
});
