import type { ZodType } from 'zod';
import { useShowMessages } from './use-show-messages';

/**
 * Spec 01 §5: every failed rule at once, verbatim, in the message-list popup before the server is called.
 * Answers the parsed value, or null after showing the messages.
 */
export function useValidate(titulo?: string) {
  const mostrarMensagens = useShowMessages();
  return <S>(schema: ZodType<S>, dados: unknown): S | null => {
    const lido = schema.safeParse(dados);
    if (lido.success) return lido.data;
    mostrarMensagens([...new Set(lido.error.issues.map((i) => i.message))], titulo);
    return null;
  };
}
