import { MSG_OCOREN_LEITURA_VAZIA, resumoLeituraOcoren, type ResultadoLeituraOcoren } from '../../contracts/ocorrencias';
import type { Db } from '../db/database';
import { nomeSeguro } from '../faturas/ler-arquivo-doccob';
import { lerPastaEdi, mensagemEdiGrandeDemais, TAMANHO_MAXIMO_OCOREN, type PastasEdi } from '../ingest/ler-pasta-edi';
import { lerArquivoOcoren, type ResultadoArquivoOcoren } from './gravar-ocoren';

// GET /ocorrencias/ler-arquivos and POST /ocorrencias/enviar (issue 31): the company's OCOREN folder
// (<EDI_DIR>/<empresa>/ocoren/{entrada,saida,erro}), read as every EDI folder (ingest/ler-pasta-edi.ts), and the
// files picked in the browser, each through the same reader in its own transaction.

export const MSG_ENVIO_OCOREN_SEM_ARQUIVO = 'Escolha ao menos um arquivo OCOREN para enviar.';
export const mensagemPastaOcorenInacessivel = (pasta: string) => `A pasta de entrada dos OCOREN ${pasta} não existe ou não pode ser lida.`;
export const MSG_LEITURA_OCOREN_EM_ANDAMENTO = 'Já há uma leitura de ocorrências em andamento nesta empresa: aguarde o fim dela.';

/** An empty summary, filled file by file. */
const resultadoVazio = (): ResultadoLeituraOcoren => ({ arquivos: 0, lidas: 0, repetidas: 0, naoVinculadas: 0, recusados: [], avisos: [], mensagens: [] });

/** Adds one file's outcome to the summary. */
function somar(r: ResultadoLeituraOcoren, arquivo: string, x: ResultadoArquivoOcoren): void {
  r.arquivos++;
  if (x.tipo === 'RECUSADO') {
    r.recusados.push({ arquivo, motivo: x.motivo });
    return;
  }
  r.lidas += x.lidas;
  r.repetidas += x.repetidas;
  r.naoVinculadas += x.naoVinculadas;
  for (const mensagem of x.avisos) r.avisos.push({ arquivo, mensagem });
}

/** The summary's messages: the totals (or "nothing to read"), one "file: reason" a refused file, the warnings. */
function concluir(r: ResultadoLeituraOcoren): ResultadoLeituraOcoren {
  const totais = r.arquivos === 0 ? MSG_OCOREN_LEITURA_VAZIA : resumoLeituraOcoren(r.lidas, r.repetidas, r.naoVinculadas, r.recusados.length);
  return { ...r, mensagens: [totais, ...r.recusados.map((e) => `${e.arquivo}: ${e.motivo}`), ...r.avisos.map((a) => `${a.arquivo}: ${a.mensagem}`)] };
}

/** Reads the whole input folder: read files move to the output folder, refused ones to the error folder. */
export async function lerPastaOcoren(db: Db, pastas: PastasEdi): Promise<ResultadoLeituraOcoren> {
  const r = resultadoVazio();
  await lerPastaEdi<ResultadoArquivoOcoren>({
    tipo: 'ocoren',
    pastas,
    lerArquivo: (nome, conteudo) => lerArquivoOcoren(db, nome, conteudo),
    recusa: (motivo) => ({ tipo: 'RECUSADO', motivo }),
    motivoDaRecusa: (x) => (x.tipo === 'RECUSADO' ? x.motivo : null),
    somar: (nome, x) => somar(r, nome, x),
  });
  return concluir(r);
}

/** The upload's files (POST /ocorrencias/enviar; the route checks the form): a file too large is refused, the others read. */
export async function lerArquivosEnviados(db: Db, arquivos: File[]): Promise<ResultadoLeituraOcoren> {
  const r = resultadoVazio();
  for (const arquivo of arquivos) {
    const nome = nomeSeguro(arquivo.name);
    const x: ResultadoArquivoOcoren =
      arquivo.size > TAMANHO_MAXIMO_OCOREN
        ? { tipo: 'RECUSADO', motivo: mensagemEdiGrandeDemais('ocoren', arquivo.size) }
        : await lerArquivoOcoren(db, nome, new Uint8Array(await arquivo.arrayBuffer()));
    somar(r, nome, x);
  }
  return concluir(r);
}
