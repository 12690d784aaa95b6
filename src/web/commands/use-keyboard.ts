import { useContext } from 'react';
import { KeyboardContext, type KeyboardState } from './keyboard-context';

export function useKeyboard(): KeyboardState {
  const estado = useContext(KeyboardContext);
  if (!estado) throw new Error('useKeyboard fora de KeyboardProvider');
  return estado;
}
