import type { FaturaLinha } from '../../../contracts/faturas';
import { useCommands } from '../../commands/use-commands';
import { comandoProcurar, comandosDoccob, comandoVer } from '../../ui/list-commands';
import { useExportarLista } from '../../ui/use-exportar-lista';
import { paraConsulta } from './fatura-filters';
import { TECLA_DIVERGENTE, TITULO_DIVERGENTE } from './fatura-dialog';
import type { FaturaList } from './use-fatura-list';

export const TECLA_LER_FATURAS = 'Alt+L';
export const TECLA_ENVIAR_DOCCOB = 'Alt+E';

interface FaturasScreenCommandsArgs {
  t: FaturaList;
  ver: (f: FaturaLinha) => void;
  irParaDivergente: (f: FaturaLinha) => void;
  podeCancelar: (f: FaturaLinha | null) => boolean;
  cancelar: (f: FaturaLinha) => void;
}

/** The Faturas screen's commands, in the palette and (most) on a key; they act on the selected row. Answers the export's state. */
export function useFaturasScreenCommands({ t, ver, irParaDivergente, podeCancelar, cancelar }: FaturasScreenCommandsArgs) {
  const atual = t.atual;
  useCommands([
    comandoProcurar('faturas.procurar', 'Procurar faturas', t),
    comandoVer('faturas.ver', 'Visualizar fatura selecionada', atual, ver),
    {
      id: 'faturas.divergente',
      title: TITULO_DIVERGENTE,
      group: 'Ações',
      keys: [TECLA_DIVERGENTE],
      when: () => (atual?.conferencia.divergencias ?? 0) > 0,
      run: () => atual && irParaDivergente(atual),
    },
    ...comandosDoccob({ ler: 'faturas.ler', enviar: 'faturas.enviar' }, { ler: TECLA_LER_FATURAS, enviar: TECLA_ENVIAR_DOCCOB }),
    // Spec 03 §2.4: no list button; docs/decisoes.md §16: a command, for nível ADMIN.
    { id: 'faturas.cancelar', title: 'Cancelar fatura', group: 'Ações', keys: [], when: () => podeCancelar(atual), run: () => atual && cancelar(atual) },
  ]);
  // Issue 32: the list shown (the URL's filter and sort) as a file.
  return useExportarLista({ prefixo: 'faturas', lista: 'faturas', caminho: '/faturas/exportar', consulta: () => paraConsulta(t.aplicada) });
}
