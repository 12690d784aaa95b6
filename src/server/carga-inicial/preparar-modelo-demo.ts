import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EMPRESAS } from '../../contracts/common';
import { hashPassword } from '../auth/senha';
import { garantirModelo } from '../db/modelo-pglite';
import { SENHA_DEMO } from '../demo/demo-usuarios';
import { primeiraCargaEmProcesso } from './carga-em-processo';
import { demoPadrao, modeloDemoPronto, pastaModeloDemo } from './modelo-demo';

/**
 * Part of `npm install` (scripts/preparar-modelo.mjs): the migrated template, then today's demo template of each
 * company (modelo-demo.ts), seeded in a scratch folder by the first start's child process (both at once) and kept
 * there. Answers which templates are ready; a failure only leaves the first start to seed (and keep them).
 */
export async function prepararModelos(): Promise<{ migrado: boolean; demo: boolean }> {
  if (!(await garantirModelo())) return { migrado: false, demo: false };
  let hash: Promise<string> | undefined;
  const hashDemo = () => (hash ??= hashPassword(SENHA_DEMO));
  const faltam = EMPRESAS.filter((e) => demoPadrao({}, e) && !modeloDemoPronto(e));
  await Promise.allSettled(
    faltam.map(async (empresa) => {
      const base = mkdtempSync(join(tmpdir(), 'frete-modelo-demo-'));
      try {
        const opcoes = { pastaXml: join(base, 'xml'), pastaEdi: join(base, 'edi') };
        await primeiraCargaEmProcesso({ empresa, pasta: join(base, empresa.toLowerCase()), opcoes, guardarModelo: false, guardarModeloDemo: pastaModeloDemo(empresa) }, () => {}, hashDemo);
      } finally {
        rmSync(base, { recursive: true, force: true });
      }
    }),
  );
  return { migrado: true, demo: faltam.every((e) => modeloDemoPronto(e)) };
}
