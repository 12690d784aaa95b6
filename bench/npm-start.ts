// `npm start` as a child process, for the benchmarks that time it (inicio.ts, console.ts).
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

export const portaLivre = () =>
  new Promise<number>((ok) => {
    const s = createServer().listen(0, () => {
      const { port } = s.address() as { port: number };
      s.close(() => ok(port));
    });
  });

/** The Node options `npm start` runs the server with (the `--…` words before its script). */
export function opcoesNodeDoStart(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const palavras = scripts.start.trim().split(/\s+/);
  if (palavras[0] !== 'node') return [];
  const opcoes: string[] = [];
  for (const p of palavras.slice(1)) {
    if (!p.startsWith('--')) break;
    opcoes.push(p);
  }
  return opcoes;
}

/** `npm start` (scripts/start.mjs, with its Node options) on `port` and the PGlite folder `dataDir`, never PostgreSQL. */
export const iniciarNpmStart = (port: number, dataDir: string, env: NodeJS.ProcessEnv = {}, stdout: 'ignore' | 'pipe' = 'ignore') =>
  spawn(process.execPath, [...opcoesNodeDoStart(), 'scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ...env },
    stdio: ['ignore', stdout, 'inherit'],
  });

/** Waits until GET /api/ping answers; answers the ms it took. Fails if the server ends or takes 3 minutes. */
export async function esperarPing(url: string, filho: ChildProcess): Promise<number> {
  const inicio = performance.now();
  while (performance.now() - inicio < 180_000) {
    if (filho.exitCode !== null) throw new Error(`o servidor terminou com código ${filho.exitCode}`);
    if (await fetch(`${url}/api/ping`).then((r) => r.ok, () => false)) return performance.now() - inicio;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('o servidor não respondeu a tempo');
}

export async function parar(filho: ChildProcess): Promise<void> {
  if (filho.exitCode !== null) return;
  const saiu = new Promise((r) => filho.once('exit', r));
  filho.kill('SIGTERM');
  await saiu;
}
