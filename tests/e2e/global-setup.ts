import { spawnSync } from 'node:child_process';

// The journeys run against the built app, as `npm start` serves it: build it once per run.
export default function setup() {
  // vitest sets NODE_ENV=test, which would make a development bundle: build as npm start does.
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build falhou');
}
