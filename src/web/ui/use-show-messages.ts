import { createContext, useCallback, useContext } from 'react';
import { MessageContext, type ShowMessages } from './message-context';

/**
 * The title of the message popups raised inside a subtree when the caller names none: spec 01 §8, "dialogs
 * of the freight screens use the title 'Advertência'" (the freight tables, the simulation, the CT-es).
 */
export const MessageTitleContext = createContext<string | undefined>(undefined);

export function useShowMessages(): ShowMessages {
  const mostrar = useContext(MessageContext);
  const tituloPadrao = useContext(MessageTitleContext);
  if (!mostrar) throw new Error('useShowMessages fora de MessageHost');
  // Stable, as the host's own function: an effect that subscribes with it does not re-run on every render.
  return useCallback<ShowMessages>((mensagens, titulo, acao) => mostrar(mensagens, titulo ?? tituloPadrao, acao), [mostrar, tituloPadrao]);
}
