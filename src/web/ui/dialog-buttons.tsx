import type { ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { useDialog } from './dialog-context';
import { KeyCombo } from './key-combo';

const estilos = {
  barra: css({ display: 'flex', alignItems: 'center', gap: '2', width: '100%', justifyContent: 'flex-end' }),
  extras: css({ display: 'flex', gap: '2', mr: 'auto' }),
};

export interface DialogButtonsProps {
  /** The primary action; absent: only Fechar (a read-only dialog, no permission to save). */
  onConfirm?: () => void;
  /** The primary button's text (default "Salvar"). */
  confirmLabel?: string;
  /** The primary action's keys, shown on the button (default Ctrl+S, run by the dialog's command). */
  confirmKeys?: string[];
  disabled?: boolean;
  /** Other actions, on the left (Ajustar valor, Alterar senha). */
  children?: ReactNode;
}

/**
 * The one button row of every dialog: other actions on the left, then Fechar, then the primary action on
 * the right. Rendered in the dialog's footer, so a long form scrolls and the buttons stay in view.
 */
export function DialogButtons({ onConfirm, confirmLabel = 'Salvar', confirmKeys = ['Ctrl+S'], disabled, children }: DialogButtonsProps) {
  const dialogo = useDialog();
  const barra = (
    <div className={estilos.barra}>
      {children && <div className={estilos.extras}>{children}</div>}
      {dialogo && <Button onClick={dialogo.fechar}>Fechar</Button>}
      {onConfirm && (
        <Button variant="primary" aria-keyshortcuts={confirmKeys[0]?.replace('Ctrl', 'Control')} disabled={disabled} onClick={onConfirm}>
          {confirmLabel}
          {/* Named by aria-keyshortcuts; the visible keys are not read twice. */}
          <span aria-hidden>
            <KeyCombo keys={confirmKeys} />
          </span>
        </Button>
      )}
    </div>
  );
  return dialogo?.rodape ? createPortal(barra, dialogo.rodape) : barra;
}
