import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Empresa } from '../../contracts/common';
import type { SeedOptions } from './semear-banco';

/** What the child process does with a new company folder. Plain data: functions do not cross processes. */
export interface TarefaCarga {
  empresa: Empresa;
  pasta: string;
  opcoes: Omit<SeedOptions, 'log' | 'demoPasswordHash'>;
  /** Without a template, keep this folder, once migrated, as the template (modelo-pglite.ts). */
  guardarModelo: boolean;
  /**
   * The default demo (modelo-demo.ts): keep the seeded folder as today's demo template, in this folder (named by
   * the parent, by the code it runs, even if a source file changes while the child seeds).
   */
  guardarModeloDemo?: string;
}

export type MensagemDoFilho = { tipo: 'log'; mensagem: string } | { tipo: 'hash-demo' } | { tipo: 'erro'; mensagem: string };

/** Set by the server bundle (scripts/compilar.mjs) to its compiled child entry. */
declare const __CARGA_PROCESSO__: string | undefined;

// The seed allocates many short-lived rows and strings: a larger young generation spends ~10 % less CPU
// in the garbage collector (the child's memory goes back to the system when it ends).
const FLAGS = ['--max-semi-space-size=64'];

/** The child's entry and node flags: the bundle's, or the TypeScript source through tsx. */
function entrada(): { arquivo: string; execArgv: string[] } {
  if (typeof __CARGA_PROCESSO__ === 'string') return { arquivo: __CARGA_PROCESSO__, execArgv: FLAGS };
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return { arquivo: fileURLToPath(new URL('./carga-processo-filho.ts', import.meta.url)), execArgv: [...FLAGS, '--import', tsx] };
}

/**
 * The first load of a new PGlite folder (the caller holds its lock), in a child process: template copy,
 * migrations and seed. Each company in its own: the two seeds use both cores instead of taking turns on
 * one, and the memory a seed makes PGlite's WASM heap (and V8's compilers) grow to goes back to the system
 * when the child ends, instead of staying with the server.
 */
export function primeiraCargaEmProcesso(tarefa: TarefaCarga, log: (mensagem: string) => void, hashDemo: () => Promise<string>): Promise<void> {
  const { arquivo, execArgv } = entrada();
  const nome = `A carga inicial de ${tarefa.empresa}`;
  return new Promise<void>((ok, falha) => {
    let erro: string | undefined;
    const filho = fork(arquivo, [JSON.stringify(tarefa)], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    filho.on('message', (m: MensagemDoFilho) => {
      if (m.tipo === 'log') log(m.mensagem);
      else if (m.tipo === 'erro') erro = m.mensagem;
      else
        hashDemo().then(
          (hash) => filho.connected && filho.send({ hashDemo: hash }),
          (e: Error) => {
            filho.kill();
            falha(e);
          },
        );
    });
    filho.once('error', falha);
    filho.once('exit', (codigo, sinal) => (codigo === 0 ? ok() : falha(new Error(erro ?? `${nome} terminou (${sinal ?? `código ${codigo}`}).`))));
  });
}
