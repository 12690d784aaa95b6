import { useId, useRef, type RefObject } from 'react';
import { focavel, primeiroControleUtil } from '../commands/focus-targets';
import { useCommands } from '../commands/use-commands';

/** The list screens' jump key: from the filters to the grid and back (no Tab walk across every filter). */
const TECLA_IR_GRADE = 'Ctrl+G';

/**
 * Ctrl+G on a list screen: from anywhere but the grid, to the grid; from the grid, back to the filter the
 * user left (or the first one). Every list screen (CadastroListScreen, Fretes, the screens to come) uses it.
 */
export function useGridJump(filtros: RefObject<HTMLElement | null>, grade: RefObject<HTMLElement | null>): void {
  const id = useId();
  const ultimoFiltro = useRef<HTMLElement | null>(null);
  useCommands([
    {
      id: `${id}:ir-grade`,
      title: 'Ir à grade / voltar aos filtros',
      group: 'Ações',
      keys: [TECLA_IR_GRADE],
      run: () => {
        const a = document.activeElement;
        if (a && grade.current?.contains(a)) {
          (focavel(ultimoFiltro.current) && filtros.current?.contains(ultimoFiltro.current) ? ultimoFiltro.current : primeiroControleUtil(filtros.current))?.focus();
          return;
        }
        if (a instanceof HTMLElement && filtros.current?.contains(a)) ultimoFiltro.current = a;
        grade.current?.focus();
      },
    },
  ]);
}
