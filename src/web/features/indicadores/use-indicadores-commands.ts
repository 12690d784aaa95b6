import { useCommands } from '../../commands/use-commands';
import { comandoProcurar } from '../../ui/list-commands';
import type { IndicadoresList } from './use-indicadores-list';

/** Exportar CSV: the same key as the Fretes panel's CSV buttons' section. */
export const TECLA_EXPORTAR_CSV = 'Alt+X';
export const TECLA_AJUDA_INDICADORES = 'Alt+J';

interface Args {
  t: IndicadoresList;
  exportar: () => void;
  podeExportar: boolean;
  ajuda: () => void;
}

/** The /indicadores commands: Procurar (Alt+P, Enter in a filter), Exportar CSV, Ajuda. */
export function useIndicadoresCommands({ t, exportar, podeExportar, ajuda }: Args): void {
  useCommands([
    comandoProcurar('indicadores.procurar', 'Procurar indicadores', t),
    { id: 'indicadores.exportar', title: 'Exportar CSV dos indicadores', group: 'Ações', keys: [TECLA_EXPORTAR_CSV], when: () => podeExportar, run: exportar },
    { id: 'indicadores.ajuda', title: 'Ajuda dos indicadores (fórmulas)', group: 'Ações', keys: [TECLA_AJUDA_INDICADORES], run: ajuda },
  ]);
}
