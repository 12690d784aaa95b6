import type { Page } from '../../contracts/common';
import { pageOf } from './page-of';

/**
 * A page and its total, the page first. A page that is not full already tells the total (the rows before
 * it plus its own), so a short list — most registers, and the last page of any list — costs one query
 * instead of two (docs/decisoes.md §31). Only a full page, or an empty one past the first, runs `contar`. For a large
 * list whose pages are usually full and whose count is slow, keep the two queries side by side instead.
 */
export async function paginaComTotal<T>(buscar: () => Promise<T[]>, contar: () => Promise<number>, page: number, size: number): Promise<Page<T>> {
  const linhas = await buscar();
  const total = linhas.length < size && (linhas.length > 0 || page === 0) ? page * size + linhas.length : await contar();
  return pageOf(linhas, total, page, size);
}
