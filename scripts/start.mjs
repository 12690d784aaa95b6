// `npm start`: build the web app if it is missing or older than its sources, then start the one
// server process (API + web app) on the embedded database.
import { spawnSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const built = 'dist/web/index.html';
const newest = (dir) =>
  readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
    const p = join(dir, e.name);
    return Math.max(max, e.isDirectory() ? newest(p) : statSync(p).mtimeMs);
  }, 0);
const sources = ['src/web', 'src/contracts', 'src/domain', 'machines', 'public', 'index.html'].filter(existsSync);
const sourceTime = Math.max(...sources.map((s) => (statSync(s).isDirectory() ? newest(s) : statSync(s).mtimeMs)));

if (!existsSync(built) || statSync(built).mtimeMs < sourceTime) {
  console.log('Compilando a aplicação web…');
  if (!existsSync('styled-system')) spawnSync('npx', ['panda', 'codegen', '--silent'], { stdio: 'inherit' });
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => server.kill(sig));
server.on('exit', (code) => process.exit(code ?? 0));
