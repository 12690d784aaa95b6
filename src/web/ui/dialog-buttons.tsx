import { Button } from './button';
import { formGrid } from './form-grid';

export interface DialogButtonsProps {
  onClose: () => void;
  onConfirm: () => void;
  /** The primary button's text (default "Salvar"); Ctrl+S runs it through the dialog's command. */
  confirmLabel?: string;
  disabled?: boolean;
}

/** The footer of an editing dialog: Fechar and the primary action bound to Ctrl+S. */
export function DialogButtons({ onClose, onConfirm, confirmLabel = 'Salvar', disabled }: DialogButtonsProps) {
  return (
    <div className={formGrid.botoes}>
      <Button onClick={onClose}>Fechar</Button>
      <Button variant="primary" aria-keyshortcuts="Control+S" disabled={disabled} onClick={onConfirm}>
        {confirmLabel}
      </Button>
    </div>
  );
}
