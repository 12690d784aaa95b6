import type { RomaneioLinha } from '../../../../contracts/romaneios';
import type { Command } from '../../../commands/command-registry';
import { useCommands } from '../../../commands/use-commands';
import { comandoProcurar, comandoVer } from '../../../ui/list-commands';
import { useExportarLista } from '../../../ui/use-exportar-lista';
import { paraConsulta } from './romaneio-os-filtros';
import { TECLAS_NOVO_ROMANEIO } from '../romaneios-lista';
import { podeCancelarDaLista } from './romaneio-os-columns';
import type { RomaneiosOsList } from './use-romaneios-os-list';

export const TECLA_IMPRIMIR_LINHA = 'Alt+I';
export const TECLA_CANCELAR_LINHA = 'Delete';

export interface RomaneiosOsCommandsArgs {
  t: RomaneiosOsList;
  podeCriar: boolean;
  novo: () => void;
  editar: (r: RomaneioLinha) => void;
  imprimir: (r: RomaneioLinha) => void;
  cancelar: (r: RomaneioLinha) => void;
  /** Opens "find a manifest of O.S. by number". */
  localizar: () => void;
}

/** The tab's commands, in the palette and (most) on a key; the cheat sheet lists them under "Tela atual". */
export function useRomaneiosOsCommands(a: RomaneiosOsCommandsArgs) {
  const atual = a.t.atual;
  const comandos: Command[] = [
    comandoProcurar('romaneios-os.procurar', 'Procurar romaneios de O.S.', a.t),
    { id: 'romaneios-os.novo', title: 'Novo romaneio de O.S.', group: 'Ações', keys: TECLAS_NOVO_ROMANEIO, unbound: ['Ctrl+N'], when: () => a.podeCriar, run: a.novo },
    comandoVer('romaneios-os.editar', 'Editar romaneio de O.S. selecionado', atual, a.editar),
    {
      id: 'romaneios-os.imprimir',
      title: 'Imprimir o romaneio de O.S. selecionado (PDF)',
      group: 'Ações',
      keys: [TECLA_IMPRIMIR_LINHA],
      when: () => atual !== null,
      run: () => atual && a.imprimir(atual),
    },
    {
      id: 'romaneios-os.cancelar',
      title: 'Cancelar o romaneio de O.S. selecionado',
      group: 'Ações',
      keys: [TECLA_CANCELAR_LINHA],
      when: () => atual !== null && podeCancelarDaLista(atual),
      run: () => atual && a.cancelar(atual),
    },
    { id: 'romaneios-os.localizar', title: 'Abrir romaneio de O.S. pelo número', group: 'Ações', keys: [], run: a.localizar },
  ];
  useCommands(comandos);
  // Issue 32: the list shown (the URL's filter and sort) as a file; the state answered for a screen that shows it.
  return useExportarLista({ prefixo: 'romaneios-os', lista: 'romaneios-os', caminho: '/romaneios-colacril/exportar', consulta: () => paraConsulta(a.t.aplicada) });
}
