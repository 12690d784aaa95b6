import { useId } from 'react';
import { useCommands } from '../commands/use-commands';
import { useShowMessages } from './use-show-messages';
import { useFieldsGate } from './use-validated-save';

/**
 * The Ctrl+S of a dialog that edits a local copy: `preparar` gives the value as it would be saved,
 * `validar` its messages (shown all at once, nothing saved), `onSave` takes it when there are none.
 * Answers the same action for the dialog's primary button.
 */
export function useSaveCommand<T>(titulo: string, preparar: () => T, validar: (valor: T) => readonly string[], onSave: (valor: T) => void): () => void {
  const id = useId();
  const mostrarMensagens = useShowMessages();
  const camposLegiveis = useFieldsGate();
  const salvar = () => {
    if (!camposLegiveis()) return;
    const valor = preparar();
    const mensagens = validar(valor);
    if (mensagens.length > 0) return mostrarMensagens([...mensagens]);
    onSave(valor);
  };
  useCommands([{ id: `${id}:salvar`, title: titulo, group: 'Ações', keys: ['Ctrl+S'], run: salvar }]);
  return salvar;
}
