import { TIPOS_ARQUIVO, type TipoArquivo } from '../../contracts/relatorios';

/** A download: the content type by file type, attachment with the file name (names from NOMES_ARQUIVOS: safe characters only). */
export const respostaArquivo = (conteudo: Uint8Array | ReadableStream<Uint8Array>, tipo: TipoArquivo, nome: string) =>
  new Response(conteudo instanceof ReadableStream ? conteudo : new Uint8Array(conteudo), {
    status: 200,
    headers: { 'Content-Type': TIPOS_ARQUIVO[tipo], 'Content-Disposition': `attachment; filename="${nome}"` },
  });
