import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { lerConcorrencia, mensagemConcorrenciaInvalida, mensagemConcorrenciaSemPostgres } from '../../src/server/processos/concorrencia';
import { TEST_DB } from './harness';

// Issue 33: WEB_CONCURRENCY is read before anything opens: PGlite with more than one process, and values that are not
// a number of processes, are refused with a message on stderr and a non-zero exit (the server never starts).

const URL_PG = 'postgres://u@127.0.0.1:5432/x';

describe('WEB_CONCURRENCY', () => {
  it('unset or blank is one process; a whole number from 1 up is that many with PostgreSQL', () => {
    for (const v of [undefined, '', '  ']) expect(lerConcorrencia(v, undefined)).toEqual({ processos: 1 });
    expect(lerConcorrencia('1', undefined)).toEqual({ processos: 1 });
    expect(lerConcorrencia('4', URL_PG)).toEqual({ processos: 4 });
    expect(lerConcorrencia(' 2 ', URL_PG)).toEqual({ processos: 2 });
  });

  it('refuses more than one process on PGlite, and values that are not a number of processes', () => {
    expect(lerConcorrencia('2', undefined)).toEqual({ erro: mensagemConcorrenciaSemPostgres(2) });
    for (const v of ['0', '-1', 'abc', '1.5', '2x', '1e1', '33', '0x2'])
      for (const url of [undefined, URL_PG]) expect(lerConcorrencia(v, url)).toEqual({ erro: mensagemConcorrenciaInvalida(v) });
  });

  // One run of the real entry point per refusal kind (PGlite only: the PostgreSQL project would repeat it).
  it.skipIf(TEST_DB !== 'pglite')('the server refuses to start: the message on stderr, exit code 1, nothing listening', async () => {
    const rodar = (valor: string) =>
      new Promise<{ codigo: number | null; stdout: string; stderr: string }>((ok) => {
        const env: NodeJS.ProcessEnv = { ...process.env, WEB_CONCURRENCY: valor, PORT: '0', DATA_DIR: '/dev/null/frete-console-processos' };
        delete env.DATABASE_URL;
        const filho = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
        let stdout = '';
        let stderr = '';
        filho.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        filho.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        filho.once('exit', (codigo) => ok({ codigo, stdout, stderr }));
      });
    const [pglite, invalida] = await Promise.all([rodar('2'), rodar('abc')]);
    expect(pglite).toEqual({ codigo: 1, stdout: '', stderr: `${mensagemConcorrenciaSemPostgres(2)}\n` });
    expect(invalida).toEqual({ codigo: 1, stdout: '', stderr: `${mensagemConcorrenciaInvalida('abc')}\n` });
  }, 120_000);
});
