import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MSG_SENHA_ALTERADA } from '../../src/contracts/auth';
import { MSG_SESSAO_ENCERRADA } from '../../src/contracts/erros';
import { MSG_LEITURA_EM_ANDAMENTO } from '../../src/contracts/leitura-xml';
import { MSG_RECEBIMENTO_EM_ANDAMENTO } from '../../src/contracts/recebimento';
import { VIDA_COMPARTILHADO_MS } from '../../src/server/auth/cache-usuarios';
import { chaveTrava } from '../../src/server/recebimento/agendador';
import { TEST_DB } from './harness';
import { copiarModelo } from './pg-global-setup';
import { SENHA_ADMIN_TESTE } from './senha-admin-teste';

// Issue 33: server processes started by the test (node --import tsx src/server/main.ts) on one PostgreSQL database of
// this file's own: two separate servers (as two machines would run them), then WEB_CONCURRENCY=2 (node:cluster).
// No timed assertion: the one wait is the user cache's lifetime, after which a fresh read is certain.

interface Processo {
  url: string;
  filho: ChildProcess;
  /** Every line it printed so far (stdout and stderr). */
  linhas: string[];
  /** Resolves at the first line matching `padrao` (already printed or to come). */
  esperarLinha: (padrao: RegExp) => Promise<RegExpMatchArray>;
  saiu: Promise<number | null>;
}

let databaseUrl = '';
const pastas: string[] = [];
const processos: Processo[] = [];

const portaLivre = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => ok(port));
    });
  });

async function iniciar(env: Record<string, string> = {}): Promise<Processo> {
  const porta = await portaLivre();
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-processos-'));
  pastas.push(dataDir);
  const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: String(porta), DATA_DIR: dataDir, DATABASE_URL: databaseUrl, ADMIN_PASSWORD: SENHA_ADMIN_TESTE, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const linhas: string[] = [];
  const esperando: { padrao: RegExp; ok: (m: RegExpMatchArray) => void }[] = [];
  for (const saida of [filho.stdout, filho.stderr])
    createInterface({ input: saida }).on('line', (linha) => {
      linhas.push(linha);
      for (const e of [...esperando]) {
        const m = linha.match(e.padrao);
        if (!m) continue;
        esperando.splice(esperando.indexOf(e), 1);
        e.ok(m);
      }
    });
  const saiu = new Promise<number | null>((ok) => filho.once('exit', (codigo) => ok(codigo)));
  // Bounded, so a start that never comes fails with what the server printed instead of the test's timeout.
  const esperarLinha = (padrao: RegExp, limiteMs = 150_000) =>
    new Promise<RegExpMatchArray>((ok, falha) => {
      const ja = linhas.map((l) => l.match(padrao)).find(Boolean);
      if (ja) return ok(ja);
      const relogio = setTimeout(() => falha(new Error(`"${padrao}" não veio em ${limiteMs / 1000} s:\n${linhas.join('\n')}`)), limiteMs);
      esperando.push({ padrao, ok: (m) => (clearTimeout(relogio), ok(m)) });
      void saiu.then((codigo) => (clearTimeout(relogio), falha(new Error(`o servidor saiu (código ${codigo}) antes de "${padrao}":\n${linhas.join('\n')}`))));
    });
  const p: Processo = { url: `http://127.0.0.1:${porta}`, filho, linhas, esperarLinha, saiu };
  processos.push(p);
  return p;
}

const pedir = (p: Processo, caminho: string, token?: string, corpo?: unknown) =>
  fetch(`${p.url}${caminho}`, {
    method: corpo === undefined ? 'GET' : 'POST',
    headers: { 'X-Empresa': 'COLACRIL', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...(corpo === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: corpo === undefined ? undefined : JSON.stringify(corpo),
    // A call never left waiting: one that gets no answer fails (or counts as lost where a process is killed).
    signal: AbortSignal.timeout(60_000),
  });

async function entrar(p: Processo, senha: string): Promise<string> {
  const r = await pedir(p, '/api/login', undefined, { login: 'admin', senha });
  expect(r.status).toBe(200);
  return r.headers.get('Authorization')!.replace(/^Bearer /, '');
}

async function comCliente<T>(fazer: (c: pg.Client) => Promise<T>): Promise<T> {
  const c = new pg.Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    return await fazer(c);
  } finally {
    await c.end();
  }
}

const parar = async (p: Processo) => {
  if (p.filho.exitCode === null && p.filho.signalCode === null) p.filho.kill('SIGTERM');
  return p.saiu;
};

describe.skipIf(TEST_DB !== 'pg')('several server processes on one PostgreSQL database', () => {
  beforeAll(async () => {
    databaseUrl = await copiarModelo(inject('pgUrl'), inject('pgModelos').semCtes);
  });
  afterAll(async () => {
    await Promise.all(processos.map(parar));
    for (const pasta of pastas) rmSync(pasta, { recursive: true, force: true });
  });

  describe('two servers started apart', () => {
    let a: Processo;
    let b: Processo;
    beforeAll(async () => {
      // Started together: the start lock (processos/trava-partida.ts) lets one migrate and seed at a time.
      [a, b] = await Promise.all([iniciar(), iniciar()]);
      await Promise.all([a.esperarLinha(/ouvindo em/), b.esperarLinha(/ouvindo em/)]);
    });
    afterAll(() => Promise.all([parar(a), parar(b)]));

    it('a token from one is honoured by the other (no stickiness), and a password change on one ends it on both', async () => {
      const sessao = await entrar(a, SENHA_ADMIN_TESTE);
      // Both processes now hold the user in their caches.
      expect((await pedir(a, '/api/eu', sessao)).status).toBe(200);
      expect((await pedir(b, '/api/eu', sessao)).status).toBe(200);
      const outra = await entrar(b, SENHA_ADMIN_TESTE);
      const nova = 'processos-nova-senha';
      const r = await pedir(b, '/api/usuarios/alterar-senha', outra, { senhaAtual: SENHA_ADMIN_TESTE, senha: nova, confirmacao: nova });
      expect(await r.json()).toEqual({ mensagens: [MSG_SENHA_ALTERADA] });
      expect((await pedir(b, '/api/eu', sessao)).status).toBe(401);
      // The other process read the user before the change: its entry lives VIDA_COMPARTILHADO_MS at most.
      await new Promise((ok) => setTimeout(ok, VIDA_COMPARTILHADO_MS + 50));
      const depois = await pedir(a, '/api/eu', sessao);
      expect(depois.status).toBe(401);
      expect(await depois.json()).toEqual({ mensagens: [MSG_SESSAO_ENCERRADA] });
      // The new password works on either.
      expect((await pedir(a, '/api/eu', await entrar(a, nova))).status).toBe(200);
      const volta = await pedir(a, '/api/usuarios/alterar-senha', await entrar(a, nova), { senhaAtual: nova, senha: SENHA_ADMIN_TESTE, confirmacao: SENHA_ADMIN_TESTE });
      expect(volta.status).toBe(200);
    }, 60_000);

    it('a folder reading held by another process is refused on both servers, and runs once it is released', async () => {
      const token = await entrar(a, SENHA_ADMIN_TESTE);
      // Another process holds COLACRIL's folder source, the way a server reading it would (db/trava-exclusiva.ts).
      const dono = new pg.Client({ connectionString: databaseUrl });
      await dono.connect();
      try {
        await dono.query('select pg_advisory_lock(hashtextextended($1, 0))', [`colacril:${chaveTrava('PASTA')}`]);
        const xmls = await pedir(a, '/api/ctes/ler-arquivos', token);
        expect(xmls.status).toBe(409);
        expect(await xmls.json()).toEqual({ mensagens: [MSG_LEITURA_EM_ANDAMENTO] });
        const agora = await pedir(b, '/api/recebimento/PASTA/ler', token, {});
        expect(agora.status).toBe(409);
        expect(await agora.json()).toEqual({ mensagens: [MSG_RECEBIMENTO_EM_ANDAMENTO] });
      } finally {
        await dono.end();
      }
      // Released (the connection closed): the reading runs; the test folder does not exist, which it says.
      const xmls = await pedir(b, '/api/ctes/ler-arquivos', token);
      expect(await xmls.json()).not.toEqual({ mensagens: [MSG_LEITURA_EM_ANDAMENTO] });
    });
  });

  it('WEB_CONCURRENCY=2 whose workers cannot start (no ADMIN_PASSWORD): the primary says so and exits 1, without retrying', async () => {
    const falho = await iniciar({ WEB_CONCURRENCY: '2', ADMIN_PASSWORD: '' });
    expect(await falho.saiu).toBe(1);
    expect(falho.linhas.some((l) => /terminou antes de ouvir \(código 1\): o frete-console não iniciou/.test(l))).toBe(true);
    expect(falho.linhas.filter((l) => /ouvindo/.test(l))).toEqual([]);
  }, 120_000);

  it('WEB_CONCURRENCY=2: kill -9 of one process loses no acknowledged save, the other keeps answering, the primary starts another', async () => {
    const cluster = await iniciar({ WEB_CONCURRENCY: '2' });
    await cluster.esperarLinha(/2 processos ouvindo/);
    const pids = () => [...new Set(cluster.linhas.flatMap((l) => [...l.matchAll(/processo \d de 2, pid (\d+)/g)].map((m) => Number(m[1]))))];
    await cluster.esperarLinha(/processo 1 de 2, pid/);
    await cluster.esperarLinha(/processo 2 de 2, pid/);
    const originais = pids();
    const [vitima] = originais;
    const token = await entrar(cluster, SENHA_ADMIN_TESTE);
    const confirmados: string[] = [];
    const salvar = async (i: number) => {
      const descricao = `Processos ${i}`;
      const r = await pedir(cluster, '/api/tipos-veiculo', token, { descricao }).catch(() => null);
      if (r?.status === 201) confirmados.push(descricao);
      return r?.status ?? 'conexão perdida';
    };
    // Saves go on while one process dies mid-way.
    const antes = await Promise.all(Array.from({ length: 20 }, (_, i) => salvar(i)));
    expect(antes.every((s) => s === 201)).toBe(true);
    const lote = Array.from({ length: 20 }, (_, i) => salvar(100 + i));
    process.kill(vitima, 'SIGKILL');
    await Promise.all(lote);
    await cluster.esperarLinha(new RegExp(`pid ${vitima}\\) terminou \\(sinal SIGKILL\\)`));
    // While its replacement starts, the other process answers every call.
    const durante = [];
    for (let i = 0; i < 10; i++) durante.push(await salvar(200 + i));
    expect(durante).toEqual(Array(10).fill(201));
    const gravados = await comCliente(async (c) => (await c.query<{ descricao: string }>(`select descricao from colacril.tipo_veiculo where descricao like 'Processos %'`)).rows);
    expect(gravados.map((g) => g.descricao).sort()).toEqual(expect.arrayContaining([...confirmados].sort()));
    // The replacement listens (a third pid; its start takes as long as it takes), then SIGTERM stops them all.
    await cluster.esperarLinha(new RegExp(`processo \\d de 2, pid (?!(?:${originais.join('|')})\\b)\\d+`));
    expect((await pedir(cluster, '/api/eu', token)).status).toBe(200);
    cluster.filho.kill('SIGTERM');
    expect(await cluster.saiu).toBe(0);
  }, 240_000);
});
