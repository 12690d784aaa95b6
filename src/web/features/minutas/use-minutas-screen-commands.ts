import { podeMinuta } from '../../../../machines/minuta-confirmation';
import type { MinutaLinha } from '../../../contracts/minutas';
import { minutaCompleta } from '../../../domain/minutas/completude-minuta';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { comandoProcurar, comandoVer } from '../../ui/list-commands';
import { useExportarLista } from '../../ui/use-exportar-lista';
import { paraConsulta } from './minuta-filters';
import { LOTES, type LoteMinutas } from './use-minuta-batches';
import type { MinutaList } from './use-minuta-list';

export const TECLAS_INCLUIR = ['Ctrl+N', 'Alt+N'];
export const TECLA_CONFIRMAR = 'Alt+C';
/** Alt+L reads files on every screen (Ler XMLs, Ler faturas): here the CONEMB files. */
export const TECLAS_LOTES: Record<LoteMinutas, string[]> = { conembs: ['Alt+L'], minutas: [], ctes: [] };

export interface MinutasScreenCommandsArgs {
  t: MinutaList;
  admin: boolean;
  incluir: () => void;
  editar: (m: MinutaLinha) => void;
  excluir: (m: MinutaLinha) => void;
  confirmar: () => void;
  executarLote: (lote: LoteMinutas) => void;
  /** Opens the CT-e a PROCESSADO minuta became; null without access to the Fretes screen. */
  verCte: ((cteId: number) => void) | null;
}

/** Every Minutas command, in the palette and (most) on a key; the cheat sheet lists them under "Tela atual". */
export function useMinutasScreenCommands(a: MinutasScreenCommandsArgs) {
  const { t } = a;
  const atual = t.atual;
  const cteId = atual?.cteId ?? null;
  const comandos: Command[] = [
    comandoProcurar('minutas.procurar', 'Procurar minutas', t),
    { id: 'minutas.incluir', title: 'Incluir minuta', group: 'Ações', keys: TECLAS_INCLUIR, unbound: ['Ctrl+N'], run: a.incluir },
    comandoVer('minutas.editar', 'Editar minuta selecionada', atual, a.editar),
    {
      id: 'minutas.excluir',
      title: 'Excluir minuta selecionada',
      group: 'Ações',
      keys: ['Delete'],
      when: () => atual !== null && podeMinuta(atual.status, 'EXCLUIR'),
      run: () => atual && a.excluir(atual),
    },
    {
      id: 'minutas.marcar',
      title: 'Marcar ou desmarcar a minuta selecionada',
      group: 'Ações',
      keys: ['Espaço'],
      unbound: ['Espaço'],
      when: () => atual !== null && minutaCompleta(atual),
      run: () => atual && t.alternar(atual),
    },
    { id: 'minutas.marcar-todas', title: 'Marcar ou desmarcar todas as minutas completas da página', group: 'Ações', keys: ['Alt+T'], run: t.alternarTodas },
    { id: 'minutas.confirmar', title: 'Confirmar selecionados', group: 'Ações', keys: [TECLA_CONFIRMAR], when: () => t.algumaMarcada, run: a.confirmar },
    {
      id: 'minutas.ver-cte',
      title: 'Ver no Fretes o CT-e da minuta selecionada',
      group: 'Ações',
      keys: [],
      when: () => a.verCte !== null && cteId !== null,
      run: () => cteId !== null && a.verCte?.(cteId),
    },
  ];
  // Spec 03 §2.5: for the login admin only (not even in the cheat sheet for the others).
  if (a.admin) {
    for (const l of Object.keys(LOTES) as LoteMinutas[]) comandos.push({ id: `minutas.admin.${l}`, title: LOTES[l].rotulo, group: 'Ações', keys: TECLAS_LOTES[l], run: () => a.executarLote(l) });
  }
  useCommands(comandos);
  // Issue 32: the list shown (the URL's filter and sort) as a file; the state answered for a screen that shows it.
  return useExportarLista({ prefixo: 'minutas', lista: 'minutas', caminho: '/minutas/exportar', consulta: () => paraConsulta(t.aplicada) });
}
