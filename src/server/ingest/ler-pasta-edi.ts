import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Empresa } from '../../contracts/common';
import { TAMANHO_MAXIMO_DOCCOB } from '../../contracts/faturas';
import { TAMANHO_MAXIMO_CONEMB } from '../../contracts/minutas';
import { moverArquivo, registrarErroNoLog } from './mover-arquivo';

// The EDI folder readings (DOCCOB faturas, CONEMB conhecimentos, OCOREN ocorrências; docs/decisoes.md §18): every file of the
// company's input folder, in name order, whatever its extension, each read on its own; read and already read
// files move to the output folder, refused ones to the error folder with a line in its log saying why.

export type TipoEdi = 'doccob' | 'conemb' | 'ocoren';

export interface PastasEdi {
  entrada: string;
  saida: string;
  erro: string;
}

/** The company's folders of one EDI type: <EDI_DIR>/<empresa in lower case>/<tipo>/{entrada,saida,erro}. */
export function pastasEdi(ediDir: string, empresa: Empresa, tipo: TipoEdi): PastasEdi {
  const base = join(ediDir, empresa.toLowerCase(), tipo);
  return { entrada: join(base, 'entrada'), saida: join(base, 'saida'), erro: join(base, 'erro') };
}

/** The log of the error folder: one line a refused file. */
export const LOG_ERROS_EDI: Record<TipoEdi, string> = { doccob: 'leitura-doccob.log', conemb: 'leitura-conemb.log', ocoren: 'leitura-ocoren.log' };

/** Largest OCOREN accepted (folder, upload, intake): 50,000 occurrences of 5.0 with their 543 are ≈ 25 MB. */
export const TAMANHO_MAXIMO_OCOREN = 30 * 1024 * 1024;

const TAMANHO_MAXIMO: Record<TipoEdi, number> = { doccob: TAMANHO_MAXIMO_DOCCOB, conemb: TAMANHO_MAXIMO_CONEMB, ocoren: TAMANHO_MAXIMO_OCOREN };

export const mensagemEdiGrandeDemais = (tipo: TipoEdi, bytes: number) =>
  `O arquivo tem ${(bytes / 1024 / 1024).toFixed(1)} MB; o máximo aceito para um ${tipo.toUpperCase()} é ${TAMANHO_MAXIMO[tipo] / 1024 / 1024} MB.`;

/** The input folder is missing or unreadable: nothing was read. */
export class PastaEdiInacessivel extends Error {
  constructor(readonly pasta: string) {
    super(`pasta inacessível: ${pasta}`);
  }
}

/** The files of the input folder, by name: no folders, no hidden files (a copy in progress), not the log. */
async function arquivosDaEntrada(pasta: string, log: string): Promise<string[]> {
  try {
    const entradas = await readdir(pasta, { withFileTypes: true });
    return entradas
      .filter((d) => d.isFile() && !d.name.startsWith('.') && d.name !== log)
      .map((d) => d.name)
      .sort();
  } catch {
    throw new PastaEdiInacessivel(pasta);
  }
}

/** Reads the whole input folder, handing each file's outcome to `somar`. */
export async function lerPastaEdi<R>(o: {
  tipo: TipoEdi;
  pastas: PastasEdi;
  /** Reads one file (in its own transaction). */
  lerArquivo: (nome: string, conteudo: Buffer) => Promise<R>;
  /** The outcome of a file refused with this reason. */
  recusa: (motivo: string) => R;
  /** The reason when the outcome is a refusal. */
  motivoDaRecusa: (resultado: R) => string | null;
  somar: (nome: string, resultado: R) => void;
}): Promise<void> {
  const { pastas } = o;
  const log = LOG_ERROS_EDI[o.tipo];
  for (const nome of await arquivosDaEntrada(pastas.entrada, log)) {
    const arquivo = join(pastas.entrada, nome);
    // Too large: refused without reading it into memory. Gone meanwhile (moved by hand): skipped.
    const size = await stat(arquivo).then((s) => s.size, () => null);
    if (size === null) continue;
    const resultado = size > TAMANHO_MAXIMO[o.tipo] ? o.recusa(mensagemEdiGrandeDemais(o.tipo, size)) : await o.lerArquivo(nome, await readFile(arquivo));
    o.somar(nome, resultado);
    const motivo = o.motivoDaRecusa(resultado);
    if (motivo !== null) {
      await registrarErroNoLog(pastas.erro, log, nome, motivo);
      await moverArquivo(arquivo, pastas.erro);
    } else await moverArquivo(arquivo, pastas.saida);
  }
}
