import type { FocusLayer, FocusStack } from './focus-stack';
import { focavel, primeiroControleUtil, vizinhoFocavel } from './focus-targets';

// A drop caused by the mouse (a click on empty space, or to select text) is the user's choice, not a lost focus.
const JANELA_PONTEIRO_MS = 600;
const CLICAVEIS = 'input, select, textarea, button, a[href], [tabindex], [contenteditable], label, [role=option]';

const perdido = () => {
  const a = document.activeElement;
  return !a || a === document.body || !a.isConnected || (a as HTMLButtonElement).disabled === true;
};

/** Where the focus goes back to in a layer: its last focused element, a neighbour of it, its first useful control. */
function alvoDaCamada(stack: FocusStack, camada: FocusLayer): HTMLElement | null {
  const ultimo = stack.ultimoFoco(camada);
  if (focavel(ultimo)) return ultimo;
  const area = camada.container?.() ?? null;
  return (ultimo && vizinhoFocavel(ultimo, area ?? document.body)) || primeiroControleUtil(area);
}

/**
 * Focus never drops to the page body (keyboard.md: one layer owns the keys). It records, per focus-stack
 * layer, where the focus was; when a layer closes, the focus goes back to where the user was in the layer
 * now on top; when the focused control disappears or becomes disabled (a picked option re-rendered, "Próxima"
 * on the last page), the focus moves to the nearest usable control of the same layer.
 */
export function installFocusKeeper(stack: FocusStack): () => void {
  let ultimoPonteiro = -Infinity;
  let agendado = false;

  const restaurar = (camada: FocusLayer) => alvoDaCamada(stack, camada)?.focus();

  const verificar = () => {
    if (agendado) return;
    agendado = true;
    setTimeout(() => {
      agendado = false;
      if (!perdido() || performance.now() - ultimoPonteiro < JANELA_PONTEIRO_MS) return;
      const topo = stack.top();
      // A screen nobody has focused yet (a fresh page) is the screens' own business, not a drop.
      if (stack.depth() === 0 && !stack.ultimoFoco(topo)) return;
      restaurar(topo);
    }, 0);
  };

  const aoFocar = (e: FocusEvent) => {
    if (e.target instanceof HTMLElement && e.target !== document.body) stack.lembrar(e.target);
  };
  const aoDesfocar = (e: FocusEvent) => {
    if (!e.relatedTarget) verificar();
  };
  const aoApontar = (e: PointerEvent) => {
    if (!(e.target instanceof Element) || !e.target.closest(CLICAVEIS)) ultimoPonteiro = performance.now();
  };
  const observador = new MutationObserver(() => {
    if (perdido()) verificar();
  });
  const semSaida = stack.onPop((_saiu, topo) =>
    setTimeout(() => {
      if (stack.top().id !== topo.id) return; // another layer opened meanwhile: it takes the focus itself
      const a = document.activeElement;
      if (perdido() || !a || !stack.pertenceA(a, topo)) restaurar(topo);
    }, 0),
  );

  document.addEventListener('focusin', aoFocar, true);
  document.addEventListener('focusout', aoDesfocar, true);
  document.addEventListener('pointerdown', aoApontar, true);
  observador.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  return () => {
    document.removeEventListener('focusin', aoFocar, true);
    document.removeEventListener('focusout', aoDesfocar, true);
    document.removeEventListener('pointerdown', aoApontar, true);
    observador.disconnect();
    semSaida();
  };
}
