import { useSyncExternalStore } from 'react';
import type { Command } from './command-registry';
import { useKeyboard } from './use-keyboard';

/** Every registered command, re-rendering when the registry changes. */
export function useRegisteredCommands(): Command[] {
  const { registry } = useKeyboard();
  return useSyncExternalStore(registry.subscribe, registry.getSnapshot);
}
