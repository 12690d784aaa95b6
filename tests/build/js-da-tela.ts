// The JS a screen needs, read from a web build's manifest (Vite's chunk graph): the entry, the dynamic imports
// the way there runs, and everything they import statically; sizes from the .br/.gz vite.config.ts leaves
// beside each file (or compressed here). Shared by bench/bundle.ts and the budget test (issue 33).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/**
 * The dynamic imports the way from the login page to /ctes with its rows runs: the identified session (shell,
 * Fretes), the contracts /eu and the login form parse with (a key only while that module is a chunk of its
 * own), and the connection dialog loaded beside the session (src/web/app/session-root.tsx).
 */
export const DINAMICOS_CTES = ['src/web/app/identified-session.tsx', 'src/contracts/auth.ts', 'src/web/app/connection-error-dialog.tsx'];

/** What the shell mounts once /ctes has its data and the browser is idle (shell.tsx, SobDemanda). */
export const DINAMICOS_OCIOSO = ['src/web/app/command-palette.tsx', 'src/web/app/configuracoes-usuario-dialog.tsx'];

/** Issue 33: the JS from the login page to /ctes with rows, on the wire (brotli), at most 200 KB. */
export const ORCAMENTO_JS_CTES_BROTLI = 200_000;

interface Entrada {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
export type Manifesto = Record<string, Entrada>;

/** `vite build` into a new temporary folder (as npm start builds: production), answered. */
export function compilarWeb(): string {
  const pasta = mkdtempSync(join(tmpdir(), 'frete-bundle-'));
  const r = spawnSync('npx', ['vite', 'build', '--outDir', pasta, '--emptyOutDir', '--logLevel', 'warn'], {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (r.status !== 0) throw new Error('vite build falhou');
  return pasta;
}

export function lerManifesto(pasta: string): { manifesto: Manifesto; entrada: string } {
  const manifesto = JSON.parse(readFileSync(join(pasta, '.vite', 'manifest.json'), 'utf8')) as Manifesto;
  const entrada = Object.keys(manifesto).find((k) => manifesto[k].isEntry);
  if (!entrada) throw new Error('manifesto sem entrada');
  return { manifesto, entrada };
}

/** The chunk files of `chaves` (those the manifest has) and of everything they import statically. */
export function fechamento(manifesto: Manifesto, chaves: string[]): Set<string> {
  const vistos = new Set<string>();
  const visitar = (chave: string) => {
    if (vistos.has(chave) || !manifesto[chave]) return;
    vistos.add(chave);
    for (const i of manifesto[chave].imports ?? []) visitar(i);
  };
  chaves.forEach(visitar);
  return new Set([...vistos].map((c) => manifesto[c].file));
}

/** Bytes of `arquivos` as they are, gzip and brotli (the precompressed files when present). */
export function tamanhos(pasta: string, arquivos: Iterable<string>): { bruto: number; gz: number; br: number } {
  const t = { bruto: 0, gz: 0, br: 0 };
  for (const a of arquivos) {
    const conteudo = readFileSync(join(pasta, a));
    t.bruto += conteudo.length;
    t.gz += existsSync(join(pasta, `${a}.gz`)) ? readFileSync(join(pasta, `${a}.gz`)).length : gzipSync(conteudo, { level: 9 }).length;
    t.br += existsSync(join(pasta, `${a}.br`))
      ? readFileSync(join(pasta, `${a}.br`)).length
      : brotliCompressSync(conteudo, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;
  }
  return t;
}
