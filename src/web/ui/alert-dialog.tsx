import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { DialogFrame } from './dialog-frame';
import type { AcaoMensagem } from './message-context';

/**
 * A notice with one OK button, focused on open: Enter or Esc dismisses it. With an `acao`, its button comes
 * first and has the focus (Enter runs it after closing the notice); OK and Esc only dismiss.
 */
export function AlertDialog({ open, title, acao, onClose, children }: { open: boolean; title: string; acao?: AcaoMensagem; onClose: () => void; children: ReactNode }) {
  const ok = useRef<HTMLButtonElement>(null);
  const seguir = useRef<HTMLButtonElement>(null);
  return (
    <DialogFrame
      open={open}
      title={title}
      onClose={onClose}
      size="sm"
      role="alertdialog"
      initialFocus={() => (acao ? seguir.current : ok.current)}
      footer={
        <>
          {acao && (
            <Button
              ref={seguir}
              variant="primary"
              onClick={() => {
                onClose();
                acao.executar();
              }}
            >
              {acao.rotulo}
            </Button>
          )}
          <Button ref={ok} variant={acao ? undefined : 'primary'} onClick={onClose}>
            OK
          </Button>
        </>
      }
    >
      {children}
    </DialogFrame>
  );
}
