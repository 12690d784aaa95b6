import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { resumoLeituraFaturas, TAMANHO_MAXIMO_DOCCOB, type PastasDoccob, type ResultadoLeituraFaturas } from '../../contracts/faturas';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { moverArquivo, registrarErroNoLog } from '../ingest/mover-arquivo';
import { lerArquivoDoccob, type ResultadoArquivoDoccob } from './ler-arquivo-doccob';

// GET /faturas/ler-arquivos (spec 03 §7, issue 13): every file of the company's DOCCOB input folder, in name
// order, whatever its extension (carriers send .txt, .doccob, .cob or none), each in its own transaction;
// read, already read and cancelling files move to the output folder, refused ones to the error folder with a
// line in its log saying why.

/** The log of the error folder: one line a refused file. */
export const LOG_ERROS_DOCCOB = 'leitura-doccob.log';

/** The input folder is missing or unreadable: nothing was read. */
export class PastaDoccobInacessivel extends Error {
  constructor(readonly pasta: string) {
    super(`pasta inacessível: ${pasta}`);
  }
}

export const mensagemDoccobGrandeDemais = (bytes: number) =>
  `O arquivo tem ${(bytes / 1024 / 1024).toFixed(1)} MB; o máximo aceito para um DOCCOB é ${TAMANHO_MAXIMO_DOCCOB / 1024 / 1024} MB.`;

/** An empty summary, filled file by file (the upload uses it too). */
export const resultadoVazio = (): ResultadoLeituraFaturas => ({ lidas: 0, jaLidas: 0, canceladas: 0, ctesVinculados: 0, ctesNaoEncontrados: 0, erros: [], faturas: [], periodo: null, mensagens: [] });

/** Adds one file's outcome to the summary. */
export function somarResultado(r: ResultadoLeituraFaturas, arquivo: string, resultado: ResultadoArquivoDoccob): void {
  if (resultado.tipo === 'LIDA') {
    r.lidas++;
    r.ctesVinculados += resultado.ctesVinculados;
    r.ctesNaoEncontrados += resultado.ctesNaoEncontrados;
    r.faturas.push(resultado.faturaId);
  } else if (resultado.tipo === 'JA_LIDA') {
    r.jaLidas++;
    r.faturas.push(resultado.faturaId);
  } else if (resultado.tipo === 'CANCELADA') r.canceladas += resultado.faturaIds.length;
  else r.erros.push({ arquivo, motivo: resultado.motivo });
}

/** The summary's messages (the totals, then one "file: reason" a refused file) and the issue period of the faturas read, in one query. */
export async function concluirResultado(db: Db, r: ResultadoLeituraFaturas): Promise<ResultadoLeituraFaturas> {
  const [periodo] = r.faturas.length
    ? await db
        .select({ inicio: sql<string>`min(${fatura.dataEmissao})::text`, fim: sql<string>`max(${fatura.dataEmissao})::text` })
        .from(fatura)
        .where(inArray(fatura.id, r.faturas))
    : [];
  return { ...r, periodo: periodo?.inicio ? periodo : null, mensagens: [resumoLeituraFaturas(r), ...r.erros.map((e) => `${e.arquivo}: ${e.motivo}`)] };
}

/** The files of the input folder, by name: no folders, no hidden files (a copy in progress), not the log. */
async function arquivosDaEntrada(pasta: string): Promise<string[]> {
  try {
    const entradas = await readdir(pasta, { withFileTypes: true });
    return entradas
      .filter((d) => d.isFile() && !d.name.startsWith('.') && d.name !== LOG_ERROS_DOCCOB)
      .map((d) => d.name)
      .sort();
  } catch {
    throw new PastaDoccobInacessivel(pasta);
  }
}

/** Reads the whole input folder. */
export async function lerPastaDoccob(db: Db, pastas: PastasDoccob): Promise<ResultadoLeituraFaturas> {
  const r = resultadoVazio();
  for (const nome of await arquivosDaEntrada(pastas.entrada)) {
    const arquivo = join(pastas.entrada, nome);
    // Too large: refused without reading it into memory. Gone meanwhile (moved by hand): skipped.
    const size = await stat(arquivo).then((s) => s.size, () => null);
    if (size === null) continue;
    const resultado: ResultadoArquivoDoccob =
      size > TAMANHO_MAXIMO_DOCCOB ? { tipo: 'RECUSADA', motivo: mensagemDoccobGrandeDemais(size) } : await lerArquivoDoccob(db, nome, await readFile(arquivo));
    somarResultado(r, nome, resultado);
    if (resultado.tipo === 'RECUSADA') {
      await registrarErroNoLog(pastas.erro, LOG_ERROS_DOCCOB, nome, resultado.motivo);
      await moverArquivo(arquivo, pastas.erro);
    } else await moverArquivo(arquivo, pastas.saida);
  }
  return concluirResultado(db, r);
}
