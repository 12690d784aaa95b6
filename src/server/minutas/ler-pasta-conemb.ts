import { linhasLeituraConemb, type PastasConemb, type ResultadoLeituraConemb } from '../../contracts/minutas-lotes';
import type { Db } from '../db/database';
import { lerPastaEdi } from '../ingest/ler-pasta-edi';
import { lerArquivoConemb, type ResultadoArquivoConemb } from './gravar-conemb';

// GET /public/txts/conhecimentos ("Ler ConEmb's", spec 03 §2.5, §7; docs/decisoes.md §18): the company's CONEMB folder,
// read as every EDI folder (ingest/ler-pasta-edi.ts); a refusal's log line says which line, which field; what
// the ação E records did is told file by file (docs/decisoes.md §22).

const resultadoVazio = (): ResultadoLeituraConemb => ({ arquivos: 0, jaLidos: 0, conhecimentos: 0, repetidos: 0, excluidos: 0, exclusoes: [], erros: [], avisos: [], mensagens: [] });

/** Adds one file's outcome to the summary. */
function somarResultadoConemb(r: ResultadoLeituraConemb, arquivo: string, resultado: ResultadoArquivoConemb): void {
  if (resultado.tipo === 'LIDO') {
    r.arquivos++;
    r.conhecimentos += resultado.conhecimentos;
    r.repetidos += resultado.repetidos;
    r.excluidos += resultado.excluidos;
    for (const e of resultado.exclusoes) r.exclusoes.push({ ...e, arquivo });
    r.avisos.push(...resultado.avisos.map((a) => `${arquivo}: ${a}`));
  } else if (resultado.tipo === 'JA_LIDO') r.jaLidos++;
  else r.erros.push({ arquivo, motivo: resultado.motivo });
}

/** The summary's messages: the totals, then one "file: reason" a refused file, one "file: what it did" an ação E, the warnings. */
const concluirResultadoConemb = (r: ResultadoLeituraConemb): ResultadoLeituraConemb => ({ ...r, mensagens: linhasLeituraConemb(r) });

/** Reads the whole input folder. */
export async function lerPastaConemb(db: Db, pastas: PastasConemb): Promise<ResultadoLeituraConemb> {
  const r = resultadoVazio();
  await lerPastaEdi<ResultadoArquivoConemb>({
    tipo: 'conemb',
    pastas,
    lerArquivo: (nome, conteudo) => lerArquivoConemb(db, nome, conteudo),
    recusa: (motivo) => ({ tipo: 'RECUSADO', motivo }),
    motivoDaRecusa: (x) => (x.tipo === 'RECUSADO' ? x.motivo : null),
    somar: (nome, x) => somarResultadoConemb(r, nome, x),
  });
  return concluirResultadoConemb(r);
}
