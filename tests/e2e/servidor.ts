import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { SERVIDOR_COMPILADO } from '../../scripts/compilar.mjs';

// The real server of a journey, as `npm start` runs it: the bundle global-setup.ts built, on a DATA_DIR of its own.

const portaLivre = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

export interface Servidor {
  url: string;
  processo: ChildProcess;
  /** SIGTERM, then waits for the process to end (it closes its databases and releases the folder). */
  parar(): Promise<void>;
}

/** Starts the server on `dataDir` (the first start seeds the demo there) and waits until it answers /api/ping. */
export async function iniciarServidor(dataDir: string): Promise<Servidor> {
  const port = await portaLivre();
  const url = `http://localhost:${port}`;
  const processo: ChildProcess = spawn(process.execPath, [SERVIDOR_COMPILADO], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_PASSWORD: '' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const parar = async () => {
    if (processo.exitCode !== null) return;
    const terminou = new Promise((r) => processo.once('exit', r));
    processo.kill('SIGTERM');
    await terminou;
  };
  const inicio = Date.now();
  for (;;) {
    if (processo.exitCode !== null) throw new Error(`o servidor terminou com código ${processo.exitCode}`);
    try {
      if ((await fetch(`${url}/api/ping`)).ok) return { url, processo, parar };
    } catch {
      /* still starting */
    }
    if (Date.now() - inicio > 120_000) {
      await parar();
      throw new Error('o servidor não respondeu a tempo');
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
