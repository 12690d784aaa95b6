import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import type { BaseAprovacao, CteCompleto, CteListaQueryEntrada, CtePage, CteSalvar, ResultadoLote } from '../../contracts/ctes';
import { tabelaFreteResumosSchema } from '../../contracts/tabela-frete-modelo';
import { api, apiRaw } from './api-client';
import { baixarArquivo, nomeDoArquivo } from './tabelas-frete-api';

// The CT-e and audit calls of spec 03 §7. The contracts give these answers as TypeScript interfaces
// (the server is written to them), so they are read as typed JSON; batch answers are read defensively.

export const ctesKeys = {
  todos: ['ctes'] as const,
  lista: (q: CteListaQueryEntrada) => ['ctes', 'lista', q] as const,
  um: (id: number) => ['ctes', 'um', id] as const,
};

/** GET /ctes/listar-simples: filters, page, size (50/100/200) and sort; totals of every matching row. */
export const listarCtes = (q: CteListaQueryEntrada, signal?: AbortSignal) => api<CtePage>('/ctes/listar-simples', null, { query: { ...q }, signal });

export const ctesListaOptions = (q: CteListaQueryEntrada) =>
  queryOptions({ queryKey: ctesKeys.lista(q), queryFn: ({ signal }) => listarCtes(q, signal), placeholderData: keepPreviousData });

export const useCtes = (q: CteListaQueryEntrada) => useQuery(ctesListaOptions(q));

/** GET /ctes/{id}: the complete CT-e with its notes and audit. */
export const buscarCte = (id: number, signal?: AbortSignal) => api<CteCompleto>(`/ctes/${id}`, null, { signal });

export const useCte = (id: number | null) => useQuery({ queryKey: ctesKeys.um(id ?? 0), queryFn: ({ signal }) => buscarCte(id ?? 0, signal), enabled: id !== null, staleTime: 0 });

/** The answer of a batch call: ResultadoLote, or whatever list of messages the call gives. */
const loteSchema = z.unknown().transform((v): ResultadoLote => {
  const o = (v ?? {}) as Partial<ResultadoLote>;
  return {
    processados: typeof o.processados === 'number' ? o.processados : 0,
    ignorados: Array.isArray(o.ignorados) ? o.ignorados : [],
    mensagens: Array.isArray(o.mensagens) ? o.mensagens.filter((m): m is string => typeof m === 'string') : [],
  };
});

const get = (path: string) => () => api(path, loteSchema);

/** GET /ctes/ler-arquivos: its messages and the period of the CT-es just read (null when none was). */
export interface LeituraXmls {
  mensagens: string[];
  periodo: { dataIni: string; dataFim: string } | null;
}
const dataIso = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const leituraSchema = z.object({
  mensagens: z.array(z.string()).catch([]),
  periodo: z.object({ dataIni: dataIso, dataFim: dataIso }).nullable().catch(null),
});
export const lerXmls = (): Promise<LeituraXmls> => api('/ctes/ler-arquivos', leituraSchema);

/** GET calls of the screen's buttons (spec 03 §7); the admin ones need the login admin. */
export const acoesCte = {
  processar: get('/ctes/processar'),
  criarNf: get('/ctes/criar-nf'),
  preencherTipo: get('/ctes/preencher-tipo'),
  processarIntegracao: get('/ctes/processar-integracao'),
  preencherValor: get('/ctes/preencher-valor'),
};

export const reprocessarCte = (id: number) => api(`/ctes/processar-cte/${id}`, loteSchema);
export const salvarCte = (cte: CteSalvar) => api<CteCompleto>('/ctes', null, { method: 'POST', body: cte });
export const desconsiderarCte = (cte: { id: number; versao: number }) => api('/ctes/desconsiderar', loteSchema, { method: 'POST', body: cte });
export const agruparCtes = (pedido: { ctes: number[]; tipoVeiculo: { id: number } }) => api('/ctes/confirmar-agrupamento', loteSchema, { method: 'POST', body: pedido });
export const auditarCtes = (pedido: { ctes: number[]; refazer?: boolean }) => api('/auditorias-cte/auditar', loteSchema, { method: 'POST', body: pedido });
export const aprovarCtes = (pedido: { ctes: number[]; base: BaseAprovacao; valorCorreto?: string; observacoes?: string }) =>
  api('/auditorias-cte/aprovar', loteSchema, { method: 'POST', body: pedido });
export const trocarTabelaCte = (pedido: { cte: number; tabelaFrete: number }) => api('/auditorias-cte/trocar-tabela', loteSchema, { method: 'POST', body: pedido });

/** A mutation over CT-es: every CT-e query (list, totals, detail) is read again afterwards. */
export function useAcaoCte<A, R>(fn: (args: A) => Promise<R>) {
  const cliente = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => cliente.invalidateQueries({ queryKey: ctesKeys.todos }) });
}

/** GET /tabelas-frete/cte?transportadora&dataDespacho: the carrier's tables in force on that day. */
export function useTabelasParaCte(transportadora: number | null, dataDespacho: string | null) {
  return useQuery({
    queryKey: ['tabelas-frete', 'cte', transportadora, dataDespacho],
    queryFn: ({ signal }) => api('/tabelas-frete/cte', tabelaFreteResumosSchema, { query: { transportadora, dataDespacho }, signal }),
    enabled: transportadora !== null && dataDespacho !== null,
  });
}

/** GET /tabelas-frete/imprimir/cte/{id}: the audit's calculation PDF, delivered as a download. */
export async function imprimirCalculoCte(id: number): Promise<string> {
  const resposta = await apiRaw(`/tabelas-frete/imprimir/cte/${id}`, { headers: { Accept: 'application/pdf' }, responseType: 'blob' });
  const nome = nomeDoArquivo(resposta.headers.get('content-disposition'), `calculo-cte-${id}.pdf`);
  baixarArquivo(resposta._data as Blob, nome);
  return nome;
}
