import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SequenciadorJornadasEspalhadas } from './tests/sequenciador.ts';

// One `vitest run` runs every project; the server suite runs twice, on PGlite and on PostgreSQL.

// RELOGIO (an ISO instant) sets the console's clock for the whole run (src/domain/relogio.ts): every worker,
// server and seed it starts reads RELOGIO at this same real instant.
if (process.env.RELOGIO && !process.env.RELOGIO_DESDE) process.env.RELOGIO_DESDE = String(Date.now());
/**
 * The unit and server files share each worker's modules (isolate: false): importing the app anew for every file
 * cost 4 to 5 s a file, a third of the server projects' time. The one server file that mocks a module of the app
 * loads the app anew itself (minutas-lotes-ctes.test.ts). The web files share each worker too (half the web
 * project's time: 258 s alone, 2 workers, against 119-137 s), with one jsdom, but each file imports the app's own
 * modules and Ark UI's anew and starts on an empty body (tests/web/setup.ts): no module state crosses files.
 */
/** The server suite on one database (PGlite, or PostgreSQL with a database of the run's own). */
function servidor(banco: 'pglite' | 'pg') {
  const comum = {
    environment: 'node' as const,
    env: { TEST_DB: banco },
    globalSetup: banco === 'pg' ? ['tests/server/pg-global-setup.ts'] : [],
    testTimeout: 60_000,
    hookTimeout: 180_000,
  };
  return { test: { ...comum, name: `server-${banco}`, include: ['tests/server/**/*.test.ts'], isolate: false } };
}

export default defineConfig({
  // Inline projects do not inherit root test options: each sets its own timeouts.
  test: {
    // Two files at a time on the 2-core CI machine: the server files mostly wait on PostgreSQL, scrypt and
    // PGlite's I/O, so one worker left a core idle (945 s alone, once). The journeys (e2e) run in the
    // same pool, spread through the queue (tests/sequenciador.ts).
    maxWorkers: 2,
    sequence: { sequencer: SequenciadorJornadasEspalhadas },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/ingest/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          testTimeout: 60_000,
          // Opening a PGlite database in a hook takes more than the default 10 s beside two journeys.
          hookTimeout: 60_000,
        },
      },
      servidor('pglite'),
      servidor('pg'),
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
          isolate: false,
          // Imported anew with the app's modules in each file (setup.ts): their module state (the open layers,
          // the scroll lock, the hidden siblings of a modal) must not outlive the file that opened them.
          server: { deps: { inline: [/@zag-js\//, /@ark-ui\//] } },
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
