import { useState } from 'react';
import { TAMANHOS_PAGINA_ITENS_ROMANEIO } from '../../../contracts/romaneios';
import type { DataTablePagerProps } from '../../ui/data-table-pager';

/**
 * A manifest's items paged in the browser (spec 03 §2.8: 10 a page, options 10, 20, 30), for either
 * flavour: the page shown, the selected row on it, the pager; a new page or size selects its first row.
 */
export function usePaginaItens<T>(itens: readonly T[]) {
  const [pagina, setPagina] = useState(0);
  const [tamanho, setTamanho] = useState<number>(TAMANHOS_PAGINA_ITENS_ROMANEIO[0]);
  const [selecionado, setSelecionado] = useState(0);
  const paginas = Math.max(1, Math.ceil(itens.length / tamanho));
  const atualPagina = Math.min(pagina, paginas - 1);
  const linhas = itens.slice(atualPagina * tamanho, (atualPagina + 1) * tamanho);
  const irPara = (p: number, t = tamanho) => {
    setPagina(p);
    setTamanho(t);
    setSelecionado(0);
  };
  const paginacao: DataTablePagerProps = {
    page: atualPagina,
    pageCount: paginas,
    totalElements: itens.length,
    onPageChange: (p) => irPara(p),
    pageSizes: TAMANHOS_PAGINA_ITENS_ROMANEIO,
    pageSize: tamanho,
    onPageSizeChange: (t) => irPara(0, t),
  };
  /** The last item's page, the last item selected: where a new item lands. */
  const ultimo = (total: number) => {
    const p = Math.max(0, Math.ceil(total / tamanho) - 1);
    setPagina(p);
    setSelecionado(Math.max(0, total - 1 - p * tamanho));
  };
  return { linhas, atual: linhas[Math.min(selecionado, linhas.length - 1)] ?? null, tamanho, selecionado, setSelecionado, paginacao, ultimo };
}
