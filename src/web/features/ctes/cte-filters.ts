import { TAMANHOS_PAGINA_CTE, type CteListaQueryEntrada } from '../../../contracts/ctes';
import type { DataTableSort } from '../../ui/data-table';
import { paginaDaUrl, paginaParaConsulta, paginaParaUrl, type ListaNaUrl } from '../../ui/list-url';
import { relogio } from '../../../domain/relogio';
import { mesSaoPaulo } from '../../../domain/sao-paulo-date';

/** A picked register: its id (or IBGE code) for the query and its text for the field and the URL. */
export interface Escolha {
  id: number;
  nome: string;
}

/** The Fretes screen's filters (spec 03 §2.1) as the form holds them: '' means "Todos" or empty. */
export interface FiltrosCte {
  numeroFatura: string;
  /** YYYY-MM-DD or '' (cleared on purpose). */
  dataIni: string;
  dataFim: string;
  chave: string;
  numeroCte: string;
  numeroPedido: string;
  numeroNf: string;
  status: string;
  auditoria: string;
  agrupamento: string;
  /** Issue 31: REENTREGA, SEM_COMPROVANTE or '' (any). */
  ocorrencia: string;
  municipioOrigem: Escolha | null;
  municipioDestino: Escolha | null;
  transportadora: Escolha | null;
  cliente: Escolha | null;
  /** REMETENTE (default) … OUTROS, or TODOS. */
  tomadorServico: string;
}

/** What the URL holds besides the filters. */
export type ListaCte = ListaNaUrl<FiltrosCte>;

export const ORDEM_PADRAO: DataTableSort = { field: 'dataEmissao', direction: 'desc' };
export const TAMANHO_PADRAO = TAMANHOS_PAGINA_CTE[0];

/** Spec 03 §9 "Default list period": the current São Paulo month, start to end (as the server's default). */
export const mesAtual = (hoje = relogio.agora()): { dataIni: string; dataFim: string } => mesSaoPaulo(hoje);

export function filtrosPadrao(hoje = relogio.agora()): FiltrosCte {
  return {
    numeroFatura: '',
    ...mesAtual(hoje),
    chave: '',
    numeroCte: '',
    numeroPedido: '',
    numeroNf: '',
    status: '',
    auditoria: '',
    agrupamento: '',
    ocorrencia: '',
    municipioOrigem: null,
    municipioDestino: null,
    transportadora: null,
    cliente: null,
    tomadorServico: 'REMETENTE',
  };
}

const TEXTOS = ['numeroFatura', 'chave', 'numeroCte', 'numeroPedido', 'numeroNf', 'status', 'auditoria', 'agrupamento', 'ocorrencia'] as const;
const ESCOLHAS = ['municipioOrigem', 'municipioDestino', 'transportadora', 'cliente'] as const;

/** Reads the list from the URL: absent parameters take the defaults (an empty date stays empty). */
export function lerDaUrl(query: URLSearchParams, hoje = relogio.agora()): ListaCte {
  const f = filtrosPadrao(hoje);
  for (const k of TEXTOS) f[k] = query.get(k) ?? '';
  if (query.has('dataIni')) f.dataIni = query.get('dataIni') ?? '';
  if (query.has('dataFim')) f.dataFim = query.get('dataFim') ?? '';
  if (query.has('tomadorServico')) f.tomadorServico = query.get('tomadorServico') || 'REMETENTE';
  for (const k of ESCOLHAS) {
    const id = Number(query.get(k));
    f[k] = Number.isInteger(id) && id > 0 ? { id, nome: query.get(`${k}Nome`) ?? String(id) } : null;
  }
  if (f.status !== 'AUDITADO') f.auditoria = '';
  return { filtros: f, ...paginaDaUrl(query, TAMANHOS_PAGINA_CTE, ORDEM_PADRAO) };
}

/** The URL of a list: only what differs from nothing is written; the dates always (so a cleared one stays cleared). */
export function paraUrl(l: ListaCte): string {
  const p = new URLSearchParams();
  const f = l.filtros;
  for (const k of TEXTOS) if (f[k].trim()) p.set(k, f[k].trim());
  if (f.status !== 'AUDITADO') p.delete('auditoria');
  p.set('dataIni', f.dataIni);
  p.set('dataFim', f.dataFim);
  p.set('tomadorServico', f.tomadorServico);
  for (const k of ESCOLHAS) {
    const e = f[k];
    if (e) {
      p.set(k, String(e.id));
      p.set(`${k}Nome`, e.nome);
    }
  }
  paginaParaUrl(p, l, TAMANHO_PADRAO, ORDEM_PADRAO);
  return `/ctes?${p.toString()}`;
}

/** GET /ctes/listar-simples's query (cteListaQuerySchema): audit status only with AUDITADO. */
export function paraConsulta(l: ListaCte): CteListaQueryEntrada {
  const f = l.filtros;
  const texto = (v: string) => v.trim() || undefined;
  return {
    ...paginaParaConsulta(l),
    numeroFatura: texto(f.numeroFatura),
    chave: texto(f.chave),
    numeroCte: texto(f.numeroCte),
    numeroPedido: texto(f.numeroPedido),
    numeroNf: texto(f.numeroNf),
    status: (texto(f.status) as CteListaQueryEntrada['status']) ?? undefined,
    auditoria: f.status === 'AUDITADO' ? ((texto(f.auditoria) as CteListaQueryEntrada['auditoria']) ?? undefined) : undefined,
    agrupamento: (texto(f.agrupamento) as CteListaQueryEntrada['agrupamento']) ?? undefined,
    ocorrencia: (texto(f.ocorrencia) as CteListaQueryEntrada['ocorrencia']) ?? undefined,
    municipioOrigem: f.municipioOrigem?.id,
    municipioDestino: f.municipioDestino?.id,
    transportadora: f.transportadora?.id,
    cliente: f.cliente?.id,
    tomadorServico: f.tomadorServico as CteListaQueryEntrada['tomadorServico'],
    dataIni: f.dataIni || undefined,
    dataFim: f.dataFim || undefined,
  };
}
