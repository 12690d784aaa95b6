import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { erroSchema, type Page } from '../../contracts/common';
import { MSG_SEM_PERMISSAO } from '../../contracts/erros';
import type { ClientePedido, DetalheNotaFiscal, NotaFiscalLookup } from '../../contracts/ordens-servico';
import type { RomaneioFrete, RomaneioLinha } from '../../contracts/romaneios';
import type { NotaEmRomaneio, RomaneioFreteSalvarEntrada, RomaneioListaQueryEntrada, RomaneioSalvo } from '../../contracts/romaneios-salvar';
import { api, apiRaw } from './api-client';
import { failureBus } from './failure-bus';
import { baixarArquivo, nomeDoArquivo } from './tabelas-frete-api';

// The freight-cost manifest calls (spec 03 §7 "Manifests"), under /romaneios. The contracts give
// the answers as TypeScript interfaces (the server is written to them): read as typed JSON, like the minuta
// and fatura answers. The document downloads (`baixarDocumento`) serve the service-order flavour too.

const BASE = '/romaneios';

export const romaneiosKeys = {
  /** Every list page: what a save or a cancel makes stale. */
  listas: ['romaneios', 'lista'] as const,
  lista: (q: RomaneioListaQueryEntrada) => ['romaneios', 'lista', q] as const,
  /** null: the blank manifest of GET /romaneios/new. */
  um: (id: number | null) => ['romaneios', 'um', id ?? 'novo'] as const,
  clientePedido: (pedidoId: string) => ['romaneios', 'cliente-pedido', pedidoId] as const,
};

/** GET /romaneios/listar-simples (the filters of spec §2.7, 50 a page). */
export const listarRomaneios = (q: RomaneioListaQueryEntrada, signal?: AbortSignal) => api<Page<RomaneioLinha>>(`${BASE}/listar-simples`, null, { query: { ...q }, signal });

export const useRomaneios = (q: RomaneioListaQueryEntrada) =>
  useQuery(queryOptions({ queryKey: romaneiosKeys.lista(q), queryFn: ({ signal }) => listarRomaneios(q, signal), placeholderData: keepPreviousData }));

/** GET /romaneios/{id}, or GET /romaneios/new (a blank EXPEDICAO manifest) for null. */
export const buscarRomaneio = (id: number | null, signal?: AbortSignal) => api<RomaneioFrete>(id === null ? `${BASE}/new` : `${BASE}/${id}`, null, { signal });

/** The dialog's manifest, read anew on each opening (gcTime 0: none is kept once closed, a blank one never reused). */
export const useRomaneio = (id: number | null) => useQuery({ queryKey: romaneiosKeys.um(id), queryFn: ({ signal }) => buscarRomaneio(id, signal), gcTime: 0 });

/** POST /romaneios: the target status says the event (same: save; FATURAMENTO, FINALIZADO, CANCELADO); 409 with the machine's message or a stale version. */
export const salvarRomaneio = (romaneio: RomaneioFreteSalvarEntrada) => api<RomaneioSalvo<RomaneioFrete>>(BASE, null, { method: 'POST', body: romaneio });

/** A save of any kind (cancel included): the list pages are read again (not the open dialog's manifest). */
export function useSalvarRomaneio() {
  const cliente = useQueryClient();
  return useMutation({ mutationFn: salvarRomaneio, onSettled: () => cliente.invalidateQueries({ queryKey: romaneiosKeys.listas }) });
}

/** GET /romaneios/listar?numero=: "find a freight-cost manifest by number" (prefix). */
export const buscarRomaneiosPorNumero = (numero: string, signal?: AbortSignal) => api<RomaneioLinha[]>(`${BASE}/listar`, null, { query: { numero }, signal });

// ---------------------------------------------------------------------------------------------------
// The ERP lookups of an item (spec §3 "Invoice lookup returns"). An unknown invoice is a 404 the dialog
// answers with its own message: it must not open the "server unavailable" dialog.

const nf = (numero: string) => encodeURIComponent(numero.trim());

/** GET /romaneios/nota-fiscal/{nf}; null when the ERP does not know it (404). */
export const buscarNotaFiscal = (numero: string, signal?: AbortSignal) => semNaoEncontrado(() => api<NotaFiscalLookup>(`${BASE}/nota-fiscal/${nf(numero)}`, null, { signal, rotearFalhas: false }));

/** GET /romaneios/nota-fiscal-itens/{nf}: the invoice's lines ([] when unknown). */
export const buscarItensNotaFiscal = async (numero: string, signal?: AbortSignal) =>
  (await semNaoEncontrado(() => api<DetalheNotaFiscal[]>(`${BASE}/nota-fiscal-itens/${nf(numero)}`, null, { signal, rotearFalhas: false }))) ?? [];

/** GET /romaneios/cliente-pedido/{pedidoId}; null when unknown. */
export const buscarClientePedido = (pedidoId: string, signal?: AbortSignal) =>
  semNaoEncontrado(() => api<ClientePedido>(`${BASE}/cliente-pedido/${encodeURIComponent(pedidoId)}`, null, { signal, rotearFalhas: false }));

/** The customer of an order, kept while the screen lives (an item's dialog shows its name). */
export const useClientePedido = (pedidoId: string | null) =>
  useQuery({ queryKey: romaneiosKeys.clientePedido(pedidoId ?? ''), queryFn: ({ signal }) => buscarClientePedido(pedidoId!, signal), enabled: Boolean(pedidoId), staleTime: 5 * 60_000 });

/** GET /romaneios/contains-nf/{nf}?romaneio={id}: the number of another manifest (not cancelled) holding the invoice. */
export const notaEmRomaneio = (numero: string, romaneioId: number | null, signal?: AbortSignal) =>
  api<NotaEmRomaneio>(`${BASE}/contains-nf/${nf(numero)}`, null, { query: { romaneio: romaneioId ?? undefined }, signal }).then((r) => r.numero);

// ---------------------------------------------------------------------------------------------------
// Documents (spec §7 reports, §8: a 404 is a warning 'Advertência'; other failures only log).

export interface Documento {
  caminho: string;
  method: 'GET' | 'POST';
  query?: Record<string, unknown>;
  /** The file name when the answer names none. */
  nomePadrao: string;
  tipo: 'pdf' | 'docx' | 'zip' | 'csv';
}

const ACCEPT = { pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', zip: 'application/zip', csv: 'text/csv' };

/** Not found (404): `mensagens` are the server's, or none (the caller says which document). */
export class DocumentoNaoEncontrado extends Error {
  constructor(readonly mensagens: string[]) {
    super(mensagens[0] ?? 'Documento não encontrado.');
  }
}

/**
 * Downloads a document (its progress is the global bar of the calls in flight). Failures are the caller's:
 * a 404 throws DocumentoNaoEncontrado; 401 and 403 still go to the shell (session, permission); the rest is logged.
 */
export async function baixarDocumento(d: Documento): Promise<string> {
  try {
    const resposta = await apiRaw(d.caminho, { method: d.method, query: d.query, headers: { Accept: ACCEPT[d.tipo] }, responseType: 'blob', rotearFalhas: false });
    const nome = nomeDoArquivo(resposta.headers.get('content-disposition'), d.nomePadrao);
    baixarArquivo(resposta._data as Blob, nome);
    return nome;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 404) throw new DocumentoNaoEncontrado(await mensagensDoCorpo((error as { data?: unknown }).data));
    if (status === 401 || status === 403) rotearSessao(status, await mensagensDoCorpo((error as { data?: unknown }).data));
    else console.error(error);
    throw error;
  }
}

/** POST /romaneios/imprimir/{id}: the manifest's PDF. */
export const imprimirRomaneio = (id: number, numero: number | null) =>
  baixarDocumento({ caminho: `${BASE}/imprimir/${id}`, method: 'POST', nomePadrao: `romaneio-${numero ?? id}.pdf`, tipo: 'pdf' });

/** POST /romaneios/imprimir/contrato/{id}: the transport contract (DOCX). */
export const imprimirContrato = (id: number, numero: number | null) =>
  baixarDocumento({ caminho: `${BASE}/imprimir/contrato/${id}`, method: 'POST', nomePadrao: `contrato-romaneio-${numero ?? id}.docx`, tipo: 'docx' });

/** GET /romaneios/despesas?inicio=&fim=: the expenses PDF of the period (both YYYY-MM-DD). */
export const imprimirDespesas = (inicio: string, fim: string) =>
  baixarDocumento({ caminho: `${BASE}/despesas`, method: 'GET', query: { inicio, fim }, nomePadrao: `despesas-romaneios-${inicio}-${fim}.pdf`, tipo: 'pdf' });

// ---------------------------------------------------------------------------------------------------

/** The server's {mensagens} of an error body (JSON, or a Blob when a file was asked for). */
async function mensagensDoCorpo(dados: unknown): Promise<string[]> {
  let corpo = dados;
  if (typeof Blob !== 'undefined' && dados instanceof Blob) {
    try {
      corpo = JSON.parse(await dados.text());
    } catch {
      corpo = null;
    }
  }
  const lido = erroSchema.safeParse(corpo);
  return lido.success ? lido.data.mensagens : [];
}

function rotearSessao(status: 401 | 403, mensagens: string[]): void {
  if (status === 401) failureBus.publicar({ tipo: 'sessao-perdida', status });
  else failureBus.publicar({ tipo: 'sem-permissao', mensagens: mensagens.length > 0 ? mensagens : [MSG_SEM_PERMISSAO] });
}

/** A lookup whose 404 means "none" (null); any other failure goes to the shell as every call's does. */
async function semNaoEncontrado<T>(chamada: () => Promise<T>): Promise<T | null> {
  try {
    return await chamada();
  } catch (error) {
    const status = (error as { status?: number; name?: string }).status;
    if (status === 404) return null;
    const mensagens = await mensagensDoCorpo((error as { data?: unknown }).data);
    if (status === 401 || status === 403) rotearSessao(status, mensagens);
    else if (status === 400 || status === 409) failureBus.publicar({ tipo: 'mensagens', mensagens: mensagens.length > 0 ? mensagens : ['A requisição foi recusada pelo servidor.'] });
    else if (!abortado(error)) failureBus.publicar({ tipo: 'indisponivel' });
    throw error;
  }
}

function abortado(error: unknown): boolean {
  const e = error as { name?: string; cause?: { name?: string } } | null;
  return e?.name === 'AbortError' || e?.cause?.name === 'AbortError';
}
