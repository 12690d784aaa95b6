import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../contracts/common';
import type { FaturaLinha } from '../../../contracts/faturas';
import type { DesempenhoTransportadora, ExportarPagamentos, PagamentosQuery, ResultadoAcaoPagamento, ResultadoExportacao, TotalPagamentos } from '../../../contracts/pagamentos';
import { api } from '../../api/api-client';
import { faturasKeys } from '../../api/faturas-api';
import { baixarDocumento } from '../../api/romaneios-api';

// The /pagamentos calls (issue 29, src/contracts/pagamentos.ts): answers read as typed JSON like the fatura ones.
// Kept beside the screen: only it calls them (move to src/web/api when a second screen needs them).

/** GET /pagamentos's query: the filters plus page, size and sort. */
export type PagamentosConsulta = PagamentosQuery & { page: number; size: number; sort: string };

export const pagamentosKeys = {
  todos: ['pagamentos'] as const,
  lista: (q: PagamentosConsulta) => ['pagamentos', 'lista', q] as const,
  totais: (q: PagamentosQuery) => ['pagamentos', 'totais', q] as const,
  desempenho: (inicio: string, fim: string) => ['pagamentos', 'desempenho', inicio, fim] as const,
};

export const listarPagamentos = (q: PagamentosConsulta, signal?: AbortSignal) => api<Page<FaturaLinha>>('/pagamentos', null, { query: { ...q }, signal });

export const usePagamentos = (q: PagamentosConsulta) =>
  useQuery({ queryKey: pagamentosKeys.lista(q), queryFn: ({ signal }) => listarPagamentos(q, signal), placeholderData: keepPreviousData });

/** GET /pagamentos/totais: A pagar / Bloqueado / Contestado per carrier and due date, over the same filters. */
export const useTotaisPagamentos = (q: PagamentosQuery) =>
  useQuery({
    queryKey: pagamentosKeys.totais(q),
    queryFn: ({ signal }) => api<TotalPagamentos[]>('/pagamentos/totais', null, { query: { ...q }, signal }),
    placeholderData: keepPreviousData,
  });

/** GET /pagamentos/desempenho?inicio&fim (months AAAA-MM): the carriers' scorecard. */
export const useDesempenho = (inicio: string, fim: string) =>
  useQuery({
    queryKey: pagamentosKeys.desempenho(inicio, fim),
    queryFn: ({ signal }) => api<DesempenhoTransportadora[]>('/pagamentos/desempenho', null, { query: { inicio, fim }, signal }),
  });

/** POST /pagamentos/exportar: every LIBERADA fatura (of the carrier and due dates given) in one run (docs/decisoes.md §36). */
export const exportarPagamentos = (filtros: ExportarPagamentos) => api<ResultadoExportacao>('/pagamentos/exportar', null, { method: 'POST', body: filtros });

export interface FaturaVersao {
  id: number;
  versao: number;
}

/** POST /pagamentos/pagar {faturas}: records the payment of exported faturas. */
export const registrarPagamento = (faturas: FaturaVersao[]) => api<ResultadoAcaoPagamento>('/pagamentos/pagar', null, { method: 'POST', body: { faturas } });

/** POST /pagamentos/liberar-incontroverso {faturas}: releases a blocked fatura for its undisputed amount. */
export const liberarIncontroverso = (faturas: FaturaVersao[]) => api<ResultadoAcaoPagamento>('/pagamentos/liberar-incontroverso', null, { method: 'POST', body: { faturas } });

/** GET /pagamentos/exportacoes/{id}/csv: the run's payables file, again. */
export const baixarCsvExportacao = (id: number) =>
  baixarDocumento({ caminho: `/pagamentos/exportacoes/${id}/csv`, method: 'GET', nomePadrao: `contas-a-pagar-${id}.csv`, tipo: 'csv' });

/** A change to payments: the payment lists and the faturas (their situation shows there too) are read again. */
export function useAcaoPagamento<A, R>(fn: (args: A) => Promise<R>) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => Promise.all([cliente.invalidateQueries({ queryKey: pagamentosKeys.todos }), cliente.invalidateQueries({ queryKey: faturasKeys.todos })]),
  });
}
