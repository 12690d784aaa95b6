import { TAMANHO_PAGINA_MINUTAS } from '../../../contracts/minutas';
import { buildSearch, igual } from '../../../domain/build-search';
import { mesSaoPaulo } from '../../../domain/sao-paulo-date';
import type { MinutaListaConsulta } from '../../api/minutas-api';
import type { DataTableSort } from '../../ui/data-table';
import { paginaDaUrl, paginaParaConsulta, paginaParaUrl, type ListaNaUrl } from '../../ui/list-url';
import { relogio } from '../../../domain/relogio';

/** A carrier picked in the filter: the query sends transportadora=id:{id}. */
export interface TransportadoraFiltro {
  id: number;
  razaoSocial: string;
}

/** The Minutas screen's filters (spec 03 §2.5) as the form holds them: '' means empty. */
export interface FiltrosMinuta {
  /** YYYY-MM-DD or '' (cleared on purpose). */
  inicio: string;
  fim: string;
  fatura: string;
  chave: string;
  numero: string;
  transportadora: TransportadoraFiltro | null;
}

export type ListaMinuta = ListaNaUrl<FiltrosMinuta>;

/** Spec 03 §9: 20 a page, no other size. */
export const TAMANHOS_PAGINA = [TAMANHO_PAGINA_MINUTAS] as const;
export const ORDEM_PADRAO: DataTableSort = { field: 'dataEmissao', direction: 'desc' };

/** Spec 03 §2.5: the current month (São Paulo), start to end. */
export function filtrosPadrao(agora = relogio.agora()): FiltrosMinuta {
  const { dataIni, dataFim } = mesSaoPaulo(agora);
  return { inicio: dataIni, fim: dataFim, fatura: '', chave: '', numero: '', transportadora: null };
}

/** Reads the list from the URL: absent parameters take the defaults (an empty date stays empty). */
export function lerDaUrl(query: URLSearchParams, agora = relogio.agora()): ListaMinuta {
  const f = filtrosPadrao(agora);
  if (query.has('inicio')) f.inicio = query.get('inicio') ?? '';
  if (query.has('fim')) f.fim = query.get('fim') ?? '';
  f.fatura = query.get('fatura') ?? '';
  f.chave = query.get('chave') ?? '';
  f.numero = query.get('numero') ?? '';
  const id = Number(query.get('transportadora'));
  f.transportadora = id > 0 ? { id, razaoSocial: query.get('transportadoraNome') ?? String(id) } : null;
  return { filtros: f, ...paginaDaUrl(query, TAMANHOS_PAGINA, ORDEM_PADRAO) };
}

/** The URL of a list: the dates always (so a cleared one stays cleared), the rest only when set. */
export function paraUrl(l: ListaMinuta): string {
  const p = new URLSearchParams();
  const f = l.filtros;
  p.set('inicio', f.inicio);
  p.set('fim', f.fim);
  for (const campo of ['fatura', 'chave', 'numero'] as const) if (f[campo].trim()) p.set(campo, f[campo].trim());
  if (f.transportadora) {
    p.set('transportadora', String(f.transportadora.id));
    p.set('transportadoraNome', f.transportadora.razaoSocial);
  }
  paginaParaUrl(p, l, TAMANHO_PAGINA_MINUTAS, ORDEM_PADRAO);
  return `/minutas?${p.toString()}`;
}

/** GET /minutas's query (spec 03 §7): the period inclusive, the texts, the carrier by id. */
export function paraConsulta(l: ListaMinuta): MinutaListaConsulta {
  const f = l.filtros;
  return {
    ...paginaParaConsulta(l),
    search: buildSearch(
      f.inicio && `dataEmissao>=${f.inicio}`,
      f.fim && `dataEmissao<=${f.fim}`,
      igual('fatura', f.fatura),
      igual('numero', f.numero),
      igual('chave', f.chave),
    ),
    transportadora: f.transportadora ? `id:${f.transportadora.id}` : undefined,
  };
}
