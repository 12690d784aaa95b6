import { useEffect, type RefObject } from 'react';
import { primeiroControleUtil } from '../commands/focus-targets';
import { useKeyboard } from '../commands/use-keyboard';

// A screen that loads its data shows its fields a moment later: they still get the focus for this long.
const ESPERA_MS = 5000;

/**
 * Every screen opens with the focus on its first useful control (a marked [data-autofocus] one, else the
 * first field, else its grid), as soon as it appears; not when a dialog has opened over it or when the user
 * has already gone somewhere in the screen. The screen area is also the root layer of the focus stack.
 */
export function useScreenFocus(pathname: string, principal: RefObject<HTMLElement | null>): void {
  const { stack } = useKeyboard();
  useEffect(() => stack.definirContainerRaiz(() => principal.current), [stack, principal]);

  useEffect(() => {
    const area = principal.current;
    if (!area) return;
    const parar = () => {
      observador.disconnect();
      clearTimeout(espera);
    };
    const tentar = () => {
      if (stack.depth() > 0) return;
      const a = document.activeElement;
      if (a && a !== area && area.contains(a)) return parar();
      const alvo = primeiroControleUtil(area);
      if (!alvo) return;
      alvo.focus();
      parar();
    };
    const observador = new MutationObserver(tentar);
    const espera = setTimeout(parar, ESPERA_MS);
    observador.observe(area, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
    tentar();
    return parar;
  }, [pathname, principal, stack]);
}
