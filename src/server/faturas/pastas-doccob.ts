import { join } from 'node:path';
import type { Empresa } from '../../contracts/common';
import type { PastasDoccob } from '../../contracts/faturas';

/** The company's DOCCOB folders (issue 13): <EDI_DIR>/<empresa in lower case>/doccob/{entrada,saida,erro}. */
export function pastasDoccob(ediDir: string, empresa: Empresa): PastasDoccob {
  const base = join(ediDir, empresa.toLowerCase(), 'doccob');
  return { entrada: join(base, 'entrada'), saida: join(base, 'saida'), erro: join(base, 'erro') };
}
