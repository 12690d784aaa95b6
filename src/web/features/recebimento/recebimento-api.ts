import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Page } from '../../../contracts/common';
import type { ExecucaoRecebimento, FonteAgendada, FonteRecebimento, ItemRecebimento, PainelRecebimento } from '../../../contracts/recebimento';
import { api } from '../../api/api-client';

// The /recebimento calls (issue 30, src/contracts/recebimento.ts), beside the screen: only it and the shell's
// warning call them.

export const recebimentoKeys = {
  todos: ['recebimento'] as const,
  painel: ['recebimento', 'painel'] as const,
  aviso: ['recebimento', 'aviso'] as const,
  execucoes: (fonte: FonteRecebimento | '', page: number, size: number) => ['recebimento', 'execucoes', fonte, page, size] as const,
  execucao: (id: number) => ['recebimento', 'execucao', id] as const,
  itens: (id: number, page: number, problemas: boolean) => ['recebimento', 'itens', id, page, problemas] as const,
};

/** How often the shell asks for the sources' state (the warning of a source failing). */
export const INTERVALO_AVISO_MS = 60_000;

/** GET /recebimento: one card per source. */
export const usePainelRecebimento = () =>
  useQuery({
    queryKey: recebimentoKeys.painel,
    queryFn: ({ signal }) => api<PainelRecebimento>('/recebimento', null, { signal }),
  });

/**
 * The same call for the shell's warning: every minute and when the window gets the focus back, its failures
 * unrouted (a background check never opens a dialog over the user's work).
 */
export const usePainelDoAviso = (ativo: boolean) =>
  useQuery({
    queryKey: recebimentoKeys.aviso,
    queryFn: ({ signal }) =>
      api<PainelRecebimento>('/recebimento', null, {
        signal,
        rotearFalhas: false,
      }),
    enabled: ativo,
    refetchInterval: INTERVALO_AVISO_MS,
    refetchOnWindowFocus: true,
    retry: false,
  });

/** GET /recebimento/execucoes?fonte&page&size: the runs, newest first, paged on the server. */
export const useExecucoes = (fonte: FonteRecebimento | '', page: number, size: number) =>
  useQuery({
    queryKey: recebimentoKeys.execucoes(fonte, page, size),
    queryFn: ({ signal }) =>
      api<Page<ExecucaoRecebimento>>('/recebimento/execucoes', null, {
        query: { fonte: fonte || undefined, page, size },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** GET /recebimento/execucoes/{id}: asked again every second while the run goes on (its progress). */
export const useExecucao = (id: number | null) =>
  useQuery({
    queryKey: recebimentoKeys.execucao(id ?? 0),
    queryFn: ({ signal }) =>
      api<ExecucaoRecebimento>(`/recebimento/execucoes/${id}`, null, {
        signal,
      }),
    enabled: id !== null,
    refetchInterval: (q) => (q.state.data && q.state.data.situacao !== 'EM_ANDAMENTO' ? false : 1000),
  });

/** GET /recebimento/execucoes/{id}/itens?page&size&problemas: the documents a run saw. */
export const useItensExecucao = (id: number, page: number, size: number, problemas: boolean) =>
  useQuery({
    queryKey: recebimentoKeys.itens(id, page, problemas),
    queryFn: ({ signal }) =>
      api<Page<ItemRecebimento>>(`/recebimento/execucoes/${id}/itens`, null, {
        query: { page, size, problemas: problemas ? 'true' : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });

/** POST /recebimento/{fonte}/ler ("Ler agora"): the run started (409 when one is running: the popup says so). */
export const lerAgora = (fonte: FonteAgendada) =>
  api<ExecucaoRecebimento>(`/recebimento/${fonte}/ler`, null, {
    method: 'POST',
  });

/** POST /recebimento/enviar (multipart, field "arquivos"): any documents, told by content; answers the finished run. */
export function enviarArquivos(arquivos: readonly File[]): Promise<ExecucaoRecebimento> {
  const corpo = new FormData();
  for (const arquivo of arquivos) corpo.append('arquivos', arquivo, arquivo.name);
  return api<ExecucaoRecebimento>('/recebimento/enviar', null, {
    method: 'POST',
    body: corpo,
  });
}

/** After a run: the cards, the history and what the documents changed (CT-es, faturas, minutas) are read again. */
export function useAtualizarDepoisDaLeitura() {
  const cliente = useQueryClient();
  return () => Promise.all(['recebimento', 'ctes', 'faturas', 'minutas'].map((chave) => cliente.invalidateQueries({ queryKey: [chave] })));
}
