import type { Context } from 'hono';
import {
  ARQUIVOS_POR_ENVIO_RECEBIMENTO,
  MSG_RECEBIMENTO_ARQUIVOS_DEMAIS,
  MSG_RECEBIMENTO_SEM_ARQUIVO,
  type ExecucaoRecebimento,
} from '../../contracts/recebimento';
import type { Db } from '../db/database';
import { badRequest } from '../http/api-error';
import { nomeSeguro } from '../faturas/ler-arquivo-doccob';
import { abrirExecucao } from './execucao';
import { arquivosDoCampo, formularioMultipart } from './formulario';
import { receberDocumentos } from './receber-documento';

// POST /recebimento/enviar (issue 30): any documents picked or dropped in the browser, classified by content as the
// mailbox's attachments are (a .zip is expanded), each through its reader; recorded as a run of ENVIO. Nothing is
// kept on disk. The body's size is capped by the app (http/limite-corpo.ts).

export async function enviarDocumentos(db: Db, c: Context, usuarioId: number): Promise<ExecucaoRecebimento> {
  const arquivos = arquivosDoCampo(await formularioMultipart(c), 'arquivos');
  if (!arquivos.length) throw badRequest(MSG_RECEBIMENTO_SEM_ARQUIVO);
  if (arquivos.length > ARQUIVOS_POR_ENVIO_RECEBIMENTO) throw badRequest(MSG_RECEBIMENTO_ARQUIVOS_DEMAIS);
  const execucao = await abrirExecucao(db, 'ENVIO', usuarioId);
  try {
    for (const [i, arquivo] of arquivos.entries()) {
      const documentos = await receberDocumentos(db, [{ nome: nomeSeguro(arquivo.name), bytes: new Uint8Array(await arquivo.arrayBuffer()) }]);
      await execucao.registrar(documentos.map((d) => ({ ...d, origem: `Envio: ${nomeSeguro(arquivo.name)}` })));
      await execucao.progresso(i + 1, arquivos.length);
    }
    return await execucao.concluir();
  } catch (erro) {
    await execucao.falhar('A leitura parou por um erro inesperado; os documentos já gravados ficam.');
    throw erro;
  }
}
