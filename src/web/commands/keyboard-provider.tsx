import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { CommandRegistry, type CommandContext } from './command-registry';
import { FocusStack } from './focus-stack';
import { KeyboardContext, type KeyboardState } from './keyboard-context';

function editavel(alvo: EventTarget | null): boolean {
  if (!(alvo instanceof HTMLElement)) return false;
  if (alvo.isContentEditable || alvo instanceof HTMLTextAreaElement || alvo instanceof HTMLSelectElement) return true;
  if (!(alvo instanceof HTMLInputElement)) return false;
  return !['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file'].includes(alvo.type);
}

/**
 * The one layer that owns the keys (keyboard.md): a single listener reads the top of the focus stack,
 * closes it on Escape, and otherwise runs the registry command bound to the key in that layer.
 */
export function KeyboardProvider({ context, children }: { context: CommandContext; children: ReactNode }) {
  const contextoRef = useRef(context);
  contextoRef.current = context;
  const estado = useMemo<KeyboardState>(
    () => ({ registry: new CommandRegistry(), stack: new FocusStack(), contexto: () => contextoRef.current }),
    [],
  );

  useEffect(() => {
    // Capture: Ark's dialogs mark Escape as handled when closeOnEscape is off; the stack decides instead.
    const aoEscape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.isComposing) return;
      // An open autocomplete listbox closes itself first (cmdk's list is always "expanded": not that one).
      const alvo = e.target instanceof HTMLElement ? e.target : null;
      if (alvo?.getAttribute('aria-expanded') === 'true' && !alvo.hasAttribute('cmdk-input')) return;
      const topo = estado.stack.top();
      if (!topo.onEscape) return;
      e.preventDefault();
      e.stopPropagation();
      topo.onEscape();
    };
    const aoTeclar = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.isComposing || e.key === 'Escape') return;
      const topo = estado.stack.top();
      const comando = estado.registry.match(e, topo.id, estado.contexto(), editavel(e.target));
      if (!comando) return;
      e.preventDefault();
      comando.run(estado.contexto());
    };
    window.addEventListener('keydown', aoEscape, true);
    window.addEventListener('keydown', aoTeclar);
    return () => {
      window.removeEventListener('keydown', aoEscape, true);
      window.removeEventListener('keydown', aoTeclar);
    };
  }, [estado]);

  return <KeyboardContext.Provider value={estado}>{children}</KeyboardContext.Provider>;
}
