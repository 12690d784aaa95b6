import { css } from '../../../styled-system/css';
import { formatNumberBr } from '../../domain/format-number-br';
import { Button } from './button';

const tamanho = css({ display: 'flex', alignItems: 'center', gap: '1.5', ml: '2', '& select': { borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '1', py: '0.5' } });
const completo = css({ flex: '1', minW: '0', overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', color: 'gray.800', textAlign: 'right' });
const barra = css({ display: 'flex', alignItems: 'center', gap: '2', py: '2', fontSize: 'sm', color: 'gray.700' });

export interface DataTablePagerProps {
  page: number;
  pageCount: number;
  totalElements: number;
  onPageChange: (page: number) => void;
  /** Rows per page offered (spec 03: 50, 100, 200); absent or a single size: no choice shown. */
  pageSizes?: readonly number[];
  pageSize?: number;
  onPageSizeChange?: (size: number) => void;
  /** A button that is about to be disabled (first or last page reached) hands the focus to the grid. */
  onEdge?: () => void;
  /** The full text of the selected row's cut names (the focused grid's), at the end of the bar. */
  detalhe?: string;
}

/** Server pagination controls (page is zero-based, as the API's). */
export function DataTablePager({ page, pageCount, totalElements, onPageChange, pageSizes, pageSize, onPageSizeChange, onEdge, detalhe }: DataTablePagerProps) {
  const ultima = Math.max(0, pageCount - 1);
  const irPara = (p: number) => {
    // Focus first, while the pressed button is still enabled: a disabled button would drop it to the page.
    if (p <= 0 || p >= ultima) onEdge?.();
    onPageChange(p);
  };
  return (
    <nav className={barra} aria-label="Paginação" data-paginador="">
      <Button size="sm" aria-label="Primeira página" disabled={page <= 0} onClick={() => irPara(0)}>
        «
      </Button>
      <Button size="sm" aria-label="Página anterior" disabled={page <= 0} onClick={() => irPara(page - 1)}>
        ‹
      </Button>
      <span aria-live="polite">
        Página {formatNumberBr(Math.min(page, ultima) + 1)} de {formatNumberBr(ultima + 1)} · {formatNumberBr(totalElements)} {totalElements === 1 ? 'registro' : 'registros'}
      </span>
      <Button size="sm" aria-label="Próxima página" disabled={page >= ultima} onClick={() => irPara(page + 1)}>
        ›
      </Button>
      <Button size="sm" aria-label="Última página" disabled={page >= ultima} onClick={() => irPara(ultima)}>
        »
      </Button>
      {pageSizes && pageSizes.length > 1 && onPageSizeChange && (
        <label className={tamanho}>
          Registros por página
          <select value={pageSize} onChange={(e) => onPageSizeChange(Number(e.target.value))}>
            {pageSizes.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      {detalhe && (
        <span className={completo} title={detalhe}>
          {detalhe}
        </span>
      )}
    </nav>
  );
}
