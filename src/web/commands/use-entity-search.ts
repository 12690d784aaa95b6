import { useQueries } from '@tanstack/react-query';
import type { UsuarioLogado } from '../../contracts/auth';
import { semRotearFalhas } from '../api/api-client';
import { ENTITY_SEARCH_PROVIDERS, type EntityHit, type EntitySearchProvider } from './entity-search-providers';

/** Spec 01 §9: searches start at the third character. */
const MINIMO_BUSCA = 3;

export interface EntitySearchResult {
  provedor: EntitySearchProvider;
  hits: EntityHit[];
  falhou: boolean;
}

/**
 * The palette's server searches for `termo`: only the providers the user may open and whose records the
 * text could name; a failure stays inside the palette (no popup over it).
 */
export function useEntitySearch(termo: string, usuario: UsuarioLogado | null): EntitySearchResult[] {
  const provedores =
    usuario && termo.length >= MINIMO_BUSCA ? ENTITY_SEARCH_PROVIDERS.filter((p) => p.permitido(usuario) && p.aceita(termo)) : [];
  const buscas = useQueries({
    queries: provedores.map((p) => ({
      queryKey: ['paleta', p.id, termo],
      queryFn: ({ signal }: { signal: AbortSignal }) => semRotearFalhas(() => p.buscar(termo, signal)),
      staleTime: 10_000,
    })),
  });
  return provedores.map((provedor, i) => ({ provedor, hits: buscas[i]?.data ?? [], falhou: buscas[i]?.isError ?? false }));
}
