import { queryOptions, useQuery } from '@tanstack/react-query';
import { versoesSchema, type VersaoNotas } from '../../contracts/versoes';
import { api } from './api-client';

export const versoesKeys = { desde: (ultimaVersao: string) => ['versoes', ultimaVersao] as const };

/** GET /versoes/{lastSeenId}: versions newer than the last one the user saw. */
export function listarVersoes(ultimaVersao: string, signal?: AbortSignal): Promise<VersaoNotas[]> {
  return api(`/versoes/${encodeURIComponent(ultimaVersao)}`, versoesSchema, { signal });
}

export const versoesQueryOptions = (ultimaVersao: string) =>
  queryOptions({
    queryKey: versoesKeys.desde(ultimaVersao),
    queryFn: ({ signal }) => listarVersoes(ultimaVersao, signal),
    staleTime: Infinity,
  });

export function useVersoes(ultimaVersao: string, enabled: boolean) {
  return useQuery({ ...versoesQueryOptions(ultimaVersao), enabled });
}
