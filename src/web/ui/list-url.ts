import type { DataTableSort } from './data-table';

/** A list whose applied filters, page, size and sort live in the URL (back/forward and shared links work). */
export interface ListaNaUrl<F> {
  filtros: F;
  page: number;
  size: number;
  sort: DataTableSort;
}

type Pagina = Omit<ListaNaUrl<unknown>, 'filtros'>;

/** Page, size and sort as the URL says: a size not in `tamanhos` is the first one, no sort is `ordemPadrao`. */
export function paginaDaUrl(query: URLSearchParams, tamanhos: readonly number[], ordemPadrao: DataTableSort): Pagina {
  const size = Number(query.get('size'));
  const [campo, direcao] = (query.get('sort') ?? '').split(',');
  return {
    page: Math.max(0, Number(query.get('page')) || 0),
    size: tamanhos.includes(size) ? size : tamanhos[0],
    sort: campo ? { field: campo, direction: direcao === 'desc' ? 'desc' : 'asc' } : ordemPadrao,
  };
}

/** Writes page, size and sort to `p`, each only when it is not the first page, the default size or sort. */
export function paginaParaUrl(p: URLSearchParams, l: Pagina, tamanhoPadrao: number, ordemPadrao: DataTableSort): void {
  if (l.page > 0) p.set('page', String(l.page));
  if (l.size !== tamanhoPadrao) p.set('size', String(l.size));
  if (l.sort.field !== ordemPadrao.field || l.sort.direction !== ordemPadrao.direction) p.set('sort', `${l.sort.field},${l.sort.direction}`);
}

/** Page, size and sort as a list query sends them (`sort=campo,direção`). */
export const paginaParaConsulta = (l: Pagina) => ({ page: l.page, size: l.size, sort: `${l.sort.field},${l.sort.direction}` });
