import type { RomaneioLinha } from '../../../contracts/romaneios';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { comandoProcurar, comandoVer } from '../../ui/list-commands';
import { useExportarLista } from '../../ui/use-exportar-lista';
import { paraConsulta } from './romaneio-filtros';
import type { ListaFiltradaRomaneios } from './use-lista-romaneios';
import { podeCancelarDaLista } from './romaneio-columns';
import { TECLAS_NOVO_ROMANEIO } from './romaneios-lista';

export const TECLA_IMPRIMIR_LINHA = 'Alt+I';
export const TECLA_CANCELAR_LINHA = 'Delete';

export interface RomaneiosFreteCommandsArgs {
  t: ListaFiltradaRomaneios;
  /** Null without FRETE_ROMA_C. */
  novo: (() => void) | null;
  editar: (r: RomaneioLinha) => void;
  imprimir: (r: RomaneioLinha) => void;
  cancelar: (r: RomaneioLinha) => void;
}

/** The freight-cost tab's commands (registered while the tab is shown), acting on the selected row. */
export function useRomaneiosFreteCommands({ t, novo, editar, imprimir, cancelar }: RomaneiosFreteCommandsArgs) {
  const atual = t.atual;
  const comandos: Command[] = [
    comandoProcurar('romaneios.frete.procurar', 'Procurar romaneios de frete', t),
    { id: 'romaneios.frete.novo', title: 'Novo romaneio de frete', group: 'Ações', keys: TECLAS_NOVO_ROMANEIO, unbound: ['Ctrl+N'], when: () => novo !== null, run: () => novo?.() },
    comandoVer('romaneios.frete.editar', 'Abrir romaneio de frete selecionado', atual, editar),
    { id: 'romaneios.frete.imprimir', title: 'Imprimir romaneio selecionado (PDF)', group: 'Ações', keys: [TECLA_IMPRIMIR_LINHA], when: () => atual !== null, run: () => atual && imprimir(atual) },
    {
      id: 'romaneios.frete.cancelar',
      title: 'Cancelar romaneio selecionado',
      group: 'Ações',
      keys: [TECLA_CANCELAR_LINHA],
      when: () => atual !== null && podeCancelarDaLista(atual),
      run: () => atual && cancelar(atual),
    },
  ];
  useCommands(comandos);
  // Issue 32: the list shown (the URL's filter and sort) as a file; the state answered for a screen that shows it.
  return useExportarLista({ prefixo: 'romaneios.frete', lista: 'romaneios-frete', caminho: '/romaneios/exportar', consulta: () => paraConsulta(t.aplicada) });
}
