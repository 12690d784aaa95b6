import { createContext } from 'react';
import { CommandRegistry, ESCOPO_RAIZ, type CommandContext } from './command-registry';
import { FocusStack } from './focus-stack';

export interface KeyboardState {
  registry: CommandRegistry;
  stack: FocusStack;
  contexto: () => CommandContext;
}

export const KeyboardContext = createContext<KeyboardState | null>(null);

/** The focus-stack layer a component renders in: its commands are bound to that layer. */
export const LayerContext = createContext<string>(ESCOPO_RAIZ);
