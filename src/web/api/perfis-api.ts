import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { perfilPageSchema, perfilSalvoSchema, type Perfil, type PerfilSalvo } from '../../contracts/perfis';
import type { Page } from '../../contracts/common';
import { api } from './api-client';
import { noticeBus } from './notice-bus';

export interface PerfisQuery {
  search?: string;
  sort?: string;
  page: number;
  size: number;
}

export const perfisKeys = {
  todos: ['perfis'] as const,
  lista: (q: PerfisQuery) => ['perfis', 'lista', q] as const,
  um: (id: number) => ['perfis', 'um', id] as const,
};

export function listarPerfis(q: PerfisQuery, signal?: AbortSignal): Promise<Page<PerfilSalvo>> {
  return api('/perfis', perfilPageSchema, { query: { ...q }, signal });
}

export const perfisQueryOptions = (q: PerfisQuery) =>
  queryOptions({ queryKey: perfisKeys.lista(q), queryFn: ({ signal }) => listarPerfis(q, signal), placeholderData: keepPreviousData });

export function usePerfis(q: PerfisQuery) {
  return useQuery(perfisQueryOptions(q));
}

export function buscarPerfil(id: number, signal?: AbortSignal): Promise<PerfilSalvo> {
  return api(`/perfis/${id}`, perfilSalvoSchema, { signal });
}

export const perfilQueryOptions = (id: number) =>
  queryOptions({ queryKey: perfisKeys.um(id), queryFn: ({ signal }) => buscarPerfil(id, signal) });

export function usePerfil(id: number | null) {
  return useQuery({ ...perfilQueryOptions(id ?? 0), enabled: id !== null });
}

/** POST /perfis: without id creates, with id (and versao) updates. */
export function salvarPerfil(perfil: Perfil): Promise<PerfilSalvo> {
  return api('/perfis', perfilSalvoSchema, { method: 'POST', body: perfil });
}

export function useSalvarPerfil() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: salvarPerfil,
    onSuccess: () => {
      noticeBus.publicar('Perfil salvo.');
      return cliente.invalidateQueries({ queryKey: perfisKeys.todos });
    },
  });
}

/** DELETE /perfis/{id} deactivates (spec 01 §4). */
export async function desativarPerfil(id: number): Promise<void> {
  await api(`/perfis/${id}`, null, { method: 'DELETE' });
}

export function useDesativarPerfil() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: desativarPerfil,
    onSuccess: () => {
      noticeBus.publicar('Perfil desativado.');
      return cliente.invalidateQueries({ queryKey: perfisKeys.todos });
    },
  });
}
