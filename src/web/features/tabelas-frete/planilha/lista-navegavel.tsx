import { useId, useState, type KeyboardEvent } from 'react';
import { css } from '../../../../../styled-system/css';

const estilos = {
  lista: css({
    listStyle: 'none',
    fontSize: 'sm',
    maxHeight: '180px',
    overflowY: 'auto',
    borderWidth: '1px',
    borderColor: 'gray.200',
    borderRadius: 'md',
    _focusVisible: { outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '1px' },
    '& li': { px: '3', py: '1', overflowWrap: 'anywhere' },
    '& li[aria-selected=true]': { bg: 'blue.50' },
  }),
  erro: css({ color: 'red.800' }),
};

const PASSO_PAGINA = 8;

/**
 * A list the keyboard walks (the dry run's errors, the changes): one tab stop, ↑ ↓ PageUp PageDown Home End move
 * the current line, which scrolls into view and is what a screen reader reads (aria-activedescendant).
 */
export function ListaNavegavel({ rotulo, itens, erro }: { rotulo: string; itens: readonly string[]; erro?: boolean }) {
  const id = useId();
  const [atual, setAtual] = useState(0);
  const mover = (e: KeyboardEvent<HTMLUListElement>) => {
    const ultimo = itens.length - 1;
    const destino: Record<string, number> = { ArrowDown: atual + 1, ArrowUp: atual - 1, PageDown: atual + PASSO_PAGINA, PageUp: atual - PASSO_PAGINA, Home: 0, End: ultimo };
    if (!(e.key in destino) || e.altKey || e.ctrlKey) return;
    e.preventDefault();
    const novo = Math.max(0, Math.min(ultimo, destino[e.key]));
    setAtual(novo);
    document.getElementById(`${id}-${novo}`)?.scrollIntoView?.({ block: 'nearest' });
  };
  return (
    <ul
      role="listbox"
      aria-label={rotulo}
      tabIndex={0}
      aria-activedescendant={itens.length > 0 ? `${id}-${atual}` : undefined}
      className={`${estilos.lista} ${erro ? estilos.erro : ''}`}
      onKeyDown={mover}
    >
      {itens.map((texto, i) => (
        <li key={i} id={`${id}-${i}`} role="option" aria-selected={i === atual}>
          {texto}
        </li>
      ))}
    </ul>
  );
}
