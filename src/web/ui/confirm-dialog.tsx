import { useId, useRef } from 'react';
import { useCommands } from '../commands/use-commands';
import { Button } from './button';
import { Dialog } from './dialog';

export interface ConfirmDialogProps {
  open: boolean;
  message: string;
  title?: string;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Spec 01 §2 generic yes/no dialog. "Não" has the focus: removals must not happen on a stray Enter. */
export function ConfirmDialog({ open, message, title = 'Confirmação', onConfirm, onCancel }: ConfirmDialogProps) {
  const nao = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
      onClose={onCancel}
      size="sm"
      role="alertdialog"
      initialFocus={() => nao.current}
      footer={
        <>
          <ConfirmKeys onConfirm={onConfirm} onCancel={onCancel} />
          <Button variant="primary" onClick={onConfirm}>
            Sim
          </Button>
          <Button ref={nao} onClick={onCancel}>
            Não
          </Button>
        </>
      }
    >
      <p>{message}</p>
    </Dialog>
  );
}

/** S and N answer the question from the keyboard (registered in the dialog's own layer). */
function ConfirmKeys({ onConfirm, onCancel }: { onConfirm: () => void; onCancel: () => void }) {
  const id = useId();
  useCommands([
    { id: `${id}:sim`, title: 'Sim', group: 'Ações', keys: ['S'], run: onConfirm },
    { id: `${id}:nao`, title: 'Não', group: 'Ações', keys: ['N'], run: onCancel },
  ]);
  return null;
}
