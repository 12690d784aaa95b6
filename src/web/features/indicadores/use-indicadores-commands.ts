import { paramsIndicadores } from '../../api/indicadores-api';
import { useCommands } from '../../commands/use-commands';
import { comandoProcurar } from '../../ui/list-commands';
import { useExportarLista } from '../../ui/use-exportar-lista';
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

/**
 * The /indicadores commands: Procurar (Alt+P, Enter in a filter), Exportar CSV, Exportar para Excel (issue 32),
 * Ajuda. Answers the Excel export's state for a screen that shows its progress.
 */
export function useIndicadoresCommands({ t, exportar, podeExportar, ajuda }: Args) {
  useCommands([
    comandoProcurar('indicadores.procurar', 'Procurar indicadores', t),
    { id: 'indicadores.exportar', title: 'Exportar CSV dos indicadores', group: 'Ações', keys: [TECLA_EXPORTAR_CSV], when: () => podeExportar, run: exportar },
    { id: 'indicadores.ajuda', title: 'Ajuda dos indicadores (fórmulas)', group: 'Ações', keys: [TECLA_AJUDA_INDICADORES], run: ajuda },
  ]);
  // GET /indicadores/exportar?formato=xlsx: the rows of GET /vw/frete-indicadores-peso-valor as a workbook. The
  // filter is the form's, validated, as the CSV beside it takes it (both buttons give the same rows).
  return useExportarLista({
    prefixo: 'indicadores',
    lista: 'indicadores-frete',
    caminho: '/indicadores/exportar',
    comCsv: false,
    consulta: () => {
      const filtro = t.filtroValido();
      return filtro && paramsIndicadores(filtro);
    },
  });
}
