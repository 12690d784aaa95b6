import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  sincronizacaoSchema,
  transportadoraPageSchema,
  transportadoraSchema,
  type Transportadora,
  type TransportadoraCadastro,
} from '../../contracts/transportadoras';
import type { Page } from '../../contracts/common';
import { api } from './api-client';
import { noticeBus } from './notice-bus';

export interface TransportadorasQuery {
  transportadora?: string;
  desativados: boolean;
  page: number;
  size: number;
  sort: string;
}

export const transportadorasKeys = {
  todos: ['transportadoras'] as const,
  lista: (q: TransportadorasQuery) => ['transportadoras', 'lista', q] as const,
  um: (id: number) => ['transportadoras', 'um', id] as const,
};

/** GET /transportadoras/listar-simples: the server searches razão social, nome fantasia, CNPJ or code. */
export function listarTransportadoras(q: TransportadorasQuery, signal?: AbortSignal): Promise<Page<Transportadora>> {
  return api('/transportadoras/listar-simples', transportadoraPageSchema, { query: { ...q }, signal });
}

/** Carrier autocomplete over listar-simples (spec 02 §7: transportadora, page, size, sort): id and name. */
export const buscarTransportadorasSimples = (texto: string, signal?: AbortSignal): Promise<{ id: number; razaoSocial: string }[]> =>
  listarTransportadoras({ transportadora: texto, desativados: false, page: 0, size: 20, sort: 'razaoSocial,asc' }, signal).then((p) =>
    p.content.map((t) => ({ id: t.id, razaoSocial: t.razaoSocial })),
  );

export function useTransportadoras(q: TransportadorasQuery) {
  return useQuery(
    queryOptions({ queryKey: transportadorasKeys.lista(q), queryFn: ({ signal }) => listarTransportadoras(q, signal), placeholderData: keepPreviousData }),
  );
}

export function useTransportadora(id: number | null) {
  return useQuery({
    queryKey: transportadorasKeys.um(id ?? 0),
    queryFn: ({ signal }) => api(`/transportadoras/${id}`, transportadoraSchema, { signal }),
    enabled: id !== null,
  });
}

/** GET /transportadoras?transportadora=: autocomplete (and the palette's carrier search by name or CNPJ). */
export function buscarTransportadoras(texto: string, signal?: AbortSignal, size?: number): Promise<Transportadora[]> {
  const resposta = z.union([z.array(transportadoraSchema), transportadoraPageSchema]);
  return api('/transportadoras', resposta, { query: { transportadora: texto, size }, signal }).then((r) => (Array.isArray(r) ? r : r.content));
}

export function useSalvarTransportadora() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (t: TransportadoraCadastro) => api('/transportadoras', transportadoraSchema, { method: 'POST', body: t }),
    onSuccess: () => {
      noticeBus.publicar('Transportadora salva.');
      return cliente.invalidateQueries({ queryKey: transportadorasKeys.todos });
    },
  });
}

/** GET /transportadoras/atualizar (ADMIN): ERP sync, answers {adicionados, atualizados, total}. */
export function useAtualizarTransportadoras() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: () => api('/transportadoras/atualizar', sincronizacaoSchema),
    onSuccess: () => cliente.invalidateQueries({ queryKey: transportadorasKeys.todos }),
  });
}
