import { createContext, useCallback, useContext } from 'react';
import { KeyboardContext, type KeyboardState } from '../commands/keyboard-context';
import { focavel } from '../commands/focus-targets';
import { campoEmFalta } from './field-errors';
import { MessageContext, type ShowMessages } from './message-context';

/**
 * The title of the message popups raised inside a subtree when the caller names none: spec 01 §8, "dialogs
 * of the freight screens use the title 'Advertência'" (the freight tables, the simulation, the CT-es).
 */
export const MessageTitleContext = createContext<string | undefined>(undefined);

/**
 * Shows messages in the message-list popup. A message about a field of the form the user is in (named with
 * useCamposDasMensagens) first puts the focus on that field: closing the popup comes back to it, not to
 * wherever the search or save was started from.
 */
export function useShowMessages(): ShowMessages {
  const mostrar = useContext(MessageContext);
  const tituloPadrao = useContext(MessageTitleContext);
  const teclado = useContext(KeyboardContext);
  if (!mostrar) throw new Error('useShowMessages fora de MessageHost');
  // Stable, as the host's own function: an effect that subscribes with it does not re-run on every render.
  return useCallback<ShowMessages>(
    (mensagens, titulo, acao) => {
      focarCampoEmFalta(mensagens, teclado);
      mostrar(mensagens, titulo ?? tituloPadrao, acao);
    },
    [mostrar, tituloPadrao, teclado],
  );
}

/** Only a field of the layer on top (not one under a dialog, nor under a popup already open). */
function focarCampoEmFalta(mensagens: string[], teclado: KeyboardState | null): void {
  const campo = campoEmFalta(mensagens);
  if (!focavel(campo)) return;
  if (teclado && !teclado.stack.pertenceA(campo, teclado.stack.top())) return;
  campo.focus();
}
