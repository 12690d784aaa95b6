import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MSG_NAO_ENCONTRADO } from '../../src/contracts/erros';
import { MSG_ADMIN_PASSWORD_OBRIGATORIA, startServer, type StartServerOptions } from '../../src/server/start-server';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { TEST_DB, testDatabaseLocation } from './harness';

const raiz = mkdtempSync(join(tmpdir(), 'frete-start-'));
afterAll(() => rmSync(raiz, { recursive: true, force: true }));

const web = join(raiz, 'web');
mkdirSync(join(web, 'assets'), { recursive: true });
writeFileSync(join(web, 'index.html'), '<!doctype html><title>frete-console</title>');
writeFileSync(join(web, 'assets', 'app.js'), 'console.log(1)');

// Real HTTP through @hono/node-server: PGlite folders under a temp DATA_DIR, or this file's own PG schemas.
const local = testDatabaseLocation();
const opcoes: StartServerOptions = { port: 0, dataDir: join(raiz, 'data'), webDir: web, adminPassword: 'senha-forte', log: () => {}, ...local };

/** A 2 MB body: 413, announced as the end of the connection, which the server then closes. */
function corpoGrande(port: number): Promise<{ status?: number; connection?: string; fechada: boolean }> {
  return new Promise((ok, falha) => {
    const pedido = request({ port, method: 'POST', path: '/api/perfis', headers: { 'Content-Type': 'application/json', 'Content-Length': 2 * 1024 * 1024 } }, (resposta) => {
      resposta.resume();
      resposta.on('end', () => {
        const socket = resposta.socket;
        const fim = () => ok({ status: resposta.statusCode, connection: resposta.headers.connection, fechada: true });
        if (socket.destroyed) fim();
        else socket.once('close', fim);
      });
    });
    pedido.on('error', (e: NodeJS.ErrnoException) => (e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : falha(e)));
    pedido.write('{"x":"');
    pedido.write('a'.repeat(1024 * 1024 + 10));
  });
}

/** ADMIN_PASSWORD set: the admin alone, its profile, no demo registers or CT-es; the demo logins do not exist. */
async function instalacaoDeProducao(url: string, token: string) {
  const ler = async (caminho: string) => (await fetch(`${url}${caminho}`, { headers: { Authorization: token } })).json();
  expect((await ler('/api/usuarios?size=50')).content.map((u: { login: string }) => u.login)).toEqual(['admin']);
  expect((await ler('/api/perfis?size=50')).content.map((p: { descricao: string }) => p.descricao).sort()).toEqual(['Administração', 'Persistido']);
  expect((await ler('/api/transportadoras/listar-simples?size=1')).totalElements).toBe(0);
  expect((await ler('/api/veiculos?size=1')).totalElements).toBe(0);
  expect((await ler('/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2000-01-01&dataFim=2099-12-31&size=50')).totalElements).toBe(0);
  const demo = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'X-Empresa': 'COLACRIL', 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'diretor', senha: SENHA_DEMO }),
  });
  expect(demo.status).toBe(401);
}

describe('startServer', () => {
  it('refuses DATABASE_URL without ADMIN_PASSWORD', async () => {
    await expect(startServer({ databaseUrl: 'postgres://ninguem@127.0.0.1:1/nada', log: () => {} })).rejects.toThrow(
      MSG_ADMIN_PASSWORD_OBRIGATORIA,
    );
  });

  // Two first starts of a whole server (migrate and seed two companies on PGlite): about 35 s alone, near a
  // minute while the other suites load the 2 cores; its own time limit, not the suite's 60 s (the start time
  // itself is measured by the bench).
  it('serves API and web app, closes cleanly, and restarts on the same data without re-seeding', { timeout: 180_000 }, async () => {
    const servidor = await startServer(opcoes);
    try {
      expect(await (await fetch(`${servidor.url}/api/ping`)).json()).toEqual({ status: 'ok' });
      const login = await fetch(`${servidor.url}/api/login`, {
        method: 'POST',
        headers: { 'X-Empresa': 'RRE', 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'admin', senha: 'senha-forte' }),
      });
      expect(login.status).toBe(200);
      const token = login.headers.get('Authorization')!;
      const perfil = await fetch(`${servidor.url}/api/perfis`, {
        method: 'POST',
        headers: { Authorization: token, 'Content-Type': 'application/json' },
        body: JSON.stringify({ descricao: 'Persistido', roles: ['FRETE_CTE_M'] }),
      });
      expect(perfil.status).toBe(201);
      await instalacaoDeProducao(servidor.url, token);

      expect(await (await fetch(`${servidor.url}/`)).text()).toContain('<title>frete-console</title>');
      expect(await (await fetch(`${servidor.url}/ctes/123`)).text()).toContain('<title>frete-console</title>');
      expect(await (await fetch(`${servidor.url}/assets/app.js`)).text()).toBe('console.log(1)');
      for (const caminho of ['/', '/ctes/123', '/assets/app.js']) {
        const r = await fetch(`${servidor.url}${caminho}`);
        expect(r.headers.get('Content-Security-Policy')).toMatch(/default-src 'self'.*frame-ancestors 'none'/);
        expect([r.headers.get('X-Content-Type-Options'), r.headers.get('Referrer-Policy')]).toEqual(['nosniff', 'no-referrer']);
      }
      expect(await corpoGrande(servidor.port)).toEqual({ status: 413, connection: 'close', fechada: true });
      const api404 = await fetch(`${servidor.url}/api/nao-existe`);
      expect(api404.status).toBe(404);
      expect(await api404.json()).toEqual({ mensagens: [MSG_NAO_ENCONTRADO] });
      // "Ler Faturas", "Ler ConEmb's" and the OCOREN reading work at once: every company's EDI folders exist (EDI_DIR = <DATA_DIR>/edi).
      for (const empresa of ['colacril', 'rre'])
        for (const tipo of ['doccob', 'conemb', 'ocoren'])
          for (const pasta of ['entrada', 'saida', 'erro']) expect(existsSync(join(opcoes.dataDir!, 'edi', empresa, tipo, pasta)), `${empresa}/${tipo}/${pasta}`).toBe(true);
      if (TEST_DB === 'pglite') {
        expect(existsSync(join(opcoes.dataDir!, 'rre.lock'))).toBe(true);
        // They hold the token signing key: nobody but the server's user reads them.
        for (const pasta of [opcoes.dataDir!, join(opcoes.dataDir!, 'rre'), join(opcoes.dataDir!, 'colacril')]) expect(statSync(pasta).mode & 0o777).toBe(0o700);
      }
    } finally {
      await servidor.close();
    }
    if (TEST_DB === 'pglite') expect(existsSync(join(opcoes.dataDir!, 'rre.lock'))).toBe(false);

    const denovo = await startServer({ ...opcoes, webDir: join(raiz, 'sem-build') });
    try {
      const login = await fetch(`${denovo.url}/api/login`, {
        method: 'POST',
        headers: { 'X-Empresa': 'RRE', 'Content-Type': 'application/json' },
        body: JSON.stringify({ login: 'admin', senha: 'senha-forte' }),
      });
      const token = login.headers.get('Authorization')!;
      const lista = await (await fetch(`${denovo.url}/api/perfis?search=descricao~Persistido,descricao~Administra`, { headers: { Authorization: token } })).json();
      expect(lista.content.map((p: { descricao: string }) => p.descricao)).toEqual(['Administração', 'Persistido']);
      const semWeb = await fetch(`${denovo.url}/`);
      expect(semWeb.status).toBe(503);
      expect(await semWeb.text()).toContain('npm run build');
    } finally {
      await denovo.close();
    }
  });
});
