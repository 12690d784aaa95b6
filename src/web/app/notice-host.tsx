import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { css } from '../../../styled-system/css';
import { noticeBus } from '../api/notice-bus';

/** How long a notice stays: long enough to read, short enough not to pile up. */
const DURACAO_AVISO_MS = 4000;

const estilo = css({
  // Over the page footer's empty right side: above it a dialog's buttons (Salvar) would be covered.
  position: 'fixed',
  bottom: '0.5',
  right: '6',
  zIndex: 4000,
  bg: 'green.800',
  color: 'white',
  fontSize: 'sm',
  px: '4',
  py: '1',
  borderRadius: 'md',
  boxShadow: 'lg',
  pointerEvents: 'none',
});

/**
 * The status line of successful saves: read out politely, never focused, gone after a few seconds. A child
 * of <body> with aria-live, so an open modal dialog (which hides the rest of the page) leaves it audible.
 */
export function NoticeHost() {
  const [aviso, setAviso] = useState<{ texto: string; n: number } | null>(null);
  useEffect(() => noticeBus.assinar((texto) => setAviso((a) => ({ texto, n: (a?.n ?? 0) + 1 }))), []);
  useEffect(() => {
    if (!aviso) return;
    const t = setTimeout(() => setAviso(null), DURACAO_AVISO_MS);
    return () => clearTimeout(t);
  }, [aviso]);
  return createPortal(
    <div role="status" aria-live="polite" aria-label="Aviso">
      {aviso && (
        <p key={aviso.n} className={estilo} data-aviso="">
          {aviso.texto}
        </p>
      )}
    </div>,
    document.body,
  );
}
