import {
  MSG_DATA_FINAL_INVALIDA,
  MSG_DATA_INICIAL_INVALIDA,
  MSG_INFORME_UM_CAMPO_COM_CTE,
  MSG_PERIODO_INDICADORES_INVALIDO,
  TAMANHO_PAGINA_INDICADORES,
} from '../../../contracts/indicadores';
import { mesSaoPaulo } from '../../../domain/sao-paulo-date';
import type { ConsultaIndicadores, FiltroIndicadoresEntrada } from '../../api/indicadores-api';
import type { DataTableSort } from '../../ui/data-table';
import { paginaDaUrl, paginaParaUrl, type ListaNaUrl } from '../../ui/list-url';
import type { PeriodoIndicadores } from '../../ui/campos-periodo-indicadores';
import { relogio } from '../../../domain/relogio';

/** The /indicadores filters (spec 03 §2.6) as the form holds them: '' means empty; the carrier picked is sent by id. */
export interface FiltrosIndicadores extends PeriodoIndicadores {
  numeroCte: string;
  numeroFatura: string;
}

export type ListaIndicadores = ListaNaUrl<FiltrosIndicadores>;

export const TAMANHOS_PAGINA = [TAMANHO_PAGINA_INDICADORES] as const;
// The server orders the rows itself (no sort parameter): the grid shows no sort.
const ORDEM: DataTableSort = { field: 'dataEmissaoCte', direction: 'asc' };

/** Spec 03 §2.6 (as Fretes): the current month in São Paulo, by the NF's issue date. */
export function filtrosPadrao(agora = relogio.agora()): FiltrosIndicadores {
  const { dataIni, dataFim } = mesSaoPaulo(agora);
  return { inicio: dataIni, fim: dataFim, referencia: 'NF', transportadora: null, numeroCte: '', numeroFatura: '' };
}

/** Reads the list from the URL: absent parameters take the defaults (an empty date stays empty). */
export function lerDaUrl(query: URLSearchParams, agora = relogio.agora()): ListaIndicadores {
  const f = filtrosPadrao(agora);
  if (query.has('inicio')) f.inicio = query.get('inicio') ?? '';
  if (query.has('fim')) f.fim = query.get('fim') ?? '';
  if (query.get('referencia') === 'CTE') f.referencia = 'CTE';
  const id = Number(query.get('transportadora'));
  f.transportadora = Number.isInteger(id) && id > 0 ? { id, nome: query.get('transportadoraNome') ?? String(id) } : null;
  f.numeroCte = (query.get('numeroCte') ?? '').replace(/\D/g, '');
  f.numeroFatura = query.get('numeroFatura') ?? '';
  return { filtros: f, ...paginaDaUrl(query, TAMANHOS_PAGINA, ORDEM) };
}

/** The URL of a list: the dates always (so a cleared one stays cleared), the rest only when set. */
export function paraUrl(l: ListaIndicadores): string {
  const p = new URLSearchParams();
  const f = l.filtros;
  p.set('inicio', f.inicio);
  p.set('fim', f.fim);
  if (f.referencia !== 'NF') p.set('referencia', f.referencia);
  if (f.transportadora) {
    p.set('transportadora', String(f.transportadora.id));
    p.set('transportadoraNome', f.transportadora.nome);
  }
  if (f.numeroCte.trim()) p.set('numeroCte', f.numeroCte.trim());
  if (f.numeroFatura.trim()) p.set('numeroFatura', f.numeroFatura.trim());
  paginaParaUrl(p, l, TAMANHO_PAGINA_INDICADORES, ORDEM);
  return `/indicadores?${p.toString()}`;
}

/** The filter as the calls and the §5 validation take it. */
export function paraFiltro(f: FiltrosIndicadores): FiltroIndicadoresEntrada {
  return {
    filtroRadioGroup: f.referencia,
    dataEmissao_inicio: f.inicio || undefined,
    dataEmissao_fim: f.fim || undefined,
    transportadora: f.transportadora?.id,
    numeroCte: f.numeroCte.trim() || undefined,
    numeroFatura: f.numeroFatura.trim() || undefined,
  };
}

/** GET /vw/frete-indicadores-peso-valor's query. */
export const paraConsulta = (l: ListaIndicadores): ConsultaIndicadores => ({ ...paraFiltro(l.filtros), page: l.page, size: l.size });

// Spec 03 §5's messages and the filter each is about ("at least one field": the first of them, the period).
const CAMPO_DA_MENSAGEM: Record<string, string> = {
  [MSG_INFORME_UM_CAMPO_COM_CTE]: 'Período inicial',
  [MSG_DATA_INICIAL_INVALIDA]: 'Período inicial',
  [MSG_DATA_FINAL_INVALIDA]: 'Período final',
  [MSG_PERIODO_INDICADORES_INVALIDO]: 'Período final',
};

/** The label of the filter a validation message is about: the focus goes back there when it closes. */
export const rotuloDaMensagem = (mensagem: string): string | null => CAMPO_DA_MENSAGEM[mensagem] ?? null;
