import { useId, useMemo, useRef, type ReactNode } from 'react';
import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { Portal } from '@ark-ui/react/portal';
import { sva } from '../../../styled-system/css';
import { LayerContext } from '../commands/keyboard-context';
import { useFocusLayer } from '../commands/use-focus-layer';

const dialogRecipe = sva({
  slots: ['backdrop', 'positioner', 'content', 'header', 'title', 'close', 'body', 'footer'],
  base: {
    backdrop: { position: 'fixed', inset: '0', bg: 'rgba(15, 23, 42, 0.45)' },
    positioner: { position: 'fixed', inset: '0', display: 'flex', alignItems: 'flex-start', justifyContent: 'center', pt: '10vh', px: '4' },
    content: {
      bg: 'white',
      borderRadius: 'lg',
      boxShadow: 'xl',
      width: '100%',
      maxHeight: '80vh',
      display: 'flex',
      flexDirection: 'column',
      outline: 'none',
    },
    header: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', px: '5', py: '3', borderBottomWidth: '1px', borderColor: 'gray.200' },
    title: { fontSize: 'md', fontWeight: 'semibold', color: 'gray.900' },
    close: {
      fontSize: 'lg',
      lineHeight: '1',
      px: '2',
      py: '1',
      borderRadius: 'md',
      cursor: 'pointer',
      color: 'gray.600',
      _hover: { bg: 'gray.100' },
      _focusVisible: { outline: '2px solid', outlineColor: 'blue.600' },
    },
    body: { px: '5', py: '4', overflowY: 'auto', flex: '1' },
    footer: { display: 'flex', justifyContent: 'flex-end', gap: '2', px: '5', py: '3', borderTopWidth: '1px', borderColor: 'gray.200' },
  },
  variants: {
    size: {
      sm: { content: { maxWidth: '420px' } },
      md: { content: { maxWidth: '640px' } },
      lg: { content: { maxWidth: '960px' } },
    },
  },
  defaultVariants: { size: 'md' },
});

export interface DialogProps {
  open: boolean;
  title: string;
  /** Absent: the dialog cannot be dismissed (no close button, Escape ignored). */
  onClose?: () => void;
  children?: ReactNode;
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** A width in px instead of a size (spec 02 §9: 400, 700, 1200); still shrinks to the window. */
  width?: number;
  role?: 'dialog' | 'alertdialog';
  initialFocus?: () => HTMLElement | null;
  restoreFocus?: boolean;
}

const FOCAVEIS =
  'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';
const primeiroFocavel = (el: HTMLElement | null) =>
  [...(el?.querySelectorAll<HTMLElement>(FOCAVEIS) ?? [])].find((f) => f.tabIndex >= 0) ?? null;

// Later dialogs stack above earlier ones.
let ordemDeAbertura = 0;

/** Ark Dialog, wrapped once: a focus-stack layer while open, so Escape closes only the top dialog. */
export function Dialog({ open, title, onClose, children, footer, size, width, role, initialFocus, restoreFocus }: DialogProps) {
  const id = useId();
  const zIndex = useMemo(() => (open ? 1000 + ++ordemDeAbertura * 2 : 0), [open]);
  useFocusLayer(id, open, onClose);
  const corpo = useRef<HTMLDivElement>(null);
  const rodape = useRef<HTMLDivElement>(null);
  // Ark would focus the first tabbable, the header's close button; the content comes first instead.
  // (No autoFocus inside dialogs: it runs before the trap records where to return the focus.)
  const focoInicial = () => initialFocus?.() ?? primeiroFocavel(corpo.current) ?? primeiroFocavel(rodape.current);
  const s = dialogRecipe({ size });
  return (
    <ArkDialog.Root
      open={open}
      onOpenChange={(d) => !d.open && onClose?.()}
      closeOnEscape={false}
      closeOnInteractOutside={false}
      lazyMount
      unmountOnExit
      role={role}
      initialFocusEl={focoInicial}
      restoreFocus={restoreFocus}
    >
      <Portal>
        <ArkDialog.Backdrop className={s.backdrop} style={{ zIndex }} />
        <ArkDialog.Positioner className={s.positioner} style={{ zIndex: zIndex + 1 }}>
          <ArkDialog.Content className={s.content} style={width ? { maxWidth: width } : undefined}>
            <div className={s.header}>
              <ArkDialog.Title className={s.title}>{title}</ArkDialog.Title>
              {onClose && (
                <ArkDialog.CloseTrigger className={s.close} aria-label="Fechar">
                  ×
                </ArkDialog.CloseTrigger>
              )}
            </div>
            <LayerContext.Provider value={id}>
              <div ref={corpo} className={s.body}>
                {children}
              </div>
              {footer && (
                <div ref={rodape} className={s.footer}>
                  {footer}
                </div>
              )}
            </LayerContext.Provider>
          </ArkDialog.Content>
        </ArkDialog.Positioner>
      </Portal>
    </ArkDialog.Root>
  );
}
