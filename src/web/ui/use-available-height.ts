import { useEffect, useState, type RefObject } from 'react';

/** Below a grid's body: its pager, the page footer and the screen's bottom padding. */
const ABAIXO_PX = 110;
const MINIMO_PX = 320;

/**
 * The height a screen's grid body can take: from its top to the bottom of the window, less what sits below
 * it (at 1600×900 a register list gets about 650 px, the Fretes grid under its filters about 400 px), never
 * under 320 px. Follows window resizes.
 */
export function useAvailableHeight(el: RefObject<HTMLElement | null>, ativo: boolean): number {
  const [altura, setAltura] = useState(MINIMO_PX);
  useEffect(() => {
    if (!ativo) return;
    const medir = () => {
      const topo = el.current?.getBoundingClientRect().top ?? 0;
      setAltura(Math.max(MINIMO_PX, Math.round(window.innerHeight - topo - ABAIXO_PX)));
    };
    medir();
    window.addEventListener('resize', medir);
    return () => window.removeEventListener('resize', medir);
  }, [el, ativo]);
  return altura;
}
