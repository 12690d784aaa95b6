// `npm run bench`: prints figures; never asserts on time (brief: speed targets live here, not in tests).
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { createServer } from 'node:net';
import { stats, time } from './measure';
import { benchRegisters } from './registers';
import { benchCtes } from './ctes';
import { benchFaturas } from './faturas';
import { benchMinutas } from './minutas';
import { benchRomaneios } from './romaneios';
import { benchIndicadores } from './indicadores';
import { benchTabelasFrete } from './tabelas-frete';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

async function waitForPing(url: string, child: ChildProcess, timeoutMs = 120_000): Promise<void> {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`o servidor terminou com código ${child.exitCode}`);
    try {
      const r = await fetch(`${url}/api/ping`);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('o servidor não respondeu a tempo');
}

function startConsole(port: number, dataDir: string): ChildProcess {
  return spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const done = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await done;
}


async function main() {
  const figures: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'frete-bench-'));
  const port = await freePort();
  const url = `http://localhost:${port}`;
  try {
    // Build first so cold start measures the server, not the web build.
    if (!existsSync('dist/web/index.html')) {
      const b = spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
      await new Promise((r) => b.once('exit', r));
    }

    let child = startConsole(port, dataDir);
    let [ms] = await time(() => waitForPing(url, child));
    figures.push(`partida a frio de npm start (banco novo: migração + carga inicial): ${ms.toFixed(0)} ms`);
    await stop(child);

    child = startConsole(port, dataDir);
    [ms] = await time(() => waitForPing(url, child));
    figures.push(`partida de npm start (banco já existente): ${ms.toFixed(0)} ms`);

    const login = async () => {
      const r = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Empresa': 'COLACRIL' },
        body: JSON.stringify({ login: 'admin', senha: process.env.ADMIN_PASSWORD ?? 'admin' }),
      });
      if (!r.ok) throw new Error(`login falhou: ${r.status}`);
      return r.headers.get('authorization')!;
    };
    const loginTimes: number[] = [];
    let token = '';
    for (let i = 0; i < 10; i++) {
      const [t, tok] = await time(login);
      loginTimes.push(t);
      token = tok;
    }
    figures.push(`latência de POST /api/login (scrypt N=2^17): ${stats(loginTimes)}`);

    // No timing oracle: an unknown user must cost what a wrong password costs.
    const falha = async (login: string) => {
      const r = await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'X-Empresa': 'RRE' },
        body: JSON.stringify({ login, senha: 'senha-errada' }),
      });
      if (r.status !== 401) throw new Error(`esperava 401, veio ${r.status}`);
    };
    const desconhecido: number[] = [];
    const senhaErrada: number[] = [];
    for (const login of ['diretor', 'gerente', 'supervisor', 'representante']) {
      desconhecido.push((await time(() => falha(`ninguem-${login}`)))[0]);
      senhaErrada.push((await time(() => falha(login)))[0]);
    }
    figures.push(`login recusado, usuário inexistente: ${stats(desconhecido)}; senha errada: ${stats(senhaErrada)}`);

    const headers = { authorization: token, 'content-type': 'application/json' };
    const total = 5000;
    const [seedMs] = await time(async () => {
      for (let i = 0; i < total; i += 50) {
        await Promise.all(
          Array.from({ length: 50 }, (_, j) =>
            fetch(`${url}/api/perfis`, {
              method: 'POST',
              headers,
              body: JSON.stringify({ descricao: `Perfil de carga ${String(i + j).padStart(5, '0')}`, roles: ['FRETE_CTE_M', '____PERF_M'], ativado: true }),
            }).then((r) => {
              if (!r.ok) throw new Error(`POST /perfis ${r.status}`);
            }),
          ),
        );
      }
    });
    figures.push(`POST /api/perfis: ${total} perfis em ${seedMs.toFixed(0)} ms (${((seedMs / total) * 1000).toFixed(0)} µs/perfil, 50 em paralelo)`);

    const list = async (query: string) => {
      const r = await fetch(`${url}/api/perfis?${query}`, { headers });
      if (!r.ok) throw new Error(`GET /perfis ${r.status}`);
      await r.json();
    };
    for (const [label, query] of [
      ['primeira página, ordenada', 'sort=descricao,asc&page=0&size=50'],
      ['busca por descrição (contém)', `search=${encodeURIComponent('descricao~carga 04')}&sort=descricao,asc&page=0&size=50`],
      ['página 90', 'sort=descricao,asc&page=90&size=50'],
    ] as const) {
      const xs: number[] = [];
      for (let i = 0; i < 40; i++) xs.push((await time(() => list(query)))[0]);
      figures.push(`GET /api/perfis (${label}, ${total + 5} perfis): ${stats(xs)}`);
    }
    await stop(child);

    const html = readFileSync('dist/web/index.html', 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    const gz = assets.reduce((sum, a) => sum + gzipSync(readFileSync(join('dist/web', a))).length, 0);
    const raw = assets.reduce((sum, a) => sum + readFileSync(join('dist/web', a)).length, 0);
    figures.push(`JS inicial: ${(raw / 1024).toFixed(1)} KiB, ${(gz / 1024).toFixed(1)} KiB gzip (${assets.length} arquivo(s))`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  figures.push(...(await benchRegisters()));
  figures.push(...(await benchTabelasFrete()));
  figures.push(...(await benchCtes()));
  figures.push(...(await benchFaturas()));
  figures.push(...(await benchMinutas()));
  figures.push(...(await benchRomaneios()));
  figures.push(...(await benchIndicadores()));
  console.log('\nfrete-console — medições');
  for (const f of figures) console.log(`- ${f}`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
