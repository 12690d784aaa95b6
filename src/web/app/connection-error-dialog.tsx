import { useRef } from 'react';
import { MSG_ERRO_CONEXAO } from '../../../machines/session';
import { Button } from '../ui/button';
import { Dialog } from '../ui/dialog';

/** Spec 01 §8: network failure on login or /eu. */
export function ConnectionErrorDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title="Erro de conexão"
      onClose={onClose}
      size="sm"
      role="alertdialog"
      initialFocus={() => ok.current}
      footer={
        <Button ref={ok} variant="primary" onClick={onClose}>
          OK
        </Button>
      }
    >
      <p>{MSG_ERRO_CONEXAO}</p>
    </Dialog>
  );
}
