import { useEffect, useRef } from 'react';
import { useKeyboard } from './use-keyboard';

/** Pushes a focus-stack layer while `ativo`; Escape on the top layer calls the latest onEscape. */
export function useFocusLayer(id: string, ativo: boolean, onEscape?: () => void): void {
  const { stack } = useKeyboard();
  const escape = useRef(onEscape);
  escape.current = onEscape;
  const fechavel = onEscape !== undefined;

  useEffect(() => {
    if (!ativo) return;
    return stack.push({ id, onEscape: fechavel ? () => escape.current?.() : undefined });
  }, [stack, id, ativo, fechavel]);
}
