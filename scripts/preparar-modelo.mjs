// Part of `npm install` (the prepare script): builds the migrated empty PGlite database that every new data
// folder starts as a copy of (src/server/db/modelo-pglite.ts), so the first `npm start` copies it instead of
// running initdb and the migrations for each company (~3 s). It never fails the install: without it (no tsx
// in a production install, a read-only cache folder) the first start builds it as before.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

let tsx;
try {
  tsx = createRequire(import.meta.url).resolve('tsx');
} catch {
  process.exit(0);
}
const codigo = "import('./src/server/db/modelo-pglite.ts').then((m) => m.garantirModelo()).then((p) => { if (!p) process.exitCode = 1; })";
const r = spawnSync(process.execPath, ['--import', tsx, '-e', codigo], { stdio: ['ignore', 'ignore', 'inherit'] });
if (r.status !== 0) console.warn('Aviso: o banco modelo do PGlite não foi preparado; a primeira partida o fará.');
