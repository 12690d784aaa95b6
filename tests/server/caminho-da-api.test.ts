import { Hono, type MiddlewareHandler } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CARACTERE_CONTROLE, MSG_CORPO_GRANDE, MSG_SESSAO_INVALIDA } from '../../src/contracts/erros';
import { badRequest } from '../../src/server/http/api-error';
import { emSequencia } from '../../src/server/http/em-sequencia';
import { errorHandler } from '../../src/server/http/error-handler';
import { RoteadorComMemoria } from '../../src/server/http/roteador-com-memoria';
import { createHarness, json, type Harness } from './harness';

// Issue 33 (docs/decisoes.md §42): the API's checks run as one middleware and the router keeps its answers; what
// a request gets is what it got before, whatever the order of the requests.

let h: Harness;
let admin: string;
beforeAll(async () => {
  h = await createHarness();
  admin = await h.adminToken();
});
afterAll(() => h?.close());

describe('the router that keeps its answers', () => {
  it('gives each id its own record, asked in any order and again', async () => {
    const criados: { id: number; descricao: string }[] = [];
    for (const descricao of ['Perfil A', 'Perfil B'])
      criados.push(await json(await h.request('POST', '/api/perfis', { token: admin, body: { descricao, roles: ['FRETE_CTE_M'] } })));
    for (const perfil of [...criados, ...criados.toReversed(), ...criados]) {
      const resposta = await h.request('GET', `/api/perfis/${perfil.id}`, { token: admin });
      expect(resposta.status).toBe(200);
      expect(await json(resposta)).toMatchObject({ id: perfil.id, descricao: perfil.descricao });
    }
  });

  it('routes the same path by its method, and a long path like any other', async () => {
    expect((await h.request('GET', '/api/perfis', { token: admin })).status).toBe(200);
    expect((await h.request('PUT', '/api/perfis', { token: admin })).status).toBe(404);
    expect((await h.request('GET', '/api/perfis', { token: admin })).status).toBe(200);
    const longo = `/api/${'x'.repeat(300)}`;
    for (let i = 0; i < 2; i++) expect((await h.request('GET', longo, { token: admin })).status).toBe(404);
  });

  it('starts over past its bound, and reads each request its own params', async () => {
    const roteador = new RoteadorComMemoria<string>();
    roteador.add('GET', '/a/:id', 'a');
    for (let i = 0; i < 2000; i++) expect(roteador.match('GET', `/a/${i}`)[0][0][0]).toBe('a');
    const app = new Hono({ router: new RoteadorComMemoria() });
    app.get('/b/:id', (c) => c.text(`b${c.req.param('id')}`));
    expect(await (await app.request('/b/1')).text()).toBe('b1');
    expect(await (await app.request('/b/2')).text()).toBe('b2');
    expect(await (await app.request('/b/1')).text()).toBe('b1');
  });
});

describe('the API checks as one middleware', () => {
  it('still answers each check: 401 without a token (HEAD as GET), 400 for a control character, 413 for a large body', async () => {
    for (const metodo of ['GET', 'HEAD']) expect((await h.request(metodo, '/api/perfis')).status).toBe(401);
    expect(await json(await h.request('GET', '/api/perfis'))).toEqual({ mensagens: [MSG_SESSAO_INVALIDA] });
    const controle = await h.request('GET', '/api/perfis?descricao=a%01', { token: admin });
    expect(controle.status).toBe(400);
    expect(await json(controle)).toEqual({ mensagens: [MSG_CARACTERE_CONTROLE] });
    const grande = await h.request('POST', '/api/perfis', { token: admin, rawBody: `{"descricao":"${'x'.repeat(1024 * 1024)}"}` });
    expect(grande.status).toBe(413);
    expect(await json(grande)).toEqual({ mensagens: [MSG_CORPO_GRANDE] });
    expect((await h.request('GET', '/api/ping')).status).toBe(200);
  });

  it('runs them in order, stops where one answers, and hands a throw or a rejection to the error handler', async () => {
    const passos: string[] = [];
    const passo =
      (nome: string): MiddlewareHandler =>
      (c, next) => {
        passos.push(nome);
        if (c.req.query('para') === nome) return Promise.resolve(c.text(`parou em ${nome}`, 409));
        if (c.req.query('lanca') === nome) throw badRequest('lançou');
        if (c.req.query('rejeita') === nome) return Promise.reject(badRequest('rejeitou'));
        return next();
      };
    const app = new Hono();
    app.use('*', emSequencia(passo('um'), passo('dois'), passo('tres')));
    app.get('/', (c) => c.text('rota'));
    app.onError(errorHandler(() => {}));
    const pedir = async (consulta: string) => {
      passos.length = 0;
      const resposta = await app.request(`/${consulta}`);
      return [resposta.status, await resposta.text(), passos.join(',')];
    };
    expect(await pedir('')).toEqual([200, 'rota', 'um,dois,tres']);
    expect(await pedir('?para=dois')).toEqual([409, 'parou em dois', 'um,dois']);
    expect(await pedir('?lanca=tres')).toEqual([400, JSON.stringify({ mensagens: ['lançou'] }), 'um,dois,tres']);
    expect(await pedir('?rejeita=um')).toEqual([400, JSON.stringify({ mensagens: ['rejeitou'] }), 'um']);
  });
});
