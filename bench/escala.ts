// Issue 33, "scale-out": the same PostgreSQL database served by 1 and by 2 server processes, side by side in one run:
// each process a real `node --import tsx src/server/main.ts` (WEB_CONCURRENCY=1, its own port) behind a round-robin
// HTTP proxy this bench starts (a child: `bench/escala.ts proxy <portas>`), as several machines behind a balancer
// would be; and WEB_CONCURRENCY=2 (node:cluster, one port) against one process, without the proxy. Figures: the
// authenticated Fretes list (autocannon, 50 connections) and the audit (POST /api/auditorias-cte/auditar, 4 callers
// of 250 CT-es at a time, the same CT-es made PROCESSADO again before each round), with the load beside each.
// BENCH_ESCALA_CTES (20,000), BENCH_ESCALA_SEGUNDOS (5), BENCH_PG_URL. Alone: npm run bench -- escala
import { spawn, type ChildProcess } from 'node:child_process';
import { request as pedirHttp, createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import autocannon from 'autocannon';
import pg from 'pg';
import { seedDatabase } from '../src/server/carga-inicial/semear-banco';
import { openPostgresDatabase } from '../src/server/db/open-postgres';
import { gerarCtes } from '../src/server/demo/gerar-ctes';
import { PG_URL, urlDoBanco } from './bancos-bench';
import { medirCpu } from './cpu-maquina';
import { entrarComoAdmin } from './measure';
import { opcoesNodeDoStart } from './npm-start';

const SENHA = 'bench-admin-escala';
const CTES = Number(process.env.BENCH_ESCALA_CTES ?? 20_000);
const SEGUNDOS = Number(process.env.BENCH_ESCALA_SEGUNDOS ?? 5);
const LISTA = '/api/ctes/listar-simples?page=0&size=50';
const AUDITORES = 4;
const POR_CHAMADA = 250;

const cargaAgora = () => `carga ${loadavg()[0].toFixed(2)}`;

interface Filho {
  url: string;
  pid: number;
  parar: () => Promise<void>;
}

/** Spawns `args` and waits for the line matching `pronto` (its first number group is the port). */
async function iniciarFilho(args: string[], env: NodeJS.ProcessEnv, pronto: RegExp, opcoesNode: string[] = []): Promise<Filho> {
  const filho: ChildProcess = spawn(process.execPath, [...opcoesNode, '--import', 'tsx', ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  const saiu = new Promise<number | null>((ok) => filho.once('exit', ok));
  const linhas: string[] = [];
  const porta = await new Promise<number>((ok, falha) => {
    for (const saida of [filho.stdout!, filho.stderr!])
      createInterface({ input: saida }).on('line', (linha) => {
        linhas.push(linha);
        const m = linha.match(pronto);
        if (m) ok(Number(m[1]));
      });
    void saiu.then((codigo) => falha(new Error(`${args.join(' ')} terminou (código ${codigo}):\n${linhas.join('\n')}`)));
  });
  return {
    url: `http://127.0.0.1:${porta}`,
    pid: filho.pid!,
    parar: async () => {
      if (filho.exitCode === null) filho.kill('SIGTERM');
      await saiu;
    },
  };
}

const servidor = (databaseUrl: string, processos: number) =>
  iniciarFilho(
    ['src/server/main.ts'],
    { PORT: '0', DATABASE_URL: databaseUrl, ADMIN_PASSWORD: SENHA, WEB_CONCURRENCY: String(processos), DATA_DIR: mkdtempSync(join(tmpdir(), 'frete-escala-')) },
    processos > 1 ? /processos ouvindo na porta (\d+)/ : /ouvindo em http:\/\/localhost:(\d+)/,
    opcoesNodeDoStart(),
  );

/** The bench's proxy: every request to the next upstream in turn (keep-alive agents, bodies streamed). */
function proxy(portas: number[]) {
  let proxima = 0;
  const s = createServer((req: IncomingMessage, res: ServerResponse) => {
    const porta = portas[proxima++ % portas.length];
    const ida = pedirHttp({ host: '127.0.0.1', port: porta, method: req.method, path: req.url, headers: req.headers }, (volta) => {
      res.writeHead(volta.statusCode ?? 502, volta.headers);
      volta.pipe(res);
    });
    ida.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
    req.pipe(ida);
  });
  s.keepAliveTimeout = 60_000;
  s.listen(0, '127.0.0.1', () => console.log(`PROXY ${(s.address() as AddressInfo).port}`));
}

async function lista(url: string, token: string) {
  const opcoes = { url: `${url}${LISTA}`, connections: 50, headers: { authorization: token } };
  await autocannon({ ...opcoes, duration: 2 });
  const r = await autocannon({ ...opcoes, duration: SEGUNDOS });
  if (r.non2xx || r.errors || r.timeouts) throw new Error(`lista: ${r.non2xx} não 2xx, ${r.errors} erros, ${r.timeouts} timeouts`);
  return { porSegundo: r.requests.average, texto: `${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms (${cargaAgora()})` };
}

async function auditoria(url: string, token: string, databaseUrl: string) {
  // The schema on the path, as the server has it (the CT-e triggers name their tables unqualified).
  const cliente = new pg.Client({ connectionString: databaseUrl, options: '-c search_path=colacril,public' });
  await cliente.connect();
  const { rows } = await cliente
    .query<{ id: string }>(`update cte set status = 'PROCESSADO' where transportadora_id is not null and peso_bruto > 0 and status not in ('CANCELADO', 'DESCONSIDERADO') returning id`)
    .finally(() => cliente.end());
  const lotes: number[][] = [];
  for (let i = 0; i < rows.length; i += POR_CHAMADA) lotes.push(rows.slice(i, i + POR_CHAMADA).map((r) => Number(r.id)));
  const inicio = performance.now();
  let auditados = 0;
  const auditor = async () => {
    for (let lote = lotes.shift(); lote; lote = lotes.shift()) {
      const r = await fetch(`${url}/api/auditorias-cte/auditar`, { method: 'POST', headers: { authorization: token, 'content-type': 'application/json' }, body: JSON.stringify({ ctes: lote }) });
      if (!r.ok) throw new Error(`auditar: ${r.status} ${await r.text()}`);
      auditados += ((await r.json()) as { processados: number }).processados;
    }
  };
  await Promise.all(Array.from({ length: AUDITORES }, auditor));
  const porSegundo = auditados / ((performance.now() - inicio) / 1000);
  return { porSegundo, texto: `${Math.round(porSegundo)} CT-es auditados/s (${auditados.toLocaleString('pt-BR')} CT-es, ${cargaAgora()})` };
}

async function prepararBanco(): Promise<{ url: string; apagar: () => Promise<void> }> {
  const nome = `frete_bench_escala_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${nome}"`);
  await admin.end();
  const url = urlDoBanco(nome);
  const banco = await openPostgresDatabase('COLACRIL', url, 'colacril');
  try {
    await banco.migrate();
    await seedDatabase(banco, { adminPassword: SENHA, demo: true, log: () => {} });
    await gerarCtes(banco, CTES, {});
  } finally {
    await banco.close();
  }
  const apagar = async () => {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS "${nome}" WITH (FORCE)`).finally(() => c.end());
  };
  return { url, apagar };
}

type Arranjo = { nome: string; url: string; filhos: Filho[]; proxy?: Filho };

async function arranjar(nome: string, databaseUrl: string, processos: number[], comProxy: boolean): Promise<Arranjo> {
  const filhos: Filho[] = [];
  try {
    // One at a time: each start is itself serialised on the database (processos/trava-partida.ts).
    for (const n of processos) filhos.push(await servidor(databaseUrl, n));
    if (!comProxy) return { nome, url: filhos[0].url, filhos };
    const portas = filhos.map((f) => new URL(f.url).port);
    const p = await iniciarFilho(['bench/escala.ts', 'proxy', ...portas], {}, /PROXY (\d+)/);
    return { nome, url: p.url, filhos: [...filhos, p], proxy: p };
  } catch (erro) {
    await Promise.all(filhos.map((f) => f.parar()));
    throw erro;
  }
}

const razao = (a: { porSegundo: number }, b: { porSegundo: number }) => `${(a.porSegundo / b.porSegundo).toFixed(2)} ×`;

/** Two arrangements measured in turn on the same database: the list, then the audit. */
async function compararArranjos(databaseUrl: string, um: () => Promise<Arranjo>, dois: () => Promise<Arranjo>): Promise<string[]> {
  const figuras: string[] = [];
  const medidas: Record<string, { lista: { porSegundo: number }; auditoria: { porSegundo: number } }> = {};
  for (const arranjar of [um, dois]) {
    const a = await arranjar();
    try {
      const token = await entrarComoAdmin(a.url, SENHA);
      const grupos = { servidores: a.filhos.filter((f) => f !== a.proxy).map((f) => f.pid), ...(a.proxy ? { proxy: [a.proxy.pid] } : {}) };
      const cpuLista = medirCpu(grupos);
      const l = await lista(a.url, token);
      const naLista = cpuLista();
      const cpuAuditoria = medirCpu(grupos);
      const au = await auditoria(a.url, token, databaseUrl);
      medidas[a.nome] = { lista: l, auditoria: au };
      figuras.push(`${a.nome}: GET ${LISTA} ${l.texto}; auditoria ${au.texto}`, `  na lista, ${naLista}`, `  na auditoria, ${cpuAuditoria()}`);
    } finally {
      await Promise.all(a.filhos.map((f) => f.parar()));
    }
  }
  const [x, y] = Object.values(medidas);
  figuras.push(`razão (2 processos ÷ 1): lista ${razao(y.lista, x.lista)}, auditoria ${razao(y.auditoria, x.auditoria)} (meta ≥ 1,6 ×)`);
  return figuras;
}

export async function benchEscala(): Promise<string[]> {
  const { url, apagar } = await prepararBanco();
  try {
    return [
      `${CTES.toLocaleString('pt-BR')} CT-es gerados (COLACRIL), PostgreSQL`,
      ...(await compararArranjos(
        url,
        () => arranjar('1 processo atrás do proxy round-robin', url, [1], true),
        () => arranjar('2 processos (portas próprias) atrás do proxy round-robin', url, [1, 1], true),
      )),
      ...(await compararArranjos(
        url,
        () => arranjar('WEB_CONCURRENCY=1, direto', url, [1], false),
        () => arranjar('WEB_CONCURRENCY=2 (node:cluster), direto', url, [2], false),
      )),
    ];
  } finally {
    await apagar();
  }
}

if (process.argv[2] === 'proxy') proxy(process.argv.slice(3).map(Number));
