import { TAMANHOS_PAGINA_FATURA, type FaturaListaQueryEntrada, type StatusFatura } from '../../../contracts/faturas';
import { SITUACOES_PAGAMENTO, type SituacaoPagamento } from '../../../contracts/pagamentos';
import { mesSaoPaulo } from '../../../domain/sao-paulo-date';
import type { DataTableSort } from '../../ui/data-table';
import { paginaDaUrl, paginaParaConsulta, paginaParaUrl, type ListaNaUrl } from '../../ui/list-url';
import { relogio } from '../../../domain/relogio';

/** A carrier picked in the filter: the query sends its CNPJ (spec 03 §7 "transportadora (cpfCnpj)"). */
export interface TransportadoraFiltro {
  cnpj: string;
  nome: string;
}

/** The Faturas screen's filters (spec 03 §2.4) as the form holds them: '' means "Todos" or empty. */
export interface FiltrosFatura {
  /** YYYY-MM-DD or '' (cleared on purpose). */
  inicio: string;
  fim: string;
  transportadora: TransportadoraFiltro | null;
  documento: string;
  numeroDocumento: string;
  status: '' | StatusFatura;
  /** Issue 29: the payment situation ('' = every one). */
  situacaoPagamento: '' | SituacaoPagamento;
}

/** GET /faturas's query with the payment situation filter (issue 29). */
export type ConsultaFaturas = FaturaListaQueryEntrada & { situacaoPagamento?: SituacaoPagamento };

export type ListaFatura = ListaNaUrl<FiltrosFatura>;

export const ORDEM_PADRAO: DataTableSort = { field: 'dataEmissao', direction: 'desc' };
export const TAMANHO_PADRAO = TAMANHOS_PAGINA_FATURA[0];

/** Spec 03 §2.4: the current month (São Paulo), start to end. */
export function filtrosPadrao(agora = relogio.agora()): FiltrosFatura {
  const { dataIni, dataFim } = mesSaoPaulo(agora);
  return { inicio: dataIni, fim: dataFim, transportadora: null, documento: '', numeroDocumento: '', status: '', situacaoPagamento: '' };
}

const status = (v: string | null): FiltrosFatura['status'] => (v === 'PROCESSADO' || v === 'CANCELADO' ? v : '');
const situacao = (v: string | null): FiltrosFatura['situacaoPagamento'] => (SITUACOES_PAGAMENTO as readonly string[]).includes(v ?? '') ? (v as SituacaoPagamento) : '';

/** Reads the list from the URL: absent parameters take the defaults (an empty date stays empty). */
export function lerDaUrl(query: URLSearchParams, agora = relogio.agora()): ListaFatura {
  const f = filtrosPadrao(agora);
  if (query.has('inicio')) f.inicio = query.get('inicio') ?? '';
  if (query.has('fim')) f.fim = query.get('fim') ?? '';
  const cnpj = query.get('transportadora');
  f.transportadora = cnpj ? { cnpj, nome: query.get('transportadoraNome') ?? cnpj } : null;
  f.documento = query.get('documento') ?? '';
  f.numeroDocumento = query.get('numeroDocumento') ?? '';
  f.status = status(query.get('status'));
  f.situacaoPagamento = situacao(query.get('situacaoPagamento'));
  return { filtros: f, ...paginaDaUrl(query, TAMANHOS_PAGINA_FATURA, ORDEM_PADRAO) };
}

/** The URL of a list: the dates always (so a cleared one stays cleared), the rest only when set. */
export function paraUrl(l: ListaFatura): string {
  const p = new URLSearchParams();
  const f = l.filtros;
  p.set('inicio', f.inicio);
  p.set('fim', f.fim);
  if (f.transportadora) {
    p.set('transportadora', f.transportadora.cnpj);
    p.set('transportadoraNome', f.transportadora.nome);
  }
  if (f.documento.trim()) p.set('documento', f.documento.trim());
  if (f.numeroDocumento.trim()) p.set('numeroDocumento', f.numeroDocumento.trim());
  if (f.status) p.set('status', f.status);
  if (f.situacaoPagamento) p.set('situacaoPagamento', f.situacaoPagamento);
  paginaParaUrl(p, l, TAMANHO_PADRAO, ORDEM_PADRAO);
  return `/faturas?${p.toString()}`;
}

/** GET /faturas's query (faturaListaQuerySchema). */
export function paraConsulta(l: ListaFatura): ConsultaFaturas {
  const f = l.filtros;
  return {
    ...paginaParaConsulta(l),
    status: f.status || undefined,
    inicio: f.inicio || undefined,
    fim: f.fim || undefined,
    transportadora: f.transportadora?.cnpj,
    documento: f.documento.trim() || undefined,
    numeroDocumento: f.numeroDocumento.trim() || undefined,
    situacaoPagamento: f.situacaoPagamento || undefined,
  };
}

/**
 * "Ver as faturas lidas": /faturas over the emission period of the faturas read (every status), with the
 * fatura open when only one was read; without their dates, the default month.
 */
export function urlFaturasLidas(periodo: { inicio: string; fim: string } | null, ver: number | null): string {
  const base = periodo ? paraUrl({ filtros: { ...filtrosPadrao(), ...periodo }, page: 0, size: TAMANHO_PADRAO, sort: ORDEM_PADRAO }) : '/faturas?';
  return ver === null ? base.replace(/\?$/, '') : `${base}${base.endsWith('?') ? '' : '&'}ver=${ver}`;
}
