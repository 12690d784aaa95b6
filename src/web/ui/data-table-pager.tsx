import { css } from '../../../styled-system/css';
import { Button } from './button';

const barra = css({ display: 'flex', alignItems: 'center', gap: '2', py: '2', fontSize: 'sm', color: 'gray.700' });

export interface DataTablePagerProps {
  page: number;
  pageCount: number;
  totalElements: number;
  onPageChange: (page: number) => void;
}

/** Server pagination controls (page is zero-based, as the API's). */
export function DataTablePager({ page, pageCount, totalElements, onPageChange }: DataTablePagerProps) {
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
    </nav>
  );
}
