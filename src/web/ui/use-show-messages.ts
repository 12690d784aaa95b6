import { useContext } from 'react';
import { MessageContext, type ShowMessages } from './message-context';

export function useShowMessages(): ShowMessages {
  const mostrar = useContext(MessageContext);
  if (!mostrar) throw new Error('useShowMessages fora de MessageHost');
  return mostrar;
}
