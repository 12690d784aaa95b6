import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ZodType } from 'zod';
import type { Page } from '../../contracts/common';
import { api } from './api-client';

export interface ListaQuery {
  search?: string;
  sort?: string;
  page: number;
  size: number;
}

/**
 * The generic service of spec 01 §7 for one base path: GET {base}?{query}, GET {base}/{id}, POST {base},
 * DELETE {base}/{id}. Mutations invalidate every key of the area.
 */
export function crudApi<T, C>(base: string, area: string, itemSchema: ZodType<T>, pageSchema: ZodType<Page<T>>) {
  const chaves = {
    todos: [area] as const,
    lista: (q: ListaQuery) => [area, 'lista', q] as const,
    um: (id: number) => [area, 'um', id] as const,
  };
  const listar = (q: ListaQuery, signal?: AbortSignal) => api(base, pageSchema, { query: { ...q }, signal });
  const buscar = (id: number, signal?: AbortSignal) => api(`${base}/${id}`, itemSchema, { signal });
  const salvar = (entidade: C) => api(base, itemSchema, { method: 'POST', body: entidade });
  const excluir = async (id: number) => {
    await api(`${base}/${id}`, null, { method: 'DELETE' });
  };
  const listaOptions = (q: ListaQuery) => queryOptions({ queryKey: chaves.lista(q), queryFn: ({ signal }) => listar(q, signal), placeholderData: keepPreviousData });
  return {
    chaves,
    listar,
    buscar,
    salvar,
    excluir,
    listaOptions,
    useLista: (q: ListaQuery) => useQuery(listaOptions(q)),
    useUm: (id: number | null) => useQuery({ queryKey: chaves.um(id ?? 0), queryFn: ({ signal }) => buscar(id ?? 0, signal), enabled: id !== null }),
    useSalvar: () => {
      const cliente = useQueryClient();
      return useMutation({ mutationFn: salvar, onSuccess: () => cliente.invalidateQueries({ queryKey: chaves.todos }) });
    },
    useExcluir: () => {
      const cliente = useQueryClient();
      return useMutation({ mutationFn: excluir, onSuccess: () => cliente.invalidateQueries({ queryKey: chaves.todos }) });
    },
  };
}
