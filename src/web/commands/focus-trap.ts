import { ariaHidden } from '@zag-js/aria-hidden';
import { FocusTrap } from '@zag-js/focus-trap';

/**
 * Makes a dialog's content modal from the moment it is in the page: the rest of the page is hidden from
 * assistive technology (aria-hidden, the same counted marking Ark uses), Tab and the focus stay inside it,
 * and the focus goes to `inicial()` (else to its first tabbable element). The same trap Ark's dialogs use
 * (one shared trap stack: a dialog below pauses while this one is active and resumes when it ends).
 *
 * Ark does all this a frame after the dialog opens. A key pressed in that frame went astray: the S or N
 * answering a question reached the field below; a Ctrl+S raising the "Atenção" popup had it hidden and
 * robbed of the focus by the dialog's late work (the popup then hid the dialog too: nothing was left).
 * Here it happens in order of opening, so the newest dialog is always the one on top.
 * Answers the function that undoes it (the dialog closed).
 */
export function prenderFoco(conteudo: HTMLElement, inicial: () => HTMLElement | null | undefined): () => void {
  const mostrar = ariaHidden([conteudo], { defer: false });
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
  return () => {
    armadilha.deactivate();
    mostrar();
  };
}
