// Part of `npm install` (the prepare script): builds the migrated empty PGlite database that every new data
// folder starts as a copy of (src/server/db/modelo-pglite.ts), so the first `npm start` copies it instead of
// running initdb and the migrations for each company (~3 s), and today's demo template of each company
// (src/server/carga-inicial/modelo-demo.ts: the seeded demo, 13–18 s of a first start on 2 cores, copied instead).
// It never fails the install: without them (no tsx in a production install, a read-only cache folder, another
// day) the first start builds them as before.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

let tsx;
try {
  tsx = createRequire(import.meta.url).resolve('tsx');
} catch {
  process.exit(0);
}
const codigo =
  "import('./src/server/carga-inicial/preparar-modelo-demo.ts').then((m) => m.prepararModelos()).then((r) => { process.exitCode = r.migrado ? (r.demo ? 0 : 2) : 1; })";
const r = spawnSync(process.execPath, ['--import', tsx, '-e', codigo], { stdio: ['ignore', 'ignore', 'inherit'] });
if (r.status === 2) console.warn('Aviso: a demonstração do PGlite não foi preparada; a primeira partida a semeará.');
else if (r.status !== 0) console.warn('Aviso: o banco modelo do PGlite não foi preparado; a primeira partida o fará.');
