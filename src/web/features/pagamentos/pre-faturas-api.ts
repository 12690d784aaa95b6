import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ComparacaoPreFaturaLinha, PreFatura, PreFaturaCriar } from '../../../contracts/pre-faturas';
import { api } from '../../api/api-client';
import { baixarDocumento } from '../../api/romaneios-api';

// The /pre-faturas calls (issue 29, src/contracts/pre-faturas.ts), beside the Pré-faturas tab: only it calls them.

export const preFaturasKeys = {
  todas: ['pre-faturas'] as const,
  lista: ['pre-faturas', 'lista'] as const,
  comparacao: (id: number) => ['pre-faturas', 'comparacao', id] as const,
};

/** GET /pre-faturas: the newest 100. */
export const usePreFaturas = () =>
  useQuery({
    queryKey: preFaturasKeys.lista,
    queryFn: ({ signal }) => api<PreFatura[]>('/pre-faturas', null, { signal }),
  });

/** GET /pre-faturas/{id}/comparacao: each CT-e against the faturas read (asked anew on each opening). */
export const useComparacaoPreFatura = (id: number) =>
  useQuery({
    queryKey: preFaturasKeys.comparacao(id),
    queryFn: ({ signal }) =>
      api<ComparacaoPreFaturaLinha[]>(`/pre-faturas/${id}/comparacao`, null, {
        signal,
      }),
    gcTime: 0,
  });

export interface PreFaturaCriada {
  mensagens: string[];
  preFatura: PreFatura;
}

/** POST /pre-faturas: a 400/409 reaches the message popup through the failure routing; the list is read again. */
export function useCriarPreFatura() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (corpo: PreFaturaCriar) =>
      api<PreFaturaCriada>('/pre-faturas', null, {
        method: 'POST',
        body: corpo,
      }),
    onSettled: () => cliente.invalidateQueries({ queryKey: preFaturasKeys.todas }),
  });
}

export type DocumentoPreFatura = 'pdf' | 'csv' | 'doccob';

/**
 * GET /pre-faturas/{id}/pdf | csv | doccob. The DOCCOB 3.0A is a text file; the shared downloader knows no text
 * type, so it goes as 'csv' (only its Accept header: the route answers text/plain and names the .txt file).
 */
export const baixarDocumentoPreFatura = (id: number, tipo: DocumentoPreFatura) =>
  baixarDocumento({
    caminho: `/pre-faturas/${id}/${tipo}`,
    method: 'GET',
    nomePadrao: `pre-fatura-${id}.${tipo === 'doccob' ? 'txt' : tipo}`,
    tipo: tipo === 'pdf' ? 'pdf' : 'csv',
  });
