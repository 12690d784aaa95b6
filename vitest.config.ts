import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { SequenciadorJornadasEspalhadas } from './tests/sequenciador.ts';

// One `vitest run` runs every project; the server suite runs twice, on PGlite and on PostgreSQL.

// RELOGIO (an ISO instant) sets the console's clock for the whole run (src/domain/relogio.ts): every worker,
// server and seed it starts reads RELOGIO at this same real instant.
if (process.env.RELOGIO && !process.env.RELOGIO_DESDE) process.env.RELOGIO_DESDE = String(Date.now());
export default defineConfig({
  // Inline projects do not inherit root test options: each sets its own timeouts.
  test: {
    // Two files at a time on the 2-core CI machine: the server files mostly wait on PostgreSQL, scrypt and
    // PGlite's I/O, so one worker left a core idle (945 s alone, once). The journeys (e2e) run in the
    // same pool, spread through the queue (tests/sequenciador.ts).
    maxWorkers: 2,
    sequence: { sequencer: SequenciadorJornadasEspalhadas },
    projects: [
      { test: { name: 'unit', include: ['tests/domain/**/*.test.ts', 'tests/machines/**/*.test.ts', 'tests/db/**/*.test.ts', 'tests/ingest/**/*.test.ts'], environment: 'node', testTimeout: 60_000 } },
      {
        test: {
          name: 'server-pglite',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pglite' },
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'server-pg',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DB: 'pg' },
          globalSetup: ['tests/server/pg-global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'web',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['tests/web/setup.ts'],
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
