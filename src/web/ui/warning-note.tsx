import type { ReactNode } from 'react';
import { css } from '../../../styled-system/css';

const aviso = css({ fontSize: 'sm', color: 'amber.900', bg: 'amber.50', borderWidth: '1px', borderColor: 'amber.300', borderRadius: 'md', px: '3', py: '2' });

/** A live warning inside a form (it does not block saving), read out politely by screen readers. */
export function WarningNote({ children }: { children: ReactNode }) {
  return (
    <p role="status" className={aviso}>
      {children}
    </p>
  );
}
