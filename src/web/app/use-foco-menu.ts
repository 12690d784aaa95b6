import { useEffect, useRef, useState, type RefObject } from 'react';
import { primeiroControleUtil } from '../commands/focus-targets';

export interface FocoMenu {
  menuAberto: boolean;
  /** F1: to the current menu item (showing the menu if hidden); from inside the menu, back where the user was. */
  irParaMenu: () => void;
  /** Esc in the menu (and a second F1): the focus back where it was, else the screen's first control. */
  voltarDoMenu: () => void;
  /** The Menu button and the palette command: show or hide, the focus stays where it is. */
  alternarMenu: () => void;
}

const linkAtual = (menu: HTMLElement | null) =>
  menu?.querySelector<HTMLElement>('[aria-current=page]') ?? menu?.querySelector<HTMLElement>('a') ?? null;

/** The side menu's visibility and the F1 round trip (docs/keyboard.md: the first key must land where expected). */
export function useFocoMenu(menu: RefObject<HTMLElement | null>, principal: RefObject<HTMLElement | null>): FocoMenu {
  const [menuAberto, setMenuAberto] = useState(true);
  const focarAoAbrir = useRef(false);
  const voltarPara = useRef<HTMLElement | null>(null);

  useEffect(() => {
    if (!focarAoAbrir.current || !menuAberto) return;
    focarAoAbrir.current = false;
    linkAtual(menu.current)?.focus();
  }, [menuAberto, menu]);

  const voltarDoMenu = () => {
    const alvo = voltarPara.current;
    voltarPara.current = null;
    if (alvo?.isConnected) return alvo.focus();
    const area = principal.current;
    (primeiroControleUtil(area) ?? area)?.focus();
  };

  const irParaMenu = () => {
    const ativo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (ativo && menu.current?.contains(ativo)) return voltarDoMenu();
    voltarPara.current = ativo && ativo !== document.body ? ativo : null;
    if (menuAberto) return linkAtual(menu.current)?.focus();
    focarAoAbrir.current = true;
    setMenuAberto(true);
  };

  return { menuAberto, irParaMenu, voltarDoMenu, alternarMenu: () => setMenuAberto((aberto) => !aberto) };
}
