import { useQuery } from '@tanstack/react-query';
import type { UsuarioLogado } from '../../contracts/auth';
import { tiposDaBusca } from '../../contracts/busca';
import { temPermissao } from '../../domain/permissoes';
import { semRotearFalhas } from '../api/api-client';
import { buscarNaPaleta } from '../api/busca-api';
import { ENTITY_SEARCH_PROVIDERS, type EntityHit, type EntitySearchProvider } from './busca-paleta-providers';

export interface EntitySearchResult {
  provedor: EntitySearchProvider;
  hits: EntityHit[];
  falhou: boolean;
}

export interface EntitySearch {
  grupos: EntitySearchResult[];
  /** The search itself failed (server down, refused): one hint instead of the groups. */
  falhou: boolean;
}

/**
 * The palette's server search for `termo` (GET /busca, one request per term): only when some kind the user
 * may open could name the text (the server checks the same again). A newer term supersedes the request in
 * flight: react-query aborts it (its signal was handed to fetch) when the palette moves to the new key. A
 * failure stays inside the palette (no popup over it).
 */
export function useEntitySearch(termo: string, usuario: UsuarioLogado | null): EntitySearch {
  const algum = usuario !== null && tiposDaBusca(termo, (codigo) => temPermissao(usuario, codigo)).length > 0;
  const busca = useQuery({
    queryKey: ['paleta', 'busca', usuario?.empresa, usuario?.login, termo],
    queryFn: ({ signal }) => semRotearFalhas(() => buscarNaPaleta(termo, signal)),
    enabled: algum,
    staleTime: 10_000,
  });
  if (!algum) return { grupos: [], falhou: false };
  // A kind this build does not know (a newer server) is left out.
  const grupos = (busca.data?.grupos ?? []).flatMap(({ tipo, hits, falhou }) => {
    const provedor = Object.hasOwn(ENTITY_SEARCH_PROVIDERS, tipo) ? ENTITY_SEARCH_PROVIDERS[tipo] : undefined;
    return provedor ? [{ provedor, falhou: falhou === true, hits: hits.map((h) => ({ ...h, destino: provedor.destino(h.id) })) }] : [];
  });
  return { grupos, falhou: busca.isError };
}
