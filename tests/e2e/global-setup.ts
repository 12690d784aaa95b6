import { spawnSync } from 'node:child_process';
import { compilarServidor } from '../../scripts/compilar.mjs';

// The journeys run against the built app and the server bundle, as `npm start` serves them: build both once
// per run (the bundle from the current sources, whatever its date).
export default async function setup() {
  // vitest sets NODE_ENV=test, which would make a development bundle: build as npm start does.
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], {
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build falhou');
  if (!(await compilarServidor({ forcar: true }))) throw new Error('a compilação do servidor (esbuild) falhou');
}
