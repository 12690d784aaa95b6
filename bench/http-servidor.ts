// Child process of bench/http.ts: one server per process, so the load generator (in the parent) and the
// server never share an event loop. `bare`: node:http answering ping's JSON; `hono`: a one-route Hono app
// on @hono/node-server (what the framework alone costs); `hono-cabecalhos`: that app with the app's
// security headers; `pglite` / `pg`: the real app through startServer (demo seed). Prints "PORTA <n>" when
// listening; on SIGUSR2 prints "CPU <µs>" (this process's CPU time so far); SIGTERM closes and cleans up.
// BENCH_HTTP_PERFIL=<file>: a CPU profile from listening to SIGTERM.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import pg from 'pg';
import { cabecalhosSeguranca } from '../src/server/http/cabecalhos-seguranca';
import { startServer } from '../src/server/start-server';
import { PG_URL, urlDoBanco } from './bancos-bench';

const SENHA_BENCH = 'bench-admin'; // bench/http.ts logs in with it

type Servidor = { port: number; fechar: () => Promise<void> };

async function bare(): Promise<Servidor> {
  const corpo = JSON.stringify({ status: 'ok' });
  const s = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(corpo);
  });
  await new Promise<void>((ok) => s.listen(0, ok));
  return { port: (s.address() as AddressInfo).port, fechar: () => new Promise((ok) => s.close(() => ok())) };
}

async function hono(cabecalhos = false): Promise<Servidor> {
  const app = new Hono();
  // With the security headers every answer of the app carries: what they alone cost.
  if (cabecalhos) app.use('*', cabecalhosSeguranca());
  app.get('/', (c) => c.json({ status: 'ok' }));
  const s = serve({ fetch: app.fetch, port: 0 });
  await new Promise<void>((ok) => s.once('listening', () => ok()));
  return { port: (s.address() as AddressInfo).port, fechar: () => new Promise<void>((ok) => s.close(() => ok())) };
}

async function pglite(): Promise<Servidor> {
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-bench-http-'));
  const s = await startServer({ port: 0, dataDir, adminPassword: SENHA_BENCH, demo: true, log: () => {} });
  // A new PGlite server analyses its tables 30 s after the start (db/analisar-pglite.ts: about a second of this
  // process's CPU for the demo's tables); measured before it, a round of the ping took it. The server in use is
  // past it: PORTA is said after it.
  await new Promise((ok) => setTimeout(ok, 35_000));
  return { port: s.port, fechar: () => s.close().finally(() => rmSync(dataDir, { recursive: true, force: true })) };
}

async function postgres(): Promise<Servidor> {
  const nome = `frete_bench_http_${process.pid}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create database ${nome}`);
  const apagar = async () => {
    await admin.query(`drop database if exists ${nome} with (force)`);
    await admin.end();
  };
  try {
    const databaseUrl = urlDoBanco(nome);
    const s = await startServer({ port: 0, databaseUrl, adminPassword: SENHA_BENCH, demo: true, log: () => {} });
    return { port: s.port, fechar: () => s.close().finally(apagar) };
  } catch (erro) {
    await apagar();
    throw erro;
  }
}

async function perfilar(arquivo: string): Promise<() => Promise<void>> {
  const { Session } = await import('node:inspector/promises');
  const sessao = new Session();
  sessao.connect();
  await sessao.post('Profiler.enable');
  await sessao.post('Profiler.start');
  return async () => {
    const { profile } = await sessao.post('Profiler.stop');
    writeFileSync(arquivo, JSON.stringify(profile));
  };
}

/**
 * `pglite-e-hono`: the real app on PGlite and, in the same process, the one-route Hono with the headers (PORTA2):
 * the reference measured inside the server's process, to tell what the process costs from what the app's path costs.
 */
async function pgliteEHono(): Promise<Servidor & { port2: number }> {
  const [app, referencia] = [await pglite(), await hono(true)];
  return { port: app.port, port2: referencia.port, fechar: () => referencia.fechar().then(app.fechar) };
}

const modos = { bare, hono: () => hono(), 'hono-cabecalhos': () => hono(true), pglite, pg: postgres, 'pglite-e-hono': pgliteEHono } as const;
const servidor: Servidor & { port2?: number } = await modos[process.argv[2] as keyof typeof modos]();
const { port, fechar } = servidor;
const perfil = process.env.BENCH_HTTP_PERFIL ? await perfilar(process.env.BENCH_HTTP_PERFIL) : undefined;
if (servidor.port2 !== undefined) console.log(`PORTA2 ${servidor.port2}`);
console.log(`PORTA ${port}`);
process.on('SIGUSR2', () => {
  const { user, system } = process.cpuUsage();
  console.log(`CPU ${user + system}`);
});
process.once('SIGTERM', () => {
  // Requests the load generator abandoned at the end of a run may still be queued: let them finish before
  // the databases close (else each logs "Cannot use a pool after calling end").
  void new Promise((ok) => setTimeout(ok, 2000))
    .then(() => perfil?.())
    .then(fechar)
    .finally(() => process.exit(0));
});
