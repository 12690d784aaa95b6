import { useId, useRef, useState, type ReactNode } from 'react';
import { useCommands } from '../commands/use-commands';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';

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
    <DialogFrame
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
    </DialogFrame>
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

interface Pergunta {
  mensagem: string;
  sim: () => void;
  nao?: () => void;
}

/**
 * A question asked before an action ("ask, then do"): `perguntar(mensagem, sim, nao?)` opens the yes/no
 * dialog (Não focused); the answer closes it, then runs `sim` or `nao`. Render `dialogo` once.
 */
export function useConfirmacao(title?: string): { perguntar: (mensagem: string, sim: () => void, nao?: () => void) => void; dialogo: ReactNode } {
  const [pendente, setPendente] = useState<Pergunta | null>(null);
  const responder = (sim: boolean) => {
    const p = pendente;
    setPendente(null);
    if (sim) p?.sim();
    else p?.nao?.();
  };
  return {
    perguntar: (mensagem, sim, nao) => setPendente({ mensagem, sim, nao }),
    dialogo: <ConfirmDialog open={pendente !== null} title={title} message={pendente?.mensagem ?? ''} onConfirm={() => responder(true)} onCancel={() => responder(false)} />,
  };
}
