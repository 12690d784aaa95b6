import { css } from '../../../styled-system/css';
import { AlertDialog } from './alert-dialog';
import type { AcaoMensagem } from './message-context';

export const TITULO_MENSAGENS = 'Atenção para as seguintes mensagens do sistema:';
/** Spec 01 §8 / 03 §8: the freight screens' dialogs title their validation messages so. */
export const TITULO_ADVERTENCIA = 'Advertência';

const lista = css({ listStyle: 'disc', pl: '5', display: 'flex', flexDirection: 'column', gap: '1', color: 'gray.800' });

/** Spec 01 §8: the popup that lists every validation message. */
export function MessageList({ mensagens, titulo = TITULO_MENSAGENS, acao, onClose }: { mensagens: string[]; titulo?: string; acao?: AcaoMensagem; onClose: () => void }) {
  return (
    <AlertDialog open={mensagens.length > 0} title={titulo} acao={acao} onClose={onClose}>
      <ul className={lista} aria-label="Mensagens">
        {mensagens.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </AlertDialog>
  );
}
