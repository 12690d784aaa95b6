import { useEffect, useState, type RefObject } from 'react';

/**
 * About three rows (of 44 px, with a part of the third): below it the list would show too little to work with (the
 * main area scrolls instead). Four rows (144 px) left the pager of Fretes half under the footer at 1366×768 once its
 * filters folded (issue 31's thirteenth filter): 130 px were free there; a whole pager beats a fourth row.
 */
const MINIMO_PX = 120;

const px = (valor: string) => Number.parseFloat(valor) || 0;

/**
 * What sits under `el` inside `ate`, in pixels: at each level up, from the element's bottom to the lowest of its
 * following siblings (a pager, a total, a toolbar, the "Fora desta largura" line), plus the parent's bottom
 * padding and border. Siblings beside it (a row layout) add nothing; content marked data-depois-da-lista (the
 * charts under the /indicadores table), and what follows it, is reached by scrolling and not counted.
 */
export function alturaAbaixo(el: HTMLElement, ate: HTMLElement): number {
  let abaixo = 0;
  for (let no: HTMLElement = el; no.parentElement && no !== ate; no = no.parentElement) {
    const pai = no.parentElement;
    const fundo = no.getBoundingClientRect().bottom;
    let maisBaixo = fundo;
    for (let irmao = no.nextElementSibling; irmao; irmao = irmao.nextElementSibling) {
      if (irmao instanceof HTMLElement && irmao.dataset.depoisDaLista !== undefined) break;
      const r = irmao.getBoundingClientRect();
      if (r.height === 0 && r.width === 0) continue;
      maisBaixo = Math.max(maisBaixo, r.bottom + px(getComputedStyle(irmao).marginBottom));
    }
    abaixo += maisBaixo - fundo;
    if (pai === ate) break;
    const estilo = getComputedStyle(pai);
    abaixo += px(estilo.paddingBottom) + px(estilo.borderBottomWidth);
  }
  return abaixo;
}

/** The boxes of main's content (a screen renders in a display: contents box, route-view.tsx). */
export function caixasDoConteudo(principal: HTMLElement): Element[] {
  return Array.from(principal.children).flatMap((filho) => (getComputedStyle(filho).display === 'contents' ? caixasDoConteudo(filho as HTMLElement) : [filho]));
}

/**
 * The height a screen's grid body can take so that the whole screen fits the window's main area: from the
 * body's top to the bottom of <main>, less what the screen shows under the body (its pager, totals, buttons,
 * notes, measured, never guessed) and main's padding; never under about three rows. Follows window resizes and changes of
 * the screen's content (a line that appears under the grid shrinks it).
 */
export function useAvailableHeight(el: RefObject<HTMLElement | null>, ativo: boolean): number {
  const [altura, setAltura] = useState(MINIMO_PX);
  useEffect(() => {
    const corpo = el.current;
    const principal = corpo?.closest('main');
    if (!ativo || !corpo || !principal) return;
    const medir = () => {
      const caixa = principal.getBoundingClientRect();
      const topo = corpo.getBoundingClientRect().top - caixa.top + principal.scrollTop;
      const livre = principal.clientHeight - px(getComputedStyle(principal).paddingBottom) - topo - alturaAbaixo(corpo, principal);
      setAltura(Math.max(MINIMO_PX, Math.floor(livre)));
    };
    medir();
    window.addEventListener('resize', medir);
    // The screen's content: a toolbar, a note or a pager that appears, or filters that fold, move the body.
    const observador = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(() => medir());
    for (const caixa of caixasDoConteudo(principal)) observador?.observe(caixa);
    return () => {
      window.removeEventListener('resize', medir);
      observador?.disconnect();
    };
  }, [el, ativo]);
  return altura;
}
