import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_SENHA_ALTERADA,
  MSG_SENHA_DIFERENTE,
  MSG_SENHA_MINIMO,
  MSG_SENHA_PREENCHER,
  usuarioLogadoSchema,
} from '../../src/contracts/auth';
import { versoesSchema } from '../../src/contracts/versoes';
import { perfil } from '../../src/server/db/schema/perfil';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { createHarness, json, type Harness } from './harness';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h?.close());

describe('GET /api/eu', () => {
  it('answers the user with the union of the active profiles codes, in one shape', async () => {
    const token = await h.login('gerente', SENHA_DEMO);
    const eu = usuarioLogadoSchema.parse(await json(await h.request('GET', '/api/eu', { token })));
    expect(eu).toMatchObject({ login: 'gerente', nome: 'Marcos Ribeiro', nivel: 'GERENTE', principal: 'gerente', empresa: 'COLACRIL' });
    expect(eu.perfil).toBe('Auditoria de Fretes, Expedição');
    expect(eu.roles).toContain('FRETE_CTE_E');
    expect(eu.roles).toContain('FRETE_ROMA_D');
    expect(eu.roles).not.toContain('____PERF_M');
    expect(eu.authorities).toEqual(eu.roles);
    expect(new Set(eu.roles).size).toBe(eu.roles.length);
    expect(eu.mostrarChangelog).toBe(true);
  });

  it('drops the codes of a deactivated profile', async () => {
    const token = await h.tokenCom(['FRETE_VEIC_M']);
    const antes = await json(await h.request('GET', '/api/eu', { token }));
    expect(antes.roles).toEqual(['FRETE_VEIC_M']);
    const [{ id }] = await h.bancos.COLACRIL.db.select({ id: perfil.id }).from(perfil).where(eq(perfil.descricao, `Perfil de ${antes.login}`));
    // Through the API: the server forgets its cached copy of the holders (docs/decisoes.md §6).
    expect((await h.request('DELETE', `/api/perfis/${id}`, { token: await h.adminToken() })).status).toBe(200);
    const depois = await json(await h.request('GET', '/api/eu', { token }));
    expect(depois).toMatchObject({ roles: [], authorities: [], perfil: null });
  });
});

describe('versions and the what\'s-new flag', () => {
  it('lists versions newer than the last seen id, oldest first, with their notes', async () => {
    const token = await h.login('diretor', SENHA_DEMO);
    const todas = versoesSchema.parse(await json(await h.request('GET', '/api/versoes/0', { token })));
    expect(todas.map((v) => v.id)).toEqual([1, 2, 3]);
    for (const v of todas) expect(v.detalhes.length).toBeGreaterThan(0);
    expect(todas[0].detalhes.map((d) => d.tipo)).toContain('CORRECAO');
    expect((await json(await h.request('GET', '/api/versoes/1', { token }))).map((v: { id: number }) => v.id)).toEqual([2, 3]);
    expect(await json(await h.request('GET', '/api/versoes/3', { token }))).toEqual([]);
  });

  it('stores ultimaVersao in the settings map and clears mostrarChangelog', async () => {
    const token = await h.tokenCom(['FRETE_CTE_M'], 'SUPERVISOR');
    const r = await h.request('POST', '/api/usuarios/configuracoes', { token, body: { ultimaVersao: '3' } });
    expect(r.status).toBe(200);
    expect(await json(r)).toMatchObject({ settings: { ultimaVersao: '3' }, mostrarChangelog: false });
    expect(await json(await h.request('GET', '/api/eu', { token }))).toMatchObject({ mostrarChangelog: false });
    await h.request('POST', '/api/usuarios/configuracoes', { token, body: { ultimaVersao: '2' } });
    expect(await json(await h.request('GET', '/api/eu', { token }))).toMatchObject({ mostrarChangelog: true, settings: { ultimaVersao: '2' } });
  });

  it('refuses unknown settings keys and non-numeric versions', async () => {
    const token = await h.tokenCom(['FRETE_CTE_M'], 'SUPERVISOR');
    const chave = await h.request('POST', '/api/usuarios/configuracoes', { token, body: { tema: 'escuro' } });
    expect(chave.status).toBe(400);
    expect((await json(chave)).mensagens).toContain('Campo(s) desconhecido(s): tema.');
    const valor = await h.request('POST', '/api/usuarios/configuracoes', { token, body: { ultimaVersao: 'abc' } });
    expect(await json(valor)).toEqual({ mensagens: ['A versão deve ser um número.'] });
  });
});

describe('POST /api/usuarios/alterar-senha', () => {
  it('answers each validation message of spec 01 §5', async () => {
    const token = await h.login('representante', SENHA_DEMO);
    const casos: [unknown, string][] = [
      [{ senhaAtual: SENHA_DEMO, senha: '', confirmacao: '' }, MSG_SENHA_PREENCHER],
      [{ senhaAtual: SENHA_DEMO, senha: 'abcd1234' }, MSG_SENHA_PREENCHER],
      [{ senhaAtual: SENHA_DEMO, senha: 'abcdefg', confirmacao: 'abcdefg' }, MSG_SENHA_MINIMO],
      [{ senhaAtual: SENHA_DEMO, senha: 'abcdefgh', confirmacao: 'abcdefgi' }, MSG_SENHA_DIFERENTE],
    ];
    for (const [body, mensagem] of casos) {
      const r = await h.request('POST', '/api/usuarios/alterar-senha', { token, body });
      expect(r.status).toBe(400);
      expect(await json(r)).toEqual({ mensagens: [mensagem] });
    }
  });

  // docs/decisoes.md §1, §2 (current password, other sessions ended, fresh token): sessoes.test.ts.
  it('changes the password: the new one logs in, the old one no longer does', async () => {
    await h.criarUsuario('COLACRIL', 'trocasenha', ['FRETE_CTE_M']);
    const token = await h.login('trocasenha', SENHA_DEMO);
    const r = await h.request('POST', '/api/usuarios/alterar-senha', { token, body: { senhaAtual: SENHA_DEMO, senha: 'nova-senha', confirmacao: 'nova-senha' } });
    expect(r.status).toBe(200);
    expect(await json(r)).toEqual({ mensagens: [MSG_SENHA_ALTERADA] });
    const [nova, antiga] = await Promise.all([h.loginResponse('trocasenha', 'nova-senha'), h.loginResponse('trocasenha', SENHA_DEMO)]);
    expect(nova.status).toBe(200);
    expect(antiga.status).toBe(401);
  });
});
