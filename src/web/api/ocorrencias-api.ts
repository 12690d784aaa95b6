import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { pageSchema } from '../../contracts/common';
import { ocorrenciaListaSchema, resultadoLeituraOcorenSchema, type ResultadoLeituraOcoren } from '../../contracts/ocorrencias';
import { api } from './api-client';

// Issue 31: GET /ocorrencias (the list), GET /ocorrencias/ctes/{id} (one CT-e's timeline), the OCOREN reading and upload.

export const ocorrenciasKeys = {
  todos: ['ocorrencias'] as const,
  lista: (naoVinculadas: boolean, page: number, size: number) => ['ocorrencias', 'lista', naoVinculadas, page, size] as const,
  doCte: (cteId: number) => ['ocorrencias', 'cte', cteId] as const,
};

/** A CT-e's timeline holds at most one page of the largest size: 200 occurrences of one delivery is already absurd. */
export const TAMANHO_LINHA_DO_TEMPO = 200;

const paginaSchema = pageSchema(ocorrenciaListaSchema);

/** GET /ocorrencias?page&size[&naoVinculadas=true]: newest read first, paged on the server. */
export const useOcorrencias = (naoVinculadas: boolean, page: number, size: number) =>
  useQuery({
    queryKey: ocorrenciasKeys.lista(naoVinculadas, page, size),
    queryFn: ({ signal }) => api('/ocorrencias', paginaSchema, { query: { naoVinculadas: naoVinculadas ? 'true' : undefined, page, size }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /ocorrencias/ctes/{id}: the CT-e's timeline, oldest occurrence first. */
export const useOcorrenciasDoCte = (cteId: number) =>
  useQuery({
    queryKey: ocorrenciasKeys.doCte(cteId),
    queryFn: ({ signal }) => api(`/ocorrencias/ctes/${cteId}`, paginaSchema, { query: { page: 0, size: TAMANHO_LINHA_DO_TEMPO }, signal }),
    staleTime: 0,
  });

/** GET /ocorrencias/ler-arquivos: the company's OCOREN input folder. */
export const lerArquivosOcoren = (): Promise<ResultadoLeituraOcoren> => api('/ocorrencias/ler-arquivos', resultadoLeituraOcorenSchema);

/** POST /ocorrencias/enviar (multipart, field "arquivos"): OCOREN files picked in the browser. */
export function enviarArquivosOcoren(arquivos: readonly File[]): Promise<ResultadoLeituraOcoren> {
  const corpo = new FormData();
  for (const arquivo of arquivos) corpo.append('arquivos', arquivo, arquivo.name);
  return api('/ocorrencias/enviar', resultadoLeituraOcorenSchema, { method: 'POST', body: corpo });
}
