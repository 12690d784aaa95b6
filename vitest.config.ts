import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SequenciadorJornadasEspalhadas } from './tests/sequenciador.ts';

// One `vitest run` runs every project; the server suite runs twice, on PGlite and on PostgreSQL.

// RELOGIO (an ISO instant) sets the console's clock for the whole run (src/domain/relogio.ts): every worker,
// server and seed it starts reads RELOGIO at this same real instant.
if (process.env.RELOGIO && !process.env.RELOGIO_DESDE) process.env.RELOGIO_DESDE = String(Date.now());
/**
 * The unit, server and web files share each worker's modules (isolate: false): importing the app anew for every
 * file cost 4 to 5 s a file, a third of the server projects' time. A web file that checks which modules load runs
 * in an isolated project of its own; the one server file that mocks a module of the app loads the app anew itself
 * (minutas-lotes-ctes.test.ts), so the server's PostgreSQL model is built once.
 */
const ISOLADOS_WEB = ['tests/web/login-carga.test.tsx'];

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

function web() {
  const comum = { environment: 'jsdom' as const, setupFiles: ['tests/web/setup.ts'], testTimeout: 30_000 };
  return [
    { plugins: [react()], test: { ...comum, name: 'web', include: ['tests/web/**/*.test.{ts,tsx}'], exclude: ISOLADOS_WEB, isolate: false } },
    { plugins: [react()], test: { ...comum, name: 'web-isolado', include: ISOLADOS_WEB } },
  ];
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
        },
      },
      servidor('pglite'),
      servidor('pg'),
      ...web(),
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
