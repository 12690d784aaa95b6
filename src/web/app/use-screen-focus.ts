import { useEffect, type RefObject } from 'react';
import { aoSurgirControle, primeiroControleUtil } from '../commands/focus-targets';
import { useKeyboard } from '../commands/use-keyboard';

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
    const tentar = () => {
      if (stack.depth() > 0) return false;
      const a = document.activeElement;
      if (a && a !== area && area.contains(a)) return true;
      // The new screen's box (route-view.tsx): the screen being replaced may still be on the page for a moment.
      const tela = area.querySelector(`[data-tela="${CSS.escape(pathname)}"]`);
      if (!tela) return false;
      const alvo = primeiroControleUtil(tela);
      alvo?.focus();
      return alvo !== null;
    };
    if (tentar()) return;
    // A screen that loads its data shows its fields a moment later; a field may also turn enabled.
    return aoSurgirControle(area, tentar, { childList: true, subtree: true, attributes: true, attributeFilter: ['disabled', 'hidden'] });
  }, [pathname, principal, stack]);
}
