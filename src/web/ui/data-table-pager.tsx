import { css } from '../../../styled-system/css';
import { Button } from './button';

const tamanho = css({ display: 'flex', alignItems: 'center', gap: '1.5', ml: '2', '& select': { borderWidth: '1px', borderColor: 'gray.300', borderRadius: 'md', px: '1', py: '0.5' } });
const barra = css({ display: 'flex', alignItems: 'center', gap: '2', py: '2', fontSize: 'sm', color: 'gray.700' });

export interface DataTablePagerProps {
  page: number;
  pageCount: number;
  totalElements: number;
  onPageChange: (page: number) => void;
  /** Rows per page offered (spec 03: 50, 100, 200); absent: no choice. */
  pageSizes?: readonly number[];
  pageSize?: number;
  onPageSizeChange?: (size: number) => void;
}

/** Server pagination controls (page is zero-based, as the API's). */
export function DataTablePager({ page, pageCount, totalElements, onPageChange, pageSizes, pageSize, onPageSizeChange }: DataTablePagerProps) {
  const ultima = Math.max(0, pageCount - 1);
  return (
    <nav className={barra} aria-label="Paginação">
      <Button size="sm" aria-label="Primeira página" disabled={page <= 0} onClick={() => onPageChange(0)}>
        «
      </Button>
      <Button size="sm" aria-label="Página anterior" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
        ‹
      </Button>
      <span aria-live="polite">
        Página {Math.min(page, ultima) + 1} de {ultima + 1} · {totalElements} {totalElements === 1 ? 'registro' : 'registros'}
      </span>
      <Button size="sm" aria-label="Próxima página" disabled={page >= ultima} onClick={() => onPageChange(page + 1)}>
        ›
      </Button>
      <Button size="sm" aria-label="Última página" disabled={page >= ultima} onClick={() => onPageChange(ultima)}>
        »
      </Button>
      {pageSizes && onPageSizeChange && (
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
    </nav>
  );
}
