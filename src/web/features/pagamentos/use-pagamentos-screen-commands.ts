import type { FaturaLinha } from '../../../contracts/faturas';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { comandoProcurar } from '../../ui/list-commands';
import { faturasAPagar, podeLiberarIncontroverso } from './use-pagamento-acoes';
import type { PagamentoList } from './use-pagamento-list';

export const TECLA_EXPORTAR = 'Alt+E';
export const TECLA_PAGAR = 'Alt+G';
export const TECLA_INCONTROVERSO = 'Alt+I';
export const TECLA_ATUALIZAR = 'Alt+U';
export const TECLA_MARCAR_TODAS = 'Alt+T';
export const TITULO_EXPORTAR = 'Exportar para o contas a pagar';
export const TITULO_PAGAR = 'Registrar pagamento';
export const TITULO_INCONTROVERSO = 'Liberar incontroverso';

interface PagamentosCommandsArgs {
  t: PagamentoList;
  /** FRETE_PAG_E: export, record payments, release the undisputed amount. */
  podeExecutar: boolean;
  exportar: () => void;
  pagar: (faturas: FaturaLinha[]) => void;
  liberar: (f: FaturaLinha) => void;
}

/** The Faturas tab's commands, in the palette and on their keys; the writes only for FRETE_PAG_E. */
export function usePagamentosScreenCommands({ t, podeExecutar, exportar, pagar, liberar }: PagamentosCommandsArgs): void {
  const atual = t.atual;
  const aPagar = faturasAPagar(t.marcadas, atual);
  const comandos: Command[] = [
    comandoProcurar('pagamentos.procurar', 'Procurar faturas a pagar', t),
    { id: 'pagamentos.atualizar', title: 'Atualizar', group: 'Ações', keys: [TECLA_ATUALIZAR], run: () => void t.atualizar() },
    {
      id: 'pagamentos.marcar',
      title: 'Marcar ou desmarcar a fatura selecionada',
      group: 'Ações',
      keys: ['Espaço'],
      unbound: ['Espaço'],
      when: () => atual !== null,
      run: () => atual && t.alternar(atual),
    },
    { id: 'pagamentos.marcar-todas', title: 'Marcar ou desmarcar todas as faturas da página', group: 'Ações', keys: [TECLA_MARCAR_TODAS], run: t.alternarTodas },
  ];
  if (podeExecutar) {
    comandos.push(
      { id: 'pagamentos.exportar', title: TITULO_EXPORTAR, group: 'Ações', keys: [TECLA_EXPORTAR], run: exportar },
      { id: 'pagamentos.pagar', title: TITULO_PAGAR, group: 'Ações', keys: [TECLA_PAGAR], when: () => aPagar.length > 0, run: () => pagar(aPagar) },
      {
        id: 'pagamentos.incontroverso',
        title: TITULO_INCONTROVERSO,
        group: 'Ações',
        keys: [TECLA_INCONTROVERSO],
        when: () => podeLiberarIncontroverso(atual),
        run: () => atual && liberar(atual),
      },
    );
  }
  useCommands(comandos);
}
