import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alcadas, AlcadasSalvar } from '../../../contracts/alcadas';
import type { RegrasPagamento } from '../../../contracts/pagamentos';
import type { UsuarioSimples } from '../../../contracts/usuarios';
import { api } from '../../api/api-client';

// Configuração's Pagamento and Alçadas tabs (issue 29): the company's release rules and approval limits. Kept
// beside the tabs: only they call them (move to src/web/api when a second screen needs them).

export const pagamentoConfigKeys = {
  regras: ['regras-pagamento'] as const,
  alcadas: ['alcadas'] as const,
};

/** GET /regras-pagamento: the 8 rules, "pagar o incontroverso", the conferência's days and the version. */
export const useRegrasPagamento = () =>
  useQuery({ queryKey: pagamentoConfigKeys.regras, queryFn: ({ signal }) => api<RegrasPagamento>('/regras-pagamento', null, { signal }), staleTime: 0 });

/** POST /regras-pagamento: answers the rules as saved (new version) and the server's messages. */
export function useSalvarRegrasPagamento() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (regras: RegrasPagamento) => api<{ mensagens: string[]; regras: RegrasPagamento }>('/regras-pagamento', null, { method: 'POST', body: regras }),
    onSuccess: (r) => cliente.setQueryData(pagamentoConfigKeys.regras, r.regras),
    // The faturas were checked again under the new rules.
    onSettled: () => Promise.all([cliente.invalidateQueries({ queryKey: ['faturas'] }), cliente.invalidateQueries({ queryKey: ['pagamentos'] })]),
  });
}

/** GET /alcadas: the levels' limits and the users' own. */
export const useAlcadas = () => useQuery({ queryKey: pagamentoConfigKeys.alcadas, queryFn: ({ signal }) => api<Alcadas>('/alcadas', null, { signal }), staleTime: 0 });

/** POST /alcadas: answers the limits as saved (new version). */
export function useSalvarAlcadas() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (alcadas: AlcadasSalvar) => api<Alcadas>('/alcadas', null, { method: 'POST', body: alcadas }),
    onSuccess: (salvas) => cliente.setQueryData(pagamentoConfigKeys.alcadas, salvas),
  });
}

/** GET /usuarios/auto-completar: active users by name or login (the picker of the users with their own limits). */
export const buscarUsuarios = (texto: string, signal?: AbortSignal) =>
  api<UsuarioSimples[]>('/usuarios/auto-completar', null, { query: { usuario: texto, size: 20 }, signal });
