import { useEffect, useMemo, useRef, useState } from 'react';
import type { DataTableSort } from './data-table';
import type { DataTablePagerProps } from './data-table-pager';
import type { ListaNaUrl } from './list-url';
import { TITULO_ADVERTENCIA } from './message-list';
import type { ScreenArgs } from './screen-args';
import { useFieldsGate } from './use-validated-save';

/** What a list query answers with: one page of rows. */
interface Consulta {
  data?: { content: unknown[]; number: number; totalPages: number; totalElements: number };
  refetch: () => unknown;
  isPending: boolean;
}

type LinhaDe<D extends Consulta> = NonNullable<D['data']>['content'][number];

/** A screen's URL-driven list; a module-level constant (its `useLista` is called as a hook). */
export interface ListaFiltradaConfig<F, Q, D extends Consulta> {
  /** The screen's path, e.g. '/faturas'. */
  caminho: string;
  lerDaUrl: (query: URLSearchParams) => ListaNaUrl<F>;
  /** The list's URL: `${caminho}?…`. */
  paraUrl: (l: ListaNaUrl<F>) => string;
  paraConsulta: (l: ListaNaUrl<F>) => Q;
  useLista: (consulta: Q) => D;
}

/** The URL without `ver` (the palette's "open this row"), which is not a filter. */
function useSemVer(query: URLSearchParams): string {
  const chaveUrl = query.toString();
  return useMemo(() => {
    const p = new URLSearchParams(query);
    p.delete('ver');
    return p.toString();
  }, [chaveUrl]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the URL's text: the URLSearchParams object is new on every render
}

/**
 * A filtered list whose applied filters, page, size and sort live in the URL (back/forward and shared links
 * work); the form edits a copy that Procurar writes to the URL. The selection belongs to the page shown.
 */
export function useFilteredList<F, Q, D extends Consulta>(query: URLSearchParams, navigate: ScreenArgs['navigate'], config: ListaFiltradaConfig<F, Q, D>) {
  const { caminho, lerDaUrl, paraUrl, paraConsulta } = config;
  const semVer = useSemVer(query);
  const aplicada = useMemo(() => lerDaUrl(new URLSearchParams(semVer)), [semVer]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the URL's text; lerDaUrl is a module constant of the screen
  const [filtros, setFiltros] = useState<F>(aplicada.filtros);
  const [selecionado, setSelecionado] = useState(0);
  const campoInicial = useRef<HTMLInputElement>(null);
  const filtrosLegiveis = useFieldsGate(TITULO_ADVERTENCIA);
  const lista = config.useLista(useMemo(() => paraConsulta(aplicada), [aplicada])); // eslint-disable-line react-hooks/exhaustive-deps -- keyed on the applied filters; paraConsulta is a module constant of the screen
  const linhas = (lista.data?.content ?? []) as LinhaDe<D>[];

  // Back/forward or a shared link: the form shows what the URL says.
  useEffect(() => {
    setFiltros(aplicada.filtros);
    setSelecionado(0);
  }, [semVer]); // eslint-disable-line react-hooks/exhaustive-deps -- the form follows the URL, not each render's parsed object

  /**
   * Shows a list: the one already shown is fetched again, another is navigated to. Procurar always reads the
   * server: a URL that differs only in spelling (the screen's defaults written out) asks the same query,
   * which the cache would answer with what it held — a manifest another user saved meanwhile would not show.
   */
  const ir = (l: ListaNaUrl<F>) => {
    const url = paraUrl(l);
    const mesmaConsulta = JSON.stringify(paraConsulta(l)) === JSON.stringify(paraConsulta(aplicada));
    if (url !== `${caminho}?${semVer}`) navigate(url);
    if (url === `${caminho}?${semVer}` || mesmaConsulta) void lista.refetch();
  };

  return {
    aplicada,
    filtros,
    set: (patch: Partial<F>) => setFiltros((f) => ({ ...f, ...patch })),
    campoInicial,
    procurar: () => filtrosLegiveis() && ir({ ...aplicada, filtros, page: 0 }),
    ir,
    /** The URL without `ver`: what the list shown depends on. */
    semVer,
    lista,
    linhas,
    atual: linhas[selecionado] ?? null,
    selecionado,
    setSelecionado,
    paginacao: lista.data && {
      page: lista.data.number,
      pageCount: lista.data.totalPages,
      totalElements: lista.data.totalElements,
      onPageChange: (page: number) => ir({ ...aplicada, page }),
      pageSize: aplicada.size,
      onPageSizeChange: (size: number) => ir({ ...aplicada, size, page: 0 }),
    },
    setOrdem: (sort: DataTableSort) => ir({ ...aplicada, sort, page: 0 }),
    /** Removes ?ver= once its dialog is open (the filters stay). */
    limparVer: () => navigate(semVer ? `${caminho}?${semVer}` : caminho, { replace: true }),
  };
}

/** What the grid needs of a filtered list (useFilteredList's result, or one built on it). */
interface GradeDaLista<R> {
  linhas: R[];
  selecionado: number;
  setSelecionado: (index: number) => void;
  aplicada: { sort: DataTableSort };
  setOrdem: (sort: DataTableSort) => void;
  lista: { isPending: boolean };
  paginacao: Omit<DataTablePagerProps, 'pageSizes'> | undefined;
}

/** The DataTable props a filtered list drives: rows, selection, sort, loading and the pager with `pageSizes`. */
export function propsDaGrade<R>(t: GradeDaLista<R>, pageSizes: readonly number[]) {
  return {
    rows: t.linhas,
    selectedIndex: t.selecionado,
    onSelectedIndexChange: t.setSelecionado,
    sort: t.aplicada.sort,
    onSortChange: t.setOrdem,
    loading: t.lista.isPending,
    pagination: t.paginacao ? { ...t.paginacao, pageSizes } : undefined,
  };
}
