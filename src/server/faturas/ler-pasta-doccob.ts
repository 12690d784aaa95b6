import { resumoLeituraFaturas, type PastasDoccob, type ResultadoLeituraFaturas } from '../../contracts/faturas';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { fatura } from '../db/schema/fatura';
import { lerPastaEdi } from '../ingest/ler-pasta-edi';
import { lerArquivoDoccob, type ResultadoArquivoDoccob } from './ler-arquivo-doccob';

// GET /faturas/ler-arquivos (spec 03 §7, docs/decisoes.md §18): the company's DOCCOB folder (carriers send .txt,
// .doccob, .cob or none), read as every EDI folder (ingest/ler-pasta-edi.ts); cancelling files move to the output
// folder.

/** An empty summary, filled file by file (the upload uses it too). */
export const resultadoVazio = (): ResultadoLeituraFaturas => ({ lidas: 0, jaLidas: 0, canceladas: 0, ctesVinculados: 0, ctesNaoEncontrados: 0, ctesJaCobrados: 0, erros: [], faturas: [], periodo: null, mensagens: [] });

/** Adds one file's outcome to the summary. */
export function somarResultado(r: ResultadoLeituraFaturas, arquivo: string, resultado: ResultadoArquivoDoccob): void {
  if (resultado.tipo === 'LIDA') {
    r.lidas++;
    r.ctesVinculados += resultado.ctesVinculados;
    r.ctesNaoEncontrados += resultado.ctesNaoEncontrados;
    r.ctesJaCobrados += resultado.ctesJaCobrados;
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

/** Reads the whole input folder. */
export async function lerPastaDoccob(db: Db, pastas: PastasDoccob): Promise<ResultadoLeituraFaturas> {
  const r = resultadoVazio();
  await lerPastaEdi<ResultadoArquivoDoccob>({
    tipo: 'doccob',
    pastas,
    lerArquivo: (nome, conteudo) => lerArquivoDoccob(db, nome, conteudo),
    recusa: (motivo) => ({ tipo: 'RECUSADA', motivo }),
    motivoDaRecusa: (x) => (x.tipo === 'RECUSADA' ? x.motivo : null),
    somar: (nome, x) => somarResultado(r, nome, x),
  });
  return concluirResultado(db, r);
}
