import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorHandler } from '../../src/server/http/error-handler';
import { createHarness, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

/** The headers every answer carries (docs/decisoes.md §31). */
function esperarCabecalhos(resposta: Response) {
  const csp = resposta.headers.get('Content-Security-Policy') ?? '';
  expect(csp).toContain("default-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toMatch(/script-src 'self'(;|$)/);
  expect(csp).not.toContain('unsafe-inline');
  expect(resposta.headers.get('X-Content-Type-Options')).toBe('nosniff');
  expect(resposta.headers.get('Referrer-Policy')).toBe('no-referrer');
  expect(resposta.headers.get('X-Frame-Options')).toBe('DENY');
}

describe('security headers', () => {
  it('on API answers (success, 401, 404, 400), with Cache-Control no-store', async () => {
    const admin = await h.adminToken();
    const respostas = [
      await h.request('GET', '/api/ping'),
      await h.request('GET', '/api/perfis', { token: admin }),
      await h.request('GET', '/api/perfis'),
      await h.request('GET', '/api/nao-existe', { token: admin }),
      await h.request('POST', '/api/perfis', { token: admin, rawBody: '{' }),
    ];
    expect(respostas.map((r) => r.status)).toEqual([200, 200, 401, 404, 400]);
    for (const r of respostas) {
      esperarCabecalhos(r);
      expect(r.headers.get('Cache-Control')).toBe('no-store');
    }
  });
});

describe('the server log', () => {
  it('prints a failed query’s SQL and the database’s message, never its parameters or the failing row', async () => {
    const linhas: string[] = [];
    const app = new Hono();
    app.onError(errorHandler((...partes) => linhas.push(partes.map(String).join(' '))));
    app.get('/falha', async () => {
      await h.bancos.RRE.db.execute(sql`insert into usuario (login, nome, senha_hash, nivel) values (${null}, ${'Nova'}, ${'$scrypt$ln=17$segredo'}, ${'GERENTE'})`);
      return new Response('inesperado');
    });
    const resposta = await app.request('/falha');
    expect(resposta.status).toBe(500);
    expect(linhas).toHaveLength(1);
    expect(linhas[0]).toContain('insert into usuario');
    expect(linhas[0]).toMatch(/null value|nulo|violates not-null/i);
    expect(linhas[0]).not.toContain('segredo');
    expect(linhas[0]).not.toContain('Nova');
  });
});
