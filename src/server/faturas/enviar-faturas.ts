import type { Context } from 'hono';
import {
  ARQUIVOS_POR_ENVIO,
  MSG_ENVIO_ARQUIVOS_DEMAIS,
  MSG_ENVIO_ILEGIVEL,
  MSG_ENVIO_NAO_MULTIPART,
  MSG_ENVIO_SEM_ARQUIVO,
  TAMANHO_MAXIMO_DOCCOB,
  mensagemArquivoGrandeDemais,
  type ResultadoLeituraFaturas,
} from '../../contracts/faturas';
import type { Db } from '../db/database';
import { badRequest } from '../http/api-error';
import { lerArquivoDoccob, nomeSeguro } from './ler-arquivo-doccob';
import { concluirResultado, resultadoVazio, somarResultado } from './ler-pasta-doccob';

// POST /faturas/enviar (docs/decisoes.md §18): DOCCOB files picked or dropped in the browser (carriers send them by
// e-mail), multipart/form-data, field "arquivos". Each goes through the same reader as the input folder; the
// upload keeps nothing on disk (a refused file is answered, not written to the error folder).

export const MULTIPART = /^multipart\/form-data\s*(;|$)/i;
const ehMultipart = (tipo: string | undefined) => MULTIPART.test(tipo ?? '');

/** The files of the form, checked: some, not too many, none too large (400 and nothing read otherwise). */
async function arquivosDoEnvio(c: Context): Promise<File[]> {
  if (!ehMultipart(c.req.header('Content-Type'))) throw badRequest(MSG_ENVIO_NAO_MULTIPART);
  let corpo: Record<string, unknown>;
  try {
    corpo = await c.req.parseBody({ all: true });
  } catch {
    throw badRequest(MSG_ENVIO_ILEGIVEL);
  }
  const valor = corpo.arquivos;
  const arquivos = (Array.isArray(valor) ? valor : [valor]).filter((v): v is File => v instanceof File);
  if (!arquivos.length) throw badRequest(MSG_ENVIO_SEM_ARQUIVO);
  if (arquivos.length > ARQUIVOS_POR_ENVIO) throw badRequest(MSG_ENVIO_ARQUIVOS_DEMAIS);
  const grandes = arquivos.filter((a) => a.size > TAMANHO_MAXIMO_DOCCOB);
  if (grandes.length) throw badRequest(...grandes.map((a) => mensagemArquivoGrandeDemais(nomeSeguro(a.name))));
  return arquivos;
}

/** Reads each file of the upload, in the order sent, each in its own transaction. */
export async function enviarFaturas(db: Db, c: Context): Promise<ResultadoLeituraFaturas> {
  const r = resultadoVazio();
  for (const arquivo of await arquivosDoEnvio(c)) {
    const nome = nomeSeguro(arquivo.name);
    somarResultado(r, nome, await lerArquivoDoccob(db, nome, new Uint8Array(await arquivo.arrayBuffer())));
  }
  return concluirResultado(db, r);
}
