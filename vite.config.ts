import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, parseSync, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const comprimirBrotli = promisify(brotliCompress);
const comprimirGzip = promisify(gzip);
const COMPRIMIVEL = /\.(?:js|mjs|css|html|svg|json|webmanifest)$/;

/**
 * Issue 17: a .br and a .gz beside each text file of the build, made once here at the highest levels, so the
 * server sends them as they are (src/server/web-static.ts picks one by Accept-Encoding). Only where it pays.
 */
function precomprimir(): Plugin {
  let pasta = '';
  return {
    name: 'frete:precomprimir',
    apply: 'build',
    configResolved(config) {
      pasta = resolve(config.root, config.build.outDir);
    },
    async writeBundle(_saida, bundle) {
      const nomes = Object.keys(bundle).filter((nome) => COMPRIMIVEL.test(nome));
      await Promise.all(
        nomes.map(async (nome) => {
          const arquivo = join(pasta, nome);
          const conteudo = await readFile(arquivo);
          const [br, gz] = await Promise.all([
            comprimirBrotli(conteudo, {
              params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY, [constants.BROTLI_PARAM_SIZE_HINT]: conteudo.length },
            }),
            comprimirGzip(conteudo, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < conteudo.length) await writeFile(`${arquivo}.br`, br);
          if (gz.length < conteudo.length) await writeFile(`${arquivo}.gz`, gz);
        }),
      );
    },
  };
}

type No = { type?: string; start?: number; end?: number; [k: string]: unknown };

/** Whether evaluating `n` calls something (a function's body is not evaluated where it is written). */
function chama(n: unknown): boolean {
  if (!n || typeof n !== 'object') return false;
  if (Array.isArray(n)) return n.some(chama);
  const no = n as No;
  if (no.type?.includes('Function')) return false;
  if (no.type === 'CallExpression' || no.type === 'NewExpression' || no.type === 'TaggedTemplateExpression') return true;
  return Object.keys(no).some((k) => k !== 'type' && chama(no[k]));
}

/**
 * Issue 33: src/contracts declares constants beside the zod schemas, and a schema's method chain
 * (`z.number().int().optional()`) is a call the bundler must keep, so importing one label from a contract pulled
 * every schema of it, and zod, into the screen. A contract's top-level initializers only build values: each one
 * that calls something is wrapped in a pure IIFE, so what the web does not use is dropped (zod included).
 */
function contratosPuros(): Plugin {
  return {
    name: 'frete:contratos-puros',
    apply: 'build',
    transform: {
      filter: { id: /[\\/]src[\\/]contracts[\\/][^\\/]+\.ts$/ },
      handler(codigo, id) {
        const trechos: [number, number][] = [];
        for (const st of parseSync(id, codigo, { lang: 'ts', sourceType: 'module' }).program.body as unknown as No[]) {
          const decl = (st.type === 'ExportNamedDeclaration' ? st.declaration : st) as No | null;
          if (decl?.type !== 'VariableDeclaration') continue;
          for (const d of decl.declarations as { init: No | null }[]) if (d.init && chama(d.init)) trechos.push([d.init.start ?? 0, d.init.end ?? 0]);
        }
        let saida = codigo;
        for (const [a, b] of trechos.reverse()) saida = `${saida.slice(0, a)}/* @__PURE__ */ (() => (${saida.slice(a, b)}))()${saida.slice(b)}`;
        return { code: saida, map: null };
      },
    },
  };
}

// The web app: built into dist/web and served by the Node server (src/server/main.ts). The manifest
// (dist/web/.vite/manifest.json, not served) is the chunk graph bench/bundle.ts reads. What the login screen
// needs ($initial: the entry's static imports) is one file, not the entry and five slivers shared with the
// lazy chunks; the rest splits by dynamic import (src/web/app/session-root.tsx, shell.tsx).
export default defineConfig({
  plugins: [react(), contratosPuros(), precomprimir()],
  build: {
    outDir: 'dist/web',
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'inicio', tags: ['$initial'] }] } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://localhost:${process.env.PORT ?? 8080}` },
  },
});
