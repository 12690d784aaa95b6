import { keepPreviousData, queryOptions, type QueryKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ResultadoConversaoCtes, ResultadoConversaoMinutas, ResultadoLeituraConemb } from '../../contracts/minutas-lotes';
import type { Minuta, MinutaPage, MinutasConfirmadas, MinutaSalvar } from '../../contracts/minutas';
import { api } from './api-client';

// The Minutas calls (spec 03 §7 "Minutas"). The contract gives the answers as TypeScript
// interfaces (the server is written to them): read as typed JSON, like the fatura and CT-e answers.

/** GET /minutas's query: search joins dataEmissao>=, dataEmissao<=, fatura:, numero:, chave: with ";". */
export interface MinutaListaConsulta {
  search?: string;
  /** id:{id} of the carrier. */
  transportadora?: string;
  page: number;
  size: number;
  sort: string;
}

const minutasKeys = {
  /** Every list page: what a save, delete, confirmation or batch makes stale. */
  listas: ['minutas', 'lista'] as const,
  lista: (q: MinutaListaConsulta) => ['minutas', 'lista', q] as const,
  /** null: the blank minuta of GET /minutas/new. */
  uma: (id: number | null) => ['minutas', 'uma', id ?? 'nova'] as const,
};

export const listarMinutas = (q: MinutaListaConsulta, signal?: AbortSignal) => api<MinutaPage>('/minutas', null, { query: { ...q }, signal });

export const useMinutas = (q: MinutaListaConsulta) =>
  useQuery(queryOptions({ queryKey: minutasKeys.lista(q), queryFn: ({ signal }) => listarMinutas(q, signal), placeholderData: keepPreviousData }));

/** GET /minutas/{id}, or GET /minutas/new (a blank PENDENTE minuta) for null. */
const buscarMinuta = (id: number | null, signal?: AbortSignal) => api<Minuta>(id === null ? '/minutas/new' : `/minutas/${id}`, null, { signal });

/** The modal's minuta, read anew on each opening (gcTime 0: none is kept once closed, a blank one never reused). */
export const useMinuta = (id: number | null) => useQuery({ queryKey: minutasKeys.uma(id), queryFn: ({ signal }) => buscarMinuta(id, signal), gcTime: 0 });

/** POST /minutas (with versao): the saved minuta; 409 when stale or no longer PENDENTE. */
export const salvarMinuta = (minuta: MinutaSalvar) => api<Minuta>('/minutas', null, { method: 'POST', body: minuta });

/** DELETE /minutas with the JSON body {id, versao}. */
export const excluirMinuta = (pedido: { id: number; versao: number }) => api<unknown>('/minutas', null, { method: 'DELETE', body: pedido });

/** POST /minutas/confirmar {ids}: all or nothing. */
export const confirmarMinutas = (ids: number[]) => api<MinutasConfirmadas>('/minutas/confirmar', null, { method: 'POST', body: { ids } });

// The admin batches: under /public as in the spec, but with the token (the server requires ADMIN).
export const lerConembs = () => api<ResultadoLeituraConemb>('/public/txts/conhecimentos', null, { autorizar: true });
export const converterMinutas = () => api<ResultadoConversaoMinutas>('/public/conhecimentos/minutas', null, { autorizar: true });
export const converterCtes = () => api<ResultadoConversaoCtes>('/public/minutas/ctes', null, { autorizar: true });

/**
 * A change to minutas: the list pages are read again (not the open modal's minuta nor the autocompletes);
 * `tambem` names another root a given call makes stale (Converter CT-es: the CT-es).
 */
export function useAcaoMinuta<A, R>(fn: (args: A) => Promise<R>, tambem?: (args: A) => QueryKey | null) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: (_r, _e, args) => {
      const outra = tambem?.(args);
      return Promise.all([cliente.invalidateQueries({ queryKey: minutasKeys.listas }), outra && cliente.invalidateQueries({ queryKey: outra })]);
    },
  });
}
