import { useMutation, useQuery } from '@tanstack/react-query';
import { clientePageSchema, type Cliente } from '../../contracts/clientes';
import { tabelaFretePageSchema, tabelaFreteResumosSchema, tabelaFreteSchema, type TabelaFrete, type TabelaFreteCadastro, type TabelaFreteLinha } from '../../contracts/tabela-frete-modelo';
import { resultadosCalculoSchema, type ImpressaoCotacao, type PedidoCalculo } from '../../contracts/calculo-frete';
import { tipoVeiculoPageSchema, type TipoVeiculo } from '../../contracts/veiculos';
import { api, apiRaw } from './api-client';
import { crudApi, type ListaQuery } from './crud-api';

export interface TabelasFreteQuery extends ListaQuery {
  /** Carrier text (razão social, CNPJ...): spec 02 §7 "GET /tabelas-frete?{query} carrier text". */
  transportadora?: string;
}

/** /tabelas-frete (spec 02 §7): list rows are summaries; GET /{id} answers the whole table. */
export const tabelasFreteApi = crudApi<TabelaFrete, TabelaFreteCadastro, TabelaFreteLinha, TabelasFreteQuery>(
  '/tabelas-frete',
  'tabelas-frete',
  tabelaFreteSchema,
  tabelaFretePageSchema,
  { salvo: 'Tabela de frete salva.', excluido: 'Tabela de frete excluída.' },
);

/** GET /tabelas-frete/dtos?transportadora={id}: the carrier's table summaries. */
export const buscarResumosTabelas = (transportadora: number, signal?: AbortSignal) =>
  api('/tabelas-frete/dtos', tabelaFreteResumosSchema, { query: { transportadora }, signal });

export function useResumosTabelas(transportadora: number | null) {
  return useQuery({
    queryKey: [...tabelasFreteApi.chaves.todos, 'dtos', transportadora],
    queryFn: ({ signal }) => buscarResumosTabelas(transportadora ?? 0, signal),
    enabled: transportadora !== null,
  });
}

/** POST /tabelas-frete/calcular: one result per carrier. */
export const calcular = (pedido: PedidoCalculo) => api('/tabelas-frete/calcular', resultadosCalculoSchema, { method: 'POST', body: pedido });

export const useCalcular = () => useMutation({ mutationFn: calcular });

/** The file name of a Content-Disposition header (filename*=UTF-8'' first), or the fallback. */
export function nomeDoArquivo(disposicao: string | null, padrao: string): string {
  if (!disposicao) return padrao;
  const estendido = /filename\*\s*=\s*(?:UTF-8'')?([^;]+)/i.exec(disposicao);
  if (estendido) return decodeURIComponent(estendido[1].trim().replace(/^"|"$/g, ''));
  const simples = /filename\s*=\s*"?([^";]+)"?/i.exec(disposicao);
  return simples ? simples[1].trim() : padrao;
}

/** Hands a file to the browser: an object URL on a temporary link, released right after. */
export function baixarArquivo(arquivo: Blob, nome: string): void {
  const url = URL.createObjectURL(arquivo);
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** POST /tabelas-frete/imprimir: the quotation PDF, delivered as a download (spec 02 §7). */
export async function imprimirCotacao(impressao: ImpressaoCotacao): Promise<string> {
  const resposta = await apiRaw('/tabelas-frete/imprimir', { method: 'POST', body: impressao, headers: { Accept: 'application/pdf' }, responseType: 'blob' });
  const nome = nomeDoArquivo(resposta.headers.get('content-disposition'), 'cotacao-frete.pdf');
  baixarArquivo(resposta._data as Blob, nome);
  return nome;
}

export const useImprimirCotacao = () => useMutation({ mutationFn: imprimirCotacao });

/** GET /clientes/listar-simples (spec 02 §7: cliente, page, size 20, sort razaoSocial). */
export const buscarClientes = (texto: string, signal?: AbortSignal): Promise<Cliente[]> =>
  api('/clientes/listar-simples', clientePageSchema, { query: { cliente: texto, page: 0, size: 20, sort: 'razaoSocial' }, signal }).then((p) => p.content);

/** GET /tipos-veiculo?search=descricao==*{text}* (spec 02 §7), quoted so spaces stay text. */
export const buscarTiposVeiculoPorDescricao = (texto: string, signal?: AbortSignal): Promise<TipoVeiculo[]> =>
  api('/tipos-veiculo', tipoVeiculoPageSchema, {
    query: { search: `descricao=="*${texto.trim().replace(/["\\]/g, '')}*"`, sort: 'descricao,asc', page: 0, size: 20 },
    signal,
  }).then((p) => p.content);

/** Every vehicle type for the calculation's select ("Qualquer" first, added by the dialog). */
export function useTodosTiposVeiculo() {
  return useQuery({
    queryKey: ['tipos-veiculo', 'todos-calculo'],
    queryFn: ({ signal }) => api('/tipos-veiculo', tipoVeiculoPageSchema, { query: { sort: 'descricao,asc', page: 0, size: 300 }, signal }).then((p) => p.content),
    staleTime: 60_000,
  });
}

