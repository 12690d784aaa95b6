// Where the focus may go, read off the DOM: shared by the focus keeper, the dialogs and the screens.

const FOCAVEIS =
  'input:not([disabled]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]), button:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])';
const CAMPOS = 'input:not([disabled]):not([readonly]):not([type=hidden]), select:not([disabled]), textarea:not([disabled]):not([readonly])';

/** An element a user could be on: in the page, enabled, not in a hidden tab panel or an inert/hidden subtree. */
export function focavel(el: Element | null | undefined): el is HTMLElement {
  if (!(el instanceof HTMLElement) || !el.isConnected || el === document.body) return false;
  if ((el as HTMLButtonElement).disabled) return false;
  // aria-hidden is not checked: Ark hides the dialogs below a nested one that way, and they get the focus back.
  if (el.closest('[hidden], [inert]')) return false;
  return el.tabIndex >= -1 && getComputedStyle(el).visibility !== 'hidden';
}

const visiveis = (raiz: ParentNode, seletor: string) => [...raiz.querySelectorAll<HTMLElement>(seletor)].filter((el) => focavel(el) && el.tabIndex >= 0);

/**
 * The first useful control of a screen or dialog: a marked one ([data-autofocus]), else the first field one
 * can type in or choose (not a read-only one, not a tab header; a text field before a checkbox), else the
 * first grid, else the first other control that is not the dialog's close button.
 */
export function primeiroControleUtil(raiz: ParentNode | null | undefined): HTMLElement | null {
  if (!raiz) return null;
  const marcado = raiz.querySelector<HTMLElement>('[data-autofocus]');
  if (focavel(marcado)) return marcado;
  const campos = visiveis(raiz, CAMPOS);
  const caixa = (el: HTMLElement) => ['checkbox', 'radio'].includes(el.getAttribute('type') ?? '');
  const campo = campos.find((el) => !caixa(el)) ?? campos[0];
  if (campo) return campo;
  const grade = visiveis(raiz, '[role=grid]')[0];
  if (grade) return grade;
  // Not a tab, nor a tab's panel: Ark makes a panel focusable while it holds no control (a screen still loading) and
  // takes that back when its controls arrive, dropping the focus on the page.
  return visiveis(raiz, FOCAVEIS).find((el) => !['tab', 'tabpanel'].includes(el.getAttribute('role') ?? '') && !el.hasAttribute('data-fechar-dialogo')) ?? null;
}

/**
 * A control that became unusable (disabled, hidden) while it had the focus: the nearest usable one inside
 * `raiz`, the next in document order first (the "Próxima" button turning disabled hands over to "OK").
 */
export function vizinhoFocavel(perdido: Element, raiz: ParentNode | null | undefined): HTMLElement | null {
  if (!raiz || !perdido.isConnected) return null;
  const todos = visiveis(raiz, FOCAVEIS);
  const depois = todos.find((el) => perdido.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_FOLLOWING);
  return depois ?? todos.filter((el) => perdido.compareDocumentPosition(el) & Node.DOCUMENT_POSITION_PRECEDING).at(-1) ?? null;
}

// A screen or dialog whose form arrives after it opened (loaded from the server) still gives it the focus
// for this long.
const ESPERA_CONTROLE_MS = 5000;

/**
 * Calls `tentar` on every change under `raiz` until it answers true (it placed the focus, or the user is
 * already somewhere) or the wait is over: how the screens and the dialogs focus a form that arrives late.
 * Answers the function that stops watching (an effect's cleanup).
 */
export function aoSurgirControle(raiz: Node, tentar: () => boolean, observar: MutationObserverInit = { childList: true, subtree: true }): () => void {
  const observador = new MutationObserver(() => {
    if (tentar()) parar();
  });
  const espera = setTimeout(() => parar(), ESPERA_CONTROLE_MS);
  function parar() {
    observador.disconnect();
    clearTimeout(espera);
  }
  observador.observe(raiz, observar);
  return parar;
}
