import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { caixasDoConteudo } from './use-available-height';

/** Shows or hides the filters beyond the first line (docs/style.md rule 14). */
export const TECLA_FILTROS = 'Alt+Shift+F';

/** A list without rows yet: its first row would end this far under the header. */
const LINHA_PX = 40;

export interface DobraDosFiltros {
  /** The screen is short for its filters: the "Mais filtros" button and key exist. */
  dobravel: boolean;
  /** Every filter shown (the user unfolded them). */
  aberto: boolean;
  /** Filters beyond the first line, and how many of them hold a value. */
  ocultos: number;
  emUso: number;
  alternar: () => void;
}

const ocupaDuas = (c: HTMLElement) => {
  const estilo = getComputedStyle(c);
  return /span 2/.test(`${estilo.gridColumnStart} ${estilo.gridColumnEnd}`);
};

/** How many of the fields fit on the first line beside the two columns of the buttons (at least one). */
function naPrimeiraLinha(campos: HTMLElement[], colunas: number): number {
  let usadas = 0;
  for (let i = 0; i < campos.length; i++) {
    usadas += ocupaDuas(campos[i]) ? 2 : 1;
    if (usadas > colunas - 2) return Math.max(1, i);
  }
  return campos.length;
}

const temValor = (c: HTMLElement) =>
  Array.from(c.querySelectorAll<HTMLInputElement | HTMLSelectElement>('input:not([type=hidden]):not([type=checkbox]), select')).some((e) => e.value.trim() !== '') ||
  Array.from(c.querySelectorAll<HTMLInputElement>('input[type=checkbox]')).some((e) => e.checked);

/** Where the first row of the screen's list ends, from the top of main's content (null: the screen has no list). */
function fundoDaPrimeiraLinha(principal: HTMLElement): number | null {
  const grade = principal.querySelector('[role="grid"]');
  if (!grade) return null;
  const primeira = grade.querySelector('[role="row"][aria-rowindex="2"]');
  const cabecalho = grade.querySelector('[role="row"]');
  const fundo = primeira ? primeira.getBoundingClientRect().bottom : (cabecalho ?? grade).getBoundingClientRect().top + LINHA_PX;
  return fundo - principal.getBoundingClientRect().top + principal.scrollTop;
}

/**
 * Folds a screen's filters into their first line when, with all of them shown, the first row of its list would
 * start below the fold (past the bottom of <main>): the others are hidden (out of the Tab
 * order too) and counted on the "Mais filtros" button, with how many hold a value. Not in dialogs (their body
 * scrolls) nor without a layout (jsdom). Measured again on window resizes and size changes of the form and the screen.
 */
export function useDobraDosFiltros(form: RefObject<HTMLFormElement | null>, botoes: RefObject<HTMLElement | null>): DobraDosFiltros {
  const [estado, setEstado] = useState({ dobravel: false, ocultos: 0, emUso: 0 });
  const [aberto, setAberto] = useState(false);

  useLayoutEffect(() => {
    const f = form.current;
    const principal = f?.closest('main');
    if (!f || !principal || f.closest('[role="dialog"]')) return;
    const medir = () => {
      const campos = Array.from(f.children).filter((c): c is HTMLElement => c instanceof HTMLElement && c !== botoes.current);
      for (const c of campos) c.hidden = false;
      const fundo = fundoDaPrimeiraLinha(principal);
      const colunas = getComputedStyle(f).gridTemplateColumns.split(' ').filter(Boolean).length;
      const alem = campos.slice(naPrimeiraLinha(campos, colunas));
      if (principal.clientHeight === 0 || fundo === null || fundo <= principal.clientHeight || alem.length === 0) {
        setEstado({ dobravel: false, ocultos: 0, emUso: 0 });
        return;
      }
      const focoAlem = alem.some((c) => c.contains(document.activeElement));
      if (!aberto && !focoAlem) for (const c of alem) c.hidden = true;
      setEstado({ dobravel: true, ocultos: alem.length, emUso: alem.filter(temValor).length });
    };
    medir();
    // Again when the list arrives or the screen's content changes size (a frame later, so the hiding is not done
    // inside the observer's own callback).
    let quadro = 0;
    const depois = () => {
      cancelAnimationFrame(quadro);
      quadro = requestAnimationFrame(medir);
    };
    const observador = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(depois);
    for (const caixa of [f, ...caixasDoConteudo(principal)]) observador?.observe(caixa);
    window.addEventListener('resize', depois);
    return () => {
      cancelAnimationFrame(quadro);
      observador?.disconnect();
      window.removeEventListener('resize', depois);
    };
  }, [form, botoes, aberto]);

  const primeiroOculto = useRef<HTMLElement | null>(null);
  const alternar = useCallback(() => {
    const f = form.current;
    primeiroOculto.current = f ? (Array.from(f.children).find((c) => c instanceof HTMLElement && c.hidden) as HTMLElement | undefined) ?? null : null;
    // Folding from a filter that hides: the focus waits on the button.
    if (!primeiroOculto.current) botoes.current?.querySelector<HTMLElement>('[aria-expanded]')?.focus();
    setAberto((a) => !a);
  }, [form, botoes]);
  // Unfolded: the focus goes to the first filter that was hidden.
  useLayoutEffect(() => {
    if (!aberto || !primeiroOculto.current) return;
    primeiroOculto.current.querySelector<HTMLElement>('input, select, button, textarea')?.focus();
    primeiroOculto.current = null;
  }, [aberto]);

  return { ...estado, aberto, alternar };
}
