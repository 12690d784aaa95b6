import { readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
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

// The web app: built into dist/web and served by the Node server (src/server/main.ts). The manifest
// (dist/web/.vite/manifest.json, not served) is the chunk graph bench/bundle.ts reads. What the login screen
// needs ($initial: the entry's static imports) is one file, not the entry and five slivers shared with the
// lazy chunks; the rest splits by dynamic import (src/web/app/session-root.tsx, shell.tsx).
export default defineConfig({
  plugins: [react(), precomprimir()],
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
