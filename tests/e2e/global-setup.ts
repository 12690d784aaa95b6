import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { compilarServidor } from '../../scripts/compilar.mjs';
import { iniciarServidor } from './servidor';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A DATA_DIR after the server's first start (the demo seeded, its files in the input folders), stopped. */
    e2eDadosModelo: string;
  }
}

// The journeys run against the built app and the server bundle, as `npm start` serves them: build both once
// per run (the bundle from the current sources, whatever its date). Then one first start seeds a data folder that
// each journey copies (harness.ts): a first start of its own cost each file 20 to 25 s on the 2-core machine.
export default async function setup(project: TestProject) {
  if (!(await compilarServidor({ forcar: true }))) throw new Error('a compilação do servidor (esbuild) falhou');
  // The web build and the first start at once (the first start seeds; it serves no page): 10.7 -> 9.2 s here.
  // vitest sets NODE_ENV=test, which would make a development bundle: build as npm start does.
  const construindo = new Promise<number | null>((resolve) =>
    spawn('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } }).on('close', resolve),
  );
  const modelo = mkdtempSync(join(tmpdir(), 'frete-e2e-modelo-'));
  const [status] = await Promise.all([construindo, iniciarServidor(modelo).then((s) => s.parar())]);
  if (status !== 0) throw new Error('vite build falhou');
  project.provide('e2eDadosModelo', modelo);
  return () => rmSync(modelo, { recursive: true, force: true });
}
