import { useRef, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog } from './dialog';

/** A notice with one OK button, focused on open: Enter or Esc dismisses it. */
export function AlertDialog({ open, title, onClose, children }: { open: boolean; title: string; onClose: () => void; children: ReactNode }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={open}
      title={title}
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
      {children}
    </Dialog>
  );
}
