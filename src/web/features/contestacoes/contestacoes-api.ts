import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contestacao, ContestacaoAbrir, ContestacaoResponder } from '../../../contracts/contestacoes';
import { api, apiRaw } from '../../api/api-client';
import { ctesKeys } from '../../api/ctes-api';
import { faturasKeys } from '../../api/faturas-api';
import { baixarArquivo, nomeDoArquivo } from '../../api/tabelas-frete-api';

// The disputes' calls (issue 29; src/contracts/contestacoes.ts): typed JSON like the other answers.

export const contestacoesKeys = {
  todos: ['contestacoes'] as const,
  uma: (id: number) => ['contestacoes', 'uma', id] as const,
};

/** POST /contestacoes: ctes | linhas | fatura, motivo, descrição, prazo → the dispute (ABERTA). */
export const abrirContestacao = (pedido: ContestacaoAbrir) => api<Contestacao>('/contestacoes', null, { method: 'POST', body: pedido });

export const buscarContestacao = (id: number, signal?: AbortSignal) => api<Contestacao>(`/contestacoes/${id}`, null, { signal });

export const useContestacao = (id: number | null) =>
  useQuery({ queryKey: contestacoesKeys.uma(id ?? 0), queryFn: ({ signal }) => buscarContestacao(id ?? 0, signal), enabled: id !== null, staleTime: 0 });

export const enviarContestacao = (c: Pick<Contestacao, 'id' | 'versao'>) => api<Contestacao>(`/contestacoes/${c.id}/enviar`, null, { method: 'POST', body: { versao: c.versao } });

export const encerrarContestacao = (c: Pick<Contestacao, 'id' | 'versao'>) => api<Contestacao>(`/contestacoes/${c.id}/encerrar`, null, { method: 'POST', body: { versao: c.versao } });

export const responderContestacao = ({ id, ...resposta }: ContestacaoResponder & { id: number }) =>
  api<Contestacao>(`/contestacoes/${id}/responder`, null, { method: 'POST', body: resposta });

/** GET /contestacoes/{id}/email: the letter as an e-mail (subject and body) for the clipboard. */
export const emailContestacao = (id: number) => api<{ assunto: string; corpo: string }>(`/contestacoes/${id}/email`, null);

/** GET /contestacoes/{id}/carta: the letter to the carrier (PDF), delivered as a download. */
export async function baixarCartaContestacao(c: Pick<Contestacao, 'id' | 'numero'>): Promise<string> {
  const resposta = await apiRaw(`/contestacoes/${c.id}/carta`, { headers: { Accept: 'application/pdf' }, responseType: 'blob' });
  const nome = nomeDoArquivo(resposta.headers.get('content-disposition'), `contestacao-${c.numero}.pdf`);
  baixarArquivo(resposta._data as Blob, nome);
  return nome;
}

/** A change to a dispute: the dispute, the faturas (their situation and values) and the CT-es are read again. */
export function useAcaoContestacao<A, R>(fn: (args: A) => Promise<R>) {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        cliente.invalidateQueries({ queryKey: contestacoesKeys.todos }),
        cliente.invalidateQueries({ queryKey: faturasKeys.todos }),
        cliente.invalidateQueries({ queryKey: ctesKeys.todos }),
      ]),
  });
}
