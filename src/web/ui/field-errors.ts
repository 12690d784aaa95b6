import { createContext, useContext, useEffect, useId, useRef, useState } from 'react';

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

/**
 * Which field a validation message is about, by its label (null: none of this form's). Unreadable fields
 * need no entry: their message starts with the field's label ("Período final: …", useFieldError).
 */
export type RotuloDaMensagem = (mensagem: string) => string | null;

interface CamposDeUmFormulario {
  raiz: () => HTMLElement | null;
  rotuloDa: RotuloDaMensagem;
}

// The forms on the page that name the fields of their messages (a screen's filters, a dialog's form).
const formularios = new Set<{ current: CamposDeUmFormulario }>();

/**
 * A form names the field each of its validation messages is about: when such a message is shown
 * (useShowMessages), the focus goes to that field first, so closing the message comes back to it.
 */
export function useCamposDasMensagens(raiz: () => HTMLElement | null, rotuloDa: RotuloDaMensagem): void {
  const atual = useRef<CamposDeUmFormulario>({ raiz, rotuloDa });
  useEffect(() => {
    atual.current = { raiz, rotuloDa };
  });
  useEffect(() => {
    formularios.add(atual);
    return () => void formularios.delete(atual);
  }, []);
}

/** The input, select or textarea labelled `rotulo` inside `raiz`. */
export function campoPorRotulo(raiz: HTMLElement, rotulo: string): HTMLElement | null {
  const campos = raiz.querySelectorAll<HTMLInputElement>('input, select, textarea');
  return [...campos].find((c) => c.getAttribute('aria-label') === rotulo || [...(c.labels ?? [])].some((l) => l.textContent?.trim() === rotulo)) ?? null;
}

/** The field at fault for `mensagens`: of the fields they are about, the first in the page's order. */
export function campoEmFalta(mensagens: string[]): HTMLElement | null {
  const campos: HTMLElement[] = [];
  for (const { current: f } of formularios) {
    const raiz = f.raiz();
    if (!raiz) continue;
    for (const m of mensagens) {
      const rotulo = f.rotuloDa(m) ?? /^([^:]{1,60}): /.exec(m)?.[1] ?? null;
      const campo = rotulo ? campoPorRotulo(raiz, rotulo) : null;
      if (campo) campos.push(campo);
    }
  }
  campos.sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : a === b ? 0 : 1));
  return campos[0] ?? null;
}
