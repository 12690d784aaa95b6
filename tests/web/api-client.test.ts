import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json, stubFetch } from './helpers/fetch-stub';

async function carregar() {
  vi.resetModules();
  const client = await import('../../src/web/api/api-client');
  const bus = await import('../../src/web/api/failure-bus');
  return { ...client, ...bus };
}

describe('api client', () => {
  it('uses the company base address from VITE_API_<EMPRESA>, default same origin /api', async () => {
    vi.stubEnv('VITE_API_RRE', 'http://rre.local/api');
    const { chamadas } = stubFetch(() => json({ ok: true }));
    const { api } = await carregar();
    localStorage.setItem('frete.sessao', JSON.stringify({ token: 't', empresa: 'RRE' }));
    await api('/eu', null);
    localStorage.setItem('frete.sessao', JSON.stringify({ token: 't', empresa: 'COLACRIL' }));
    await api('/eu', null);
    expect(chamadas.map((c) => c.url)).toEqual(['http://rre.local/api/eu', '/api/eu']);
    vi.unstubAllEnvs();
  });

  it('sends Authorization except on /public paths', async () => {
    const { chamadas } = stubFetch(() => json({}));
    const { api } = await carregar();
    localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok', empresa: 'COLACRIL' }));
    await api('/perfis', null, { query: { search: 'descricao~a', page: 0, vazio: '' } });
    await api('/public/versao', null);
    expect(chamadas[0].url).toBe('/api/perfis?search=descricao~a&page=0');
    expect(chamadas[0].headers.get('Authorization')).toBe('Bearer tok');
    expect(chamadas[1].headers.get('Authorization')).toBeNull();
  });

  it('keeps a renewed token answered in Authorization (docs/decisoes.md §1: own password change), only for a call that sent one', async () => {
    stubFetch((c) => json({}, 200, { Authorization: `Bearer ${c.url.includes('public') ? 'nunca' : 'renovado'}` }));
    const { api } = await carregar();
    const { lerSessao } = await import('../../src/web/api/session-storage');
    localStorage.setItem('frete.sessao', JSON.stringify({ token: 'tok', empresa: 'RRE' }));
    await api('/public/versao', null);
    expect(lerSessao()).toEqual({ token: 'tok', empresa: 'RRE' });
    await api('/usuarios/alterar-senha', null, { method: 'POST', body: {} });
    expect(lerSessao()).toEqual({ token: 'renovado', empresa: 'RRE' });
  });

  it('parses answers with the contract and reports an unexpected one', async () => {
    stubFetch(() => json({ id: 'não é número' }));
    const { api, failureBus } = await carregar();
    const falhas: unknown[] = [];
    const sair = failureBus.assinar((f) => falhas.push(f));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api('/x', z.object({ id: z.number() }))).rejects.toThrow();
    expect(falhas).toEqual([{ tipo: 'mensagens', mensagens: ['O servidor enviou uma resposta inesperada.'] }]);
    sair();
  });

  it.each([
    [400, { tipo: 'mensagens', mensagens: ['m1'] }],
    [409, { tipo: 'mensagens', mensagens: ['m1'] }],
    [429, { tipo: 'mensagens', mensagens: ['m1'] }],
    [401, { tipo: 'sessao-perdida', status: 401 }],
    [403, { tipo: 'sem-permissao', mensagens: ['m1'] }],
    [500, { tipo: 'indisponivel' }],
    [404, { tipo: 'indisponivel' }],
  ])('routes a %i', async (status, esperado) => {
    stubFetch(() => json({ mensagens: ['m1'] }, status));
    const { api, failureBus } = await carregar();
    const falhas: unknown[] = [];
    const sair = failureBus.assinar((f) => falhas.push(f));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api('/x', null)).rejects.toMatchObject({ status });
    expect(falhas).toEqual([esperado]);
    sair();
  });

  it('routes a network failure to the unavailable dialog, and nothing when asked not to', async () => {
    stubFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const { api, failureBus } = await carregar();
    const falhas: unknown[] = [];
    const sair = failureBus.assinar((f) => falhas.push(f));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(api('/x', null)).rejects.toThrow();
    await expect(api('/y', null, { rotearFalhas: false })).rejects.toThrow();
    expect(falhas).toEqual([{ tipo: 'indisponivel' }]);
    sair();
  });
});
