import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { clienteSchema, vwClienteSchema, type Cliente, type VwCliente } from '../../contracts/clientes';
import { pageSchema } from '../../contracts/common';
import { configuracaoSchema, type ConfiguracaoCadastro } from '../../contracts/configuracoes';
import type { AndamentoReleitura } from '../../contracts/leitura-xml';
import { api } from './api-client';
import { noticeBus } from './notice-bus';

export const configuracoesKeys = { todos: ['configuracoes'] as const };

/** GET /configuracoes/completar. */
export function useConfiguracao() {
  return useQuery({ queryKey: configuracoesKeys.todos, queryFn: ({ signal }) => api('/configuracoes/completar', configuracaoSchema, { signal }) });
}

export function useSalvarConfiguracao() {
  const cliente = useQueryClient();
  return useMutation({
    mutationFn: (c: ConfiguracaoCadastro) => api('/configuracoes', configuracaoSchema, { method: 'POST', body: c }),
    onSuccess: (salva) => {
      noticeBus.publicar('Configuração salva.');
      cliente.setQueryData(configuracoesKeys.todos, salva);
    },
  });
}

/** A vw-clientes hit; the register id (what POST /configuracoes refers to) when the server sends it. */
export type VwClienteComId = VwCliente & { id?: number };
const vwClienteComIdSchema = vwClienteSchema.extend({ id: z.number().int().optional() });

/** GET /vw-clientes/listar-simples: customer autocomplete of the settings lists (size 20), chosen ones excluded. */
export function buscarVwClientes(texto: string, excluir: readonly string[], signal?: AbortSignal): Promise<VwClienteComId[]> {
  const resposta = z.union([z.array(vwClienteComIdSchema), pageSchema(vwClienteComIdSchema)]);
  return api('/vw-clientes/listar-simples', resposta, {
    // Every position is offered; the option shows whether the customer is ATIVO (spec 01 §3).
    query: { cliente: texto, clienteId_notIn: excluir.length > 0 ? excluir : undefined, sort: 'razaoSocial', size: 20 },
    signal,
  }).then((r) => (Array.isArray(r) ? r : r.content));
}

const mensagensSchema = z.object({ mensagens: z.array(z.string()) }).partial().nullable();

/** POST /ctes/carregar-xml-tabela {dias}: the stored XMLs of the CT-es read in the last `dias` days are read again; the answer's messages go to the popup. */
export function useCarregarXml() {
  return useMutation({ mutationFn: (dias: number) => api('/ctes/carregar-xml-tabela', mensagensSchema, { method: 'POST', body: { dias } }) });
}

/**
 * GET /ctes/carregar-xml-tabela: asked every second while Carregar XML runs (issue 33: 180 days are a batch), the
 * progress shown beside the button; a failure is not routed (the POST's answer says what went wrong).
 */
export const useAndamentoCarregarXml = (ativo: boolean) =>
  useQuery({
    queryKey: ['ctes', 'carregar-xml-tabela'],
    queryFn: ({ signal }) => api<AndamentoReleitura>('/ctes/carregar-xml-tabela', null, { signal, rotearFalhas: false }),
    enabled: ativo,
    refetchInterval: ativo ? 1000 : false,
    retry: false,
    gcTime: 0,
  });

/** GET /clientes/findByCardCode/{clienteId}: the register id of an ERP customer (vw-clientes hits carry only the key). */
export function buscarClientePorCodigo(clienteId: string): Promise<Cliente> {
  return api(`/clientes/findByCardCode/${encodeURIComponent(clienteId)}`, clienteSchema);
}
