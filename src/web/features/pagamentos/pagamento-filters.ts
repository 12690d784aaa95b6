import { SITUACOES_PAGAMENTO, TAMANHOS_PAGINA_PAGAMENTOS, type ExportarPagamentos, type PagamentosQuery, type SituacaoPagamento } from '../../../contracts/pagamentos';
import type { DataTableSort } from '../../ui/data-table';
import { paginaDaUrl, paginaParaConsulta, paginaParaUrl, type ListaNaUrl } from '../../ui/list-url';
import type { PagamentosConsulta } from './pagamentos-api';

/** A carrier picked in the filter: the query sends its CNPJ (digits). */
export interface TransportadoraFiltro {
  cnpj: string;
  nome: string;
}

/** The Pagamentos filters as the form holds them: '' means "Todas" or empty. */
export interface FiltrosPagamento {
  situacao: '' | SituacaoPagamento;
  transportadora: TransportadoraFiltro | null;
  /** YYYY-MM-DD or ''. */
  vencimentoInicio: string;
  vencimentoFim: string;
}

export type ListaPagamento = ListaNaUrl<FiltrosPagamento>;

export const TAMANHOS_PAGINA_PAGAMENTO = TAMANHOS_PAGINA_PAGAMENTOS;
/** What falls due first comes first: the payables' order. */
export const ORDEM_PADRAO: DataTableSort = { field: 'dataVencimento', direction: 'asc' };

const filtrosPadrao = (): FiltrosPagamento => ({ situacao: '', transportadora: null, vencimentoInicio: '', vencimentoFim: '' });

const situacao = (v: string | null): FiltrosPagamento['situacao'] => ((SITUACOES_PAGAMENTO as readonly string[]).includes(v ?? '') ? (v as SituacaoPagamento) : '');

/** Reads the list from the URL: absent parameters are "every situation, every carrier, any due date". */
export function lerDaUrl(query: URLSearchParams): ListaPagamento {
  const f = filtrosPadrao();
  f.situacao = situacao(query.get('situacao'));
  const cnpj = query.get('transportadora');
  f.transportadora = cnpj ? { cnpj, nome: query.get('transportadoraNome') ?? cnpj } : null;
  f.vencimentoInicio = query.get('vencimentoInicio') ?? '';
  f.vencimentoFim = query.get('vencimentoFim') ?? '';
  return { filtros: f, ...paginaDaUrl(query, TAMANHOS_PAGINA_PAGAMENTO, ORDEM_PADRAO) };
}

/** The URL of a list (the Faturas tab is the screen's first, so no `aba`). */
export function paraUrl(l: ListaPagamento): string {
  const p = new URLSearchParams();
  const f = l.filtros;
  if (f.situacao) p.set('situacao', f.situacao);
  if (f.transportadora) {
    p.set('transportadora', f.transportadora.cnpj);
    p.set('transportadoraNome', f.transportadora.nome);
  }
  if (f.vencimentoInicio) p.set('vencimentoInicio', f.vencimentoInicio);
  if (f.vencimentoFim) p.set('vencimentoFim', f.vencimentoFim);
  paginaParaUrl(p, l, TAMANHOS_PAGINA_PAGAMENTO[0], ORDEM_PADRAO);
  return `/pagamentos?${p.toString()}`;
}

/** GET /pagamentos's query (pagamentosQuerySchema plus page, size and sort). */
export function paraConsulta(l: ListaPagamento): PagamentosConsulta {
  const f = l.filtros;
  return {
    ...paginaParaConsulta(l),
    situacao: f.situacao || undefined,
    transportadora: f.transportadora?.cnpj,
    vencimentoInicio: f.vencimentoInicio || undefined,
    vencimentoFim: f.vencimentoFim || undefined,
  };
}

/** The filters alone (GET /pagamentos/totais takes no page). */
export const filtrosDaConsulta = (q: PagamentosConsulta): PagamentosQuery => ({
  situacao: q.situacao,
  transportadora: q.transportadora,
  vencimentoInicio: q.vencimentoInicio,
  vencimentoFim: q.vencimentoFim,
});

/** What "Exportar para o contas a pagar" takes: the carrier and due dates of the list shown (the situation is LIBERADA). */
export const filtrosDaExportacao = (q: PagamentosQuery): ExportarPagamentos => ({
  transportadora: q.transportadora,
  vencimentoInicio: q.vencimentoInicio,
  vencimentoFim: q.vencimentoFim,
});
