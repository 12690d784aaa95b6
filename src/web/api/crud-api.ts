import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import type { Page } from '../../contracts/common';
import { api } from './api-client';
import { noticeBus } from './notice-bus';

export interface ListaQuery {
  search?: string;
  sort?: string;
  page: number;
  size: number;
}

/**
 * The generic service of spec 01 §7 for one base path: GET {base}?{query}, GET {base}/{id}, POST {base},
 * DELETE {base}/{id}. Mutations invalidate every key of the area. L: the list row when it is a summary of
 * T (freight tables); Q: the list query when the path takes other parameters than search. `avisos`: the
 * status-line notice of a save and of a delete ("Motorista salvo."; none for an area without delete).
 */
export function crudApi<T, C, L = T, Q extends ListaQuery = ListaQuery>(
  base: string,
  area: string,
  itemSchema: ZodType<T>,
  pageSchema: ZodType<Page<L>>,
  avisos: { salvo: string; excluido?: string },
) {
  const chaves = {
    todos: [area] as const,
    lista: (q: Q) => [area, 'lista', q] as const,
    um: (id: number) => [area, 'um', id] as const,
  };
  const listar = (q: Q, signal?: AbortSignal) => api(base, pageSchema, { query: { ...q } as Record<string, unknown>, signal });
  const buscar = (id: number, signal?: AbortSignal) => api(`${base}/${id}`, itemSchema, { signal });
  const salvar = (entidade: C) => api(base, itemSchema, { method: 'POST', body: entidade });
  const excluir = async (id: number) => {
    await api(`${base}/${id}`, null, { method: 'DELETE' });
  };
  const listaOptions = (q: Q) => queryOptions({ queryKey: chaves.lista(q), queryFn: ({ signal }) => listar(q, signal), placeholderData: keepPreviousData });
  return {
    chaves,
    listar,
    buscar,
    salvar,
    excluir,
    listaOptions,
    useLista: (q: Q) => useQuery(listaOptions(q)),
    useUm: (id: number | null) => useQuery({ queryKey: chaves.um(id ?? 0), queryFn: ({ signal }) => buscar(id ?? 0, signal), enabled: id !== null }),
    useSalvar: () => {
      const cliente = useQueryClient();
      return useMutation({
        mutationFn: salvar,
        onSuccess: () => {
          noticeBus.publicar(avisos.salvo);
          return cliente.invalidateQueries({ queryKey: chaves.todos });
        },
      });
    },
    useExcluir: () => {
      const cliente = useQueryClient();
      return useMutation({
        mutationFn: excluir,
        onSuccess: () => {
          if (avisos.excluido) noticeBus.publicar(avisos.excluido);
          return cliente.invalidateQueries({ queryKey: chaves.todos });
        },
      });
    },
  };
}
