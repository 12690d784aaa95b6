import { useEffect, useRef } from 'react';
import { useKeyboard } from './use-keyboard';

export interface FocusLayerOptions {
  /** The layer's element (a dialog's content): focus inside it belongs to the layer. */
  container?: () => HTMLElement | null;
  /** Unsaved changes in the layer. */
  sujo?: () => boolean;
}

/** Pushes a focus-stack layer while `ativo`; Escape on the top layer calls the latest onEscape. */
export function useFocusLayer(id: string, ativo: boolean, onEscape?: () => void, opcoes: FocusLayerOptions = {}): void {
  const { stack } = useKeyboard();
  const ultimas = useRef({ onEscape, ...opcoes });
  ultimas.current = { onEscape, ...opcoes };
  const fechavel = onEscape !== undefined;

  useEffect(() => {
    if (!ativo) return;
    return stack.push({
      id,
      onEscape: fechavel ? () => ultimas.current.onEscape?.() : undefined,
      container: () => ultimas.current.container?.() ?? null,
      sujo: () => ultimas.current.sujo?.() ?? false,
    });
  }, [stack, id, ativo, fechavel]);
}
