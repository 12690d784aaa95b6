import { spawnSync } from 'node:child_process';

// The journeys run against the built app, as `npm start` serves it: build it once per run.
export default function setup() {
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('vite build falhou');
}
