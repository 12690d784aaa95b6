import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { erroSchema, type Page } from '../../contracts/common';
import type {
  DadosItemRomaneioOs,
  FiltroOrdensServicoEntrada,
  ListagemPicker,
  NotaFiscalListagem,
  OrdemServicoListagem,
} from '../../contracts/ordens-servico';
import type { RomaneioLinha, RomaneioOs } from '../../contracts/romaneios';
import type { RomaneioListaQueryEntrada, RomaneioOsSalvarEntrada, RomaneioSalvo } from '../../contracts/romaneios-salvar';
import { api } from './api-client';
import { failureBus } from './failure-bus';
import { baixarDocumento } from './romaneios-api';

// The service-order manifest calls (spec 03 §7 "Manifests", the /romaneios-colacril and /ordens-servico
// paths). The contracts give the answers as TypeScript interfaces (the server is written to
// them): read as typed JSON, like the minuta and fatura answers.

const BASE = '/romaneios-colacril';

export const romaneiosOsKeys = {
  /** Every list page: what a save or a cancel makes stale. */
  listas: ['romaneios-os', 'lista'] as const,
  lista: (q: RomaneioListaQueryEntrada) => ['romaneios-os', 'lista', q] as const,
  /** null: the blank manifest of GET /romaneios-colacril/new. */
  um: (id: number | null) => ['romaneios-os', 'um', id ?? 'novo'] as const,
  picker: (modo: 'os' | 'nf', q: FiltroOrdensServicoEntrada) => ['romaneios-os', 'picker', modo, q] as const,
};

/** GET /romaneios-colacril/listar-simples (the filters of spec §2.7, 50 a page). */
export const listarRomaneiosOs = (q: RomaneioListaQueryEntrada, signal?: AbortSignal) =>
  api<Page<RomaneioLinha>>(`${BASE}/listar-simples`, null, { query: { ...q }, signal });

export const useRomaneiosOs = (q: RomaneioListaQueryEntrada) =>
  useQuery(queryOptions({ queryKey: romaneiosOsKeys.lista(q), queryFn: ({ signal }) => listarRomaneiosOs(q, signal), placeholderData: keepPreviousData }));

/** GET /romaneios-colacril/{id}, or /new (origin and destination preset) for null. */
export const buscarRomaneioOs = (id: number | null, signal?: AbortSignal) => api<RomaneioOs>(id === null ? `${BASE}/new` : `${BASE}/${id}`, null, { signal });

/** The dialog's manifest, read anew on each opening (gcTime 0: a blank one is never reused). */
export const useRomaneioOs = (id: number | null) => useQuery({ queryKey: romaneiosOsKeys.um(id), queryFn: ({ signal }) => buscarRomaneioOs(id, signal), gcTime: 0 });

/** POST /romaneios-colacril: the target status says the event (same: save; FATURAMENTO, FINALIZADO, CANCELADO); 409 with the machine's message. */
export const salvarRomaneioOs = (romaneio: RomaneioOsSalvarEntrada) => api<RomaneioSalvo<RomaneioOs>>(BASE, null, { method: 'POST', body: romaneio });

/** A save of any kind: the list pages are read again (not the open dialog's manifest). */
export function useSalvarRomaneioOs() {
  const cliente = useQueryClient();
  return useMutation({ mutationFn: salvarRomaneioOs, onSettled: () => cliente.invalidateQueries({ queryKey: romaneiosOsKeys.listas }) });
}

/** GET /romaneios-colacril/listar?numero=: "find a manifest of O.S. by number" (prefix). */
export const buscarRomaneiosOsPorNumero = (numero: string, signal?: AbortSignal) => api<RomaneioLinha[]>(`${BASE}/listar`, null, { query: { numero }, signal });

/** POST /romaneios-colacril/imprimir/{id}: the manifest's PDF (the shared download: a 404 throws DocumentoNaoEncontrado). */
export const imprimirRomaneioOs = (id: number, numero: number | null) =>
  baixarDocumento({ caminho: `${BASE}/imprimir/${id}`, method: 'POST', nomePadrao: `romaneio-os-${numero ?? id}.pdf`, tipo: 'pdf' });

/** GET /ordens-servico/ordens-servico-transportadora: the picker's service-order lines (transportadora required). */
export const listarOrdensServicoTransportadora = (q: FiltroOrdensServicoEntrada, signal?: AbortSignal) =>
  api<ListagemPicker<OrdemServicoListagem>>('/ordens-servico/ordens-servico-transportadora', null, { query: { ...q }, signal });

/** GET /ordens-servico/notas-fiscais-transportadora: the picker's invoices. */
export const listarNotasFiscaisTransportadora = (q: FiltroOrdensServicoEntrada, signal?: AbortSignal) =>
  api<ListagemPicker<NotaFiscalListagem>>('/ordens-servico/notas-fiscais-transportadora', null, { query: { ...q }, signal });

export const useOrdensServicoTransportadora = (q: FiltroOrdensServicoEntrada | null) =>
  useQuery({
    queryKey: romaneiosOsKeys.picker('os', q ?? { transportadora: '' }),
    queryFn: ({ signal }) => listarOrdensServicoTransportadora(q!, signal),
    enabled: q !== null,
    gcTime: 0,
  });

export const useNotasFiscaisTransportadora = (q: FiltroOrdensServicoEntrada | null) =>
  useQuery({
    queryKey: romaneiosOsKeys.picker('nf', q ?? { transportadora: '' }),
    queryFn: ({ signal }) => listarNotasFiscaisTransportadora(q!, signal),
    enabled: q !== null,
    gcTime: 0,
  });

/**
 * A preencher-dados lookup; null when the ERP does not know the O.S. or invoice (404: the dialog says so,
 * it is no "server unavailable"). Other failures go to the shell as every call's do.
 */
async function preencher(caminho: string, chave: string): Promise<DadosItemRomaneioOs | null> {
  try {
    return await api<DadosItemRomaneioOs>(`/ordens-servico/${caminho}/${encodeURIComponent(chave.trim())}`, null, { rotearFalhas: false });
  } catch (error) {
    const { status, data } = error as { status?: number; data?: unknown };
    if (status === 404) return null;
    const corpo = erroSchema.safeParse(data);
    const mensagens = corpo.success && corpo.data.mensagens.length > 0 ? corpo.data.mensagens : ['A requisição foi recusada pelo servidor.'];
    if (status === 401) failureBus.publicar({ tipo: 'sessao-perdida', status });
    else if (status === 403) failureBus.publicar({ tipo: 'sem-permissao', mensagens });
    else if (status === 400 || status === 409) failureBus.publicar({ tipo: 'mensagens', mensagens });
    else failureBus.publicar({ tipo: 'indisponivel' });
    throw error;
  }
}

/** GET /ordens-servico/preencher-dados-fiscais-os/{os}: the O.S.'s order, customer and invoice. */
export const preencherDadosFiscaisOs = (os: string) => preencher('preencher-dados-fiscais-os', os);
/** GET /ordens-servico/preencher-dados-fiscais-nf/{nf}: the invoice's value, freight, weights and volumes. */
export const preencherDadosFiscaisNf = (nf: string) => preencher('preencher-dados-fiscais-nf', nf);
/** GET /ordens-servico/preencher-dados-peso-volume/{os}: the O.S.'s weights, volumes and m². */
export const preencherDadosPesoVolume = (os: string) => preencher('preencher-dados-peso-volume', os);
