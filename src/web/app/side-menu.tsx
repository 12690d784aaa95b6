import { forwardRef, type KeyboardEvent } from 'react';
import { css } from '../../../styled-system/css';
import type { MenuGroup, RouteDef } from './routes';

const estilos = {
  nav: css({ width: '220px', flexShrink: 0, bg: 'slate.900', color: 'slate.100', py: '3', overflowY: 'auto' }),
  grupo: css({ px: '4', pt: '3', pb: '1', fontSize: 'xs', fontWeight: 'bold', letterSpacing: 'wider', color: 'slate.400' }),
  link: css({
    display: 'block',
    px: '4',
    py: '1.5',
    fontSize: 'sm',
    color: 'slate.100',
    textDecoration: 'none',
    _hover: { bg: 'slate.800' },
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.300', outlineOffset: '-2px' },
    '&[aria-current=page]': { bg: 'blue.800', color: 'white', fontWeight: 'semibold' },
  }),
};

const GRUPOS: MenuGroup[] = ['CADASTROS', 'FRETE'];

export interface SideMenuProps {
  rotas: RouteDef[];
  atual: string;
  onNavigate: (path: string) => void;
  /** Esc: the focus back where it was before F1. */
  onVoltar: () => void;
}

/** ↑ ↓ move between the menu's links, Home and End go to the first and the last (Tab still leaves the menu). */
function moverNoMenu(e: KeyboardEvent<HTMLElement>, voltar: () => void) {
  if (e.altKey || e.ctrlKey || e.metaKey || e.shiftKey) return;
  if (e.key === 'Escape') {
    e.preventDefault();
    e.stopPropagation();
    return voltar();
  }
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a[href]')];
  const atual = links.indexOf(document.activeElement as HTMLAnchorElement);
  const destino = { ArrowDown: atual + 1, ArrowUp: atual - 1, Home: 0, End: links.length - 1 }[e.key];
  if (destino === undefined || links.length === 0) return;
  e.preventDefault();
  links[(destino + links.length) % links.length].focus();
}

/** Spec 01 §2: groups CADASTROS and FRETE with the permitted routes only. */
export const SideMenu = forwardRef<HTMLElement, SideMenuProps>(function SideMenu({ rotas, atual, onNavigate, onVoltar }, ref) {
  return (
    <nav ref={ref} className={estilos.nav} aria-label="Menu principal" tabIndex={-1} onKeyDown={(e) => moverNoMenu(e, onVoltar)}>
      {GRUPOS.map((grupo) => {
        const itens = rotas.filter((r) => r.group === grupo);
        if (itens.length === 0) return null;
        return (
          <div key={grupo} role="group" aria-labelledby={`menu-${grupo}`}>
            <div id={`menu-${grupo}`} className={estilos.grupo}>
              {grupo}
            </div>
            {itens.map((r) => (
              <a
                key={r.path}
                href={r.path}
                className={estilos.link}
                aria-current={r.path === atual ? 'page' : undefined}
                onClick={(e) => {
                  if (e.ctrlKey || e.metaKey || e.shiftKey) return;
                  e.preventDefault();
                  onNavigate(r.path);
                }}
              >
                {r.title}
              </a>
            ))}
          </div>
        );
      })}
    </nav>
  );
});
