import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { Page } from '../../contracts/common';
import {
  TAMANHO_PAGINA_FRETES_FATURA,
  type FaturaCancelar,
  type FaturaCompleta,
  type FaturaLinha,
  type FaturaListaQueryEntrada,
  type FretesFatura,
  type ResultadoLeituraFaturas,
} from '../../contracts/faturas';
import { api } from './api-client';
import { ctesKeys } from './ctes-api';

// The Faturas calls (spec 03 §7 "Faturas"). The contract gives the answers as TypeScript
// interfaces (the server is written to them): read as typed JSON, like the CT-e answers.

export const faturasKeys = {
  todos: ['faturas'] as const,
  lista: (q: FaturaListaQueryEntrada) => ['faturas', 'lista', q] as const,
  uma: (id: number) => ['faturas', 'uma', id] as const,
  ctes: (id: number, page: number) => ['faturas', 'ctes', id, page] as const,
};

/** GET /faturas: status, inicio, fim, transportadora (CNPJ digits), documento, numeroDocumento, page, size, sort. */
export const listarFaturas = (q: FaturaListaQueryEntrada, signal?: AbortSignal) => api<Page<FaturaLinha>>('/faturas', null, { query: { ...q }, signal });

export const useFaturas = (q: FaturaListaQueryEntrada) =>
  useQuery(queryOptions({ queryKey: faturasKeys.lista(q), queryFn: ({ signal }) => listarFaturas(q, signal), placeholderData: keepPreviousData }));

/** GET /faturas/{id}: the modal's Dados Principais with the full check. */
export const buscarFatura = (id: number, signal?: AbortSignal) => api<FaturaCompleta>(`/faturas/${id}`, null, { signal });

export const useFatura = (id: number) => useQuery({ queryKey: faturasKeys.uma(id), queryFn: ({ signal }) => buscarFatura(id, signal), staleTime: 0 });

/** GET /faturas/{id}/ctes?page&size=12: the Fretes tab, the footer's count and sum, the first divergent line. */
export const listarCtesFatura = (id: number, page: number, signal?: AbortSignal) =>
  api<FretesFatura>(`/faturas/${id}/ctes`, null, { query: { page, size: TAMANHO_PAGINA_FRETES_FATURA }, signal });

export const useCtesFatura = (id: number, page: number) =>
  useQuery({ queryKey: faturasKeys.ctes(id, page), queryFn: ({ signal }) => listarCtesFatura(id, page, signal), placeholderData: keepPreviousData });

const mensagensSchema = z.object({ mensagens: z.array(z.string()).catch([]) }).passthrough();

/** POST /faturas/cancelar {id, versao} (nível ADMIN): the server's messages; 409 on a stale or cancelled one. */
export const cancelarFatura = (pedido: FaturaCancelar) => api('/faturas/cancelar', mensagensSchema, { method: 'POST', body: pedido });

/** GET /faturas/ler-arquivos: reads the company's DOCCOB input folder. */
export const lerFaturas = () => api<ResultadoLeituraFaturas>('/faturas/ler-arquivos', null);

/** POST /faturas/enviar (multipart, field "arquivos"): the same reader over files picked in the browser. */
export function enviarDoccob(arquivos: readonly File[]): Promise<ResultadoLeituraFaturas> {
  const corpo = new FormData();
  for (const arquivo of arquivos) corpo.append('arquivos', arquivo, arquivo.name);
  // No Content-Type of ours: the browser writes the multipart boundary.
  return api<ResultadoLeituraFaturas>('/faturas/enviar', null, { method: 'POST', body: corpo });
}

/** A change to faturas: every fatura query is read again, and the CT-es (their fatura number changes too). */
export function useAcaoFatura<A, R>(fn: (args: A) => Promise<R>) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([cliente.invalidateQueries({ queryKey: faturasKeys.todos }), cliente.invalidateQueries({ queryKey: ctesKeys.todos })]),
  });
}
