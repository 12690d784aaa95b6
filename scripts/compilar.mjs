// What `npm start` builds before serving: the web app (Vite) and the server bundle (esbuild), each when it
// is missing or older than its sources. Also used by the e2e setup and the start benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, renameSync, rmSync, statSync, utimesSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The newest modification time under the given files and folders (a folder's own counts: a deleted file). */
function maisRecente(caminhos) {
  const dentro = (dir) =>
    readdirSync(dir, { withFileTypes: true }).reduce((max, e) => {
      const p = join(dir, e.name);
      return Math.max(max, e.isDirectory() ? dentro(p) : statSync(p).mtimeMs);
    }, statSync(dir).mtimeMs);
  return Math.max(0, ...caminhos.filter(existsSync).map((c) => (statSync(c).isDirectory() ? dentro(c) : statSync(c).mtimeMs)));
}

const desatualizado = (alvo, fontes) => !existsSync(alvo) || statSync(alvo).mtimeMs < maisRecente(fontes);

/** Builds dist/web when it is missing or stale; exits the process when the build fails. */
export function compilarWeb() {
  if (!desatualizado('dist/web/index.html', ['src/web', 'src/contracts', 'src/domain', 'machines', 'public', 'index.html', 'vite.config.ts', 'panda.config.ts'])) return;
  console.log('Compilando a aplicação web…');
  if (!existsSync('styled-system')) spawnSync('npx', ['panda', 'codegen', '--silent'], { stdio: 'inherit' });
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const FONTES_SERVIDOR = ['src/server', 'src/contracts', 'src/domain', 'machines', 'scripts/compilar.mjs', 'tsconfig.json'];
export const SERVIDOR_COMPILADO = 'dist/server/main.mjs';

/**
 * Replaces import.meta.url/dirname/filename with the source file's own, so code that reads files next to
 * it (migrations, IBGE tables, samples) finds them from the bundle as it does from the sources.
 */
const importMetaDaFonte = {
  name: 'import-meta-da-fonte',
  setup(build) {
    build.onLoad({ filter: /\.[cm]?tsx?$/ }, (args) => {
      if (args.path.includes(`${sep}node_modules${sep}`)) return undefined;
      const fonte = readFileSync(args.path, 'utf8');
      const valores = { url: pathToFileURL(args.path).href, dirname: dirname(args.path), filename: args.path };
      const contents = fonte.replace(/\bimport\.meta\.(url|dirname|filename)\b/g, (_, k) => JSON.stringify(valores[k]));
      return { contents, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
    });
  },
};

/**
 * Bundles the server (our code only; packages stay in node_modules) into dist/server when it is missing or
 * older than its sources: plain node starts it without transpiling every file at start, in less memory.
 * Without esbuild (installed with tsx), returns false and the caller runs the sources through tsx.
 */
export async function compilarServidor({ forcar = false } = {}) {
  const inicio = Date.now();
  if (!forcar && !desatualizado(SERVIDOR_COMPILADO, FONTES_SERVIDOR)) return true;
  let esbuild;
  try {
    esbuild = await import('esbuild');
  } catch {
    return false;
  }
  const destino = resolve('dist/server');
  const temporario = `${destino}.${process.pid}.tmp`;
  try {
    await esbuild.build({
      entryPoints: {
        main: 'src/server/main.ts',
        'carga-processo-filho': 'src/server/carga-inicial/carga-processo-filho.ts',
        'trabalhador-auditoria': 'src/server/auditoria/trabalhador-auditoria.ts',
      },
      outdir: temporario,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      target: 'node20',
      packages: 'external',
      sourcemap: 'linked',
      logLevel: 'warning',
      define: {
        __CARGA_PROCESSO__: JSON.stringify(join(destino, 'carga-processo-filho.mjs')),
        __TRABALHADOR_AUDITORIA__: JSON.stringify(join(destino, 'trabalhador-auditoria.mjs')),
      },
      plugins: [importMetaDaFonte],
    });
    rmSync(destino, { recursive: true, force: true });
    renameSync(temporario, destino);
    // Stamped with the time the sources were read: one saved during the build still counts as newer.
    utimesSync(SERVIDOR_COMPILADO, inicio / 1000, inicio / 1000);
  } finally {
    rmSync(temporario, { recursive: true, force: true });
    await esbuild.stop();
  }
  return true;
}
