import { useEffect } from 'react';
import { failureBus } from '../api/failure-bus';
import { useShowMessages } from '../ui/use-show-messages';

/**
 * Spec 01 §8: 400/409 answers open the message-list popup with the server's mensagens. A 403 does too
 * (docs/decisoes.md §7: it no longer reloads the page), so the screen and its selection stay.
 */
export function FailureMessages() {
  const mostrar = useShowMessages();
  useEffect(() => failureBus.assinar((f) => (f.tipo === 'mensagens' || f.tipo === 'sem-permissao') && mostrar(f.mensagens)), [mostrar]);
  return null;
}
