import { createContext, useContext, useEffect, useId, useState } from 'react';

/**
 * The fields of one form (a dialog, a screen's filters) whose typed text cannot be read (31/02/2026): the
 * save or search of that form refuses with their messages instead of using a stale value.
 */
export class FieldErrors {
  private erros = new Map<string, string>();
  definir(chave: string, mensagem: string | null): void {
    if (mensagem) this.erros.set(chave, mensagem);
    else this.erros.delete(chave);
  }
  lista(): string[] {
    return [...this.erros.values()];
  }
}

export const FieldErrorsContext = createContext<FieldErrors | null>(null);

/** A new scope for a form's fields (each dialog has one, the screen area has one). */
export const useFieldErrorsScope = (): FieldErrors => useState(() => new FieldErrors())[0];

/** A field reports the message of its unreadable text (null when it reads fine). */
export function useFieldError(mensagem: string | null): void {
  const escopo = useContext(FieldErrorsContext);
  const chave = useId();
  useEffect(() => {
    escopo?.definir(chave, mensagem);
    return () => escopo?.definir(chave, null);
  }, [escopo, chave, mensagem]);
}

/** The current messages of the unreadable fields of the enclosing form. */
export function useInvalidFields(): () => string[] {
  const escopo = useContext(FieldErrorsContext);
  return () => escopo?.lista() ?? [];
}
