import { FocusTrap } from '@zag-js/focus-trap';

/**
 * Keeps Tab and the focus inside a dialog's content from the moment it is in the page, and puts the focus
 * on `inicial()` (else on its first tabbable element). The same trap Ark's dialogs use (one shared trap
 * stack: a dialog below pauses while this one is active and resumes when it ends), but started at once:
 * Ark starts its own a frame later, and a key pressed in that frame (the S or N answering a question)
 * went to the field below, whose trap, still active, even pulled back a focus moved early.
 * Answers the function that ends the trap (the dialog closed).
 */
export function prenderFoco(conteudo: HTMLElement, inicial: () => HTMLElement | null | undefined): () => void {
  const armadilha = new FocusTrap(conteudo, {
    initialFocus: () => inicial() ?? undefined,
    fallbackFocus: conteudo,
    escapeDeactivates: false,
    allowOutsideClick: true,
    preventScroll: true,
    returnFocusOnDeactivate: false,
    delayInitialFocus: false,
    getShadowRoot: true,
  });
  try {
    armadilha.activate();
  } catch {
    // No element to focus yet: the trap stays off, as Ark's does.
  }
  return () => armadilha.deactivate();
}
