import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { CommandRegistry, type CommandContext } from './command-registry';
import { installFocusKeeper } from './focus-keeper';
import { FocusStack } from './focus-stack';
import { KeyboardContext, type KeyboardState } from './keyboard-context';
import { useLayerHotkeys } from './use-layer-hotkeys';

/**
 * The one layer that owns the keys (keyboard.md): react-hotkeys-hook listens to the bindings of the top
 * of the focus stack and to Escape, which closes that top layer; the registry picks the command to run.
 */
export function KeyboardProvider({ context, children }: { context: CommandContext; children: ReactNode }) {
  const contextoRef = useRef(context);
  contextoRef.current = context;
  const estado = useMemo<KeyboardState>(
    () => ({ registry: new CommandRegistry(), stack: new FocusStack(), contexto: () => contextoRef.current }),
    [],
  );
  useLayerHotkeys(estado);
  useEffect(() => installFocusKeeper(estado.stack), [estado]);

  return <KeyboardContext.Provider value={estado}>{children}</KeyboardContext.Provider>;
}
