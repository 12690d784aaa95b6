import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CaixaPostalConfig, CaixaPostalSalvar, SefazConfig, SefazSalvar } from '../../../contracts/recebimento';
import { api } from '../../api/api-client';

// Configuração's Recebimento tab (issue 30, ADMIN): the mailbox and the SEFAZ distribution. Kept beside the tab:
// only it calls them.

export const recebimentoConfigKeys = {
  caixaPostal: ['recebimento', 'caixa-postal'] as const,
  sefaz: ['recebimento', 'sefaz'] as const,
};

/** GET /recebimento/caixa-postal: the mailbox (never its password: senhaDefinida says one is stored). */
export const useCaixaPostal = () =>
  useQuery({
    queryKey: recebimentoConfigKeys.caixaPostal,
    queryFn: ({ signal }) => api<CaixaPostalConfig>('/recebimento/caixa-postal', null, { signal }),
    staleTime: 0,
  });

/** PUT /recebimento/caixa-postal: answers the mailbox as saved (new version); 409 on a stale one. */
export function useSalvarCaixaPostal() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (dados: CaixaPostalSalvar) =>
      api<CaixaPostalConfig>('/recebimento/caixa-postal', null, {
        method: 'PUT',
        body: dados,
      }),
    onSuccess: (salva) => cliente.setQueryData(recebimentoConfigKeys.caixaPostal, salva),
    onSettled: () => cliente.invalidateQueries({ queryKey: ['recebimento', 'painel'] }),
  });
}

/** GET /recebimento/sefaz: the distribution's settings, the certificate's holder and validity, the NSUs. */
export const useSefaz = () =>
  useQuery({
    queryKey: recebimentoConfigKeys.sefaz,
    queryFn: ({ signal }) => api<SefazConfig>('/recebimento/sefaz', null, { signal }),
    staleTime: 0,
  });

/** PUT /recebimento/sefaz: answers the settings as saved (new version); 409 on a stale one. */
export function useSalvarSefaz() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (dados: SefazSalvar) =>
      api<SefazConfig>('/recebimento/sefaz', null, {
        method: 'PUT',
        body: dados,
      }),
    onSuccess: (salva) => cliente.setQueryData(recebimentoConfigKeys.sefaz, salva),
    onSettled: () => cliente.invalidateQueries({ queryKey: ['recebimento', 'painel'] }),
  });
}

/** POST /recebimento/sefaz/certificado (multipart: arquivo + senha): the A1 certificate; answers the settings. */
export function useEnviarCertificado() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: ({ arquivo, senha }: { arquivo: File; senha: string }) => {
      const corpo = new FormData();
      corpo.append('arquivo', arquivo, arquivo.name);
      corpo.append('senha', senha);
      // No Content-Type of ours: the browser writes the multipart boundary.
      return api<SefazConfig>('/recebimento/sefaz/certificado', null, {
        method: 'POST',
        body: corpo,
      });
    },
    onSuccess: (config) => cliente.setQueryData(recebimentoConfigKeys.sefaz, config),
  });
}
