import type { ZodType } from 'zod';
import { useInvalidFields } from './field-errors';
import { useShowMessages } from './use-show-messages';

/**
 * The gate before a save or a search: fields whose text cannot be read (a date 31/02/2026) refuse it with
 * their messages, in the message-list popup. Answers true when the form may go on.
 */
export function useFieldsGate(titulo?: string): () => boolean {
  const mostrarMensagens = useShowMessages();
  const invalidos = useInvalidFields();
  return () => {
    const mensagens = invalidos();
    if (mensagens.length === 0) return true;
    mostrarMensagens(mensagens, titulo);
    return false;
  };
}

/**
 * Spec 01 §5: every failed rule at once, verbatim, in the message-list popup before the server is called
 * (unreadable fields first). Answers the parsed value, or null after showing the messages.
 */
export function useValidate(titulo?: string) {
  const mostrarMensagens = useShowMessages();
  const camposLegiveis = useFieldsGate(titulo);
  return <S>(schema: ZodType<S>, dados: unknown): S | null => {
    if (!camposLegiveis()) return null;
    const lido = schema.safeParse(dados);
    if (lido.success) return lido.data;
    mostrarMensagens([...new Set(lido.error.issues.map((i) => i.message))], titulo);
    return null;
  };
}
