import { useRef } from 'react';
import { css } from '../../../styled-system/css';
import { Button } from './button';
import { Dialog } from './dialog';

export const TITULO_MENSAGENS = 'Atenção para as seguintes mensagens do sistema:';

const lista = css({ listStyle: 'disc', pl: '5', display: 'flex', flexDirection: 'column', gap: '1', color: 'gray.800' });

/** Spec 01 §8: the popup that lists every validation message. */
export function MessageList({ mensagens, titulo = TITULO_MENSAGENS, onClose }: { mensagens: string[]; titulo?: string; onClose: () => void }) {
  const ok = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      open={mensagens.length > 0}
      title={titulo}
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
      <ul className={lista} aria-label="Mensagens">
        {mensagens.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </Dialog>
  );
}
