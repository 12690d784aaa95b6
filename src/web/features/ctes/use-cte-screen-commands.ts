import type { BaseAprovacao, CteLinha } from '../../../contracts/ctes';
import type { Command } from '../../commands/command-registry';
import { useCommands } from '../../commands/use-commands';
import { comandoProcurar, comandosDoccob, comandoVer } from '../../ui/list-commands';
import { useExportarLista } from '../../ui/use-exportar-lista';
import { paraConsulta } from './cte-filters';
import { TECLA_ENVIAR_DOCCOB_FRETES, TECLA_LER_FATURAS_FRETES } from './cte-toolbar';
import { TECLA_INDICADORES, TITULO_PAINEL_INDICADORES } from './indicadores-panel';
import type { AcaoGet } from './use-cte-actions';
import type { CteList } from './use-cte-list';

export interface CteScreenCommandsArgs {
  t: CteList;
  admin: boolean;
  podeAprovar: boolean;
  ver: (c: CteLinha) => void;
  revisar: (c: CteLinha) => void;
  resultado: (c: CteLinha) => void;
  inconsistencias: (c: CteLinha) => void;
  executar: (acao: AcaoGet) => void;
  lerXmls: () => void;
  auditarPagina: () => void;
  auditarSelecionados: () => void;
  aprovar: (base: BaseAprovacao | null) => void;
  agrupar: () => void;
  /** Issue 29: forwards the marked CT-es to an approver with a higher limit. */
  encaminhar: () => void;
  /** Opens the "Indicadores de frete" panel (spec §2.6) and puts the focus in it. */
  abrirIndicadores: () => void;
  /** The screen shows the export's progress (CteToolbar's `exportacao`); otherwise the shell's notice line does. */
  exportacaoNaTela?: boolean;
}

/**
 * Every Fretes command, in the palette and (most) on a key; the cheat sheet lists them under "Tela atual".
 * Answers the export's state (issue 32) for a screen that shows its progress.
 */
export function useCteScreenCommands(a: CteScreenCommandsArgs) {
  const { t } = a;
  const atual = t.atual;
  const comSelecao = () => t.marcados.size > 0;
  const auditado = atual !== null && atual.status.startsWith('AUDITADO_');
  const comandos: Command[] = [
    comandoProcurar('ctes.procurar', 'Procurar fretes', t),
    comandoVer('ctes.ver', 'Visualizar frete selecionado', atual, a.ver),
    { id: 'ctes.revisar', title: 'Revisar auditoria do frete selecionado', group: 'Ações', keys: ['Alt+R'], when: () => auditado, run: () => atual && a.revisar(atual) },
    { id: 'ctes.resultado', title: 'Resultado da auditoria do frete selecionado', group: 'Ações', keys: ['Alt+O'], when: () => auditado, run: () => atual && a.resultado(atual) },
    {
      id: 'ctes.inconsistencias',
      title: 'Inconsistências do frete selecionado',
      group: 'Ações',
      keys: ['Alt+I'],
      when: () => (atual?.inconsistencias.length ?? 0) > 0,
      run: () => atual && a.inconsistencias(atual),
    },
    { id: 'ctes.marcar', title: 'Marcar ou desmarcar o frete selecionado', group: 'Ações', keys: ['Espaço'], unbound: ['Espaço'], when: () => atual !== null, run: () => atual && t.alternar(atual) },
    { id: 'ctes.marcar-todos', title: 'Marcar ou desmarcar todos os fretes da página', group: 'Ações', keys: ['Alt+T'], run: t.alternarTodos },
    { id: 'ctes.ler-xmls', title: 'Ler XMLs', group: 'Ações', keys: ['Alt+L'], run: a.lerXmls },
    ...comandosDoccob({ ler: 'ctes.ler-faturas', enviar: 'ctes.enviar-doccob' }, { ler: TECLA_LER_FATURAS_FRETES, enviar: TECLA_ENVIAR_DOCCOB_FRETES }),
    { id: 'ctes.processar', title: 'Processar CT-es', group: 'Ações', keys: [], run: () => a.executar('processar') },
    { id: 'ctes.auditar', title: 'Auditar CT-es da página', group: 'Ações', keys: ['Alt+U'], run: a.auditarPagina },
    { id: 'ctes.auditar-selecionados', title: 'Auditar selecionados', group: 'Ações', keys: ['Alt+A'], when: comSelecao, run: a.auditarSelecionados },
    { id: 'ctes.aprovar-selecionados', title: 'Aprovar selecionados', group: 'Ações', keys: ['Alt+V'], when: () => comSelecao() && a.podeAprovar, run: () => a.aprovar(null) },
    {
      id: 'ctes.aprovar-transportadora',
      title: 'Aprovar selecionados pelo valor da transportadora',
      group: 'Ações',
      keys: [],
      when: () => comSelecao() && a.podeAprovar,
      run: () => a.aprovar('TRANSPORTADORA'),
    },
    { id: 'ctes.aprovar-auditoria', title: 'Aprovar selecionados pelo valor da auditoria', group: 'Ações', keys: [], when: () => comSelecao() && a.podeAprovar, run: () => a.aprovar('AUDITORIA') },
    { id: 'ctes.encaminhar-selecionados', title: 'Encaminhar aprovação dos selecionados', group: 'Ações', keys: [], when: () => comSelecao() && a.podeAprovar, run: a.encaminhar },
    { id: 'ctes.agrupar-selecionados', title: 'Agrupar selecionados', group: 'Ações', keys: ['Alt+G'], when: comSelecao, run: a.agrupar },
    { id: 'ctes.indicadores', title: TITULO_PAINEL_INDICADORES, group: 'Ações', keys: [TECLA_INDICADORES], run: a.abrirIndicadores },
  ];
  // Spec 03 §6: the four admin-only buttons, for the user whose login is admin.
  const admin: [AcaoGet, string][] = [
    ['criarNf', 'Criar NF'],
    ['preencherTipo', 'Preencher Tipo'],
    ['processarIntegracao', 'Processar Integração'],
    ['preencherValor', 'Preencher Valor Total dos Produtos'],
  ];
  for (const [acao, titulo] of admin) comandos.push({ id: `ctes.admin.${acao}`, title: titulo, group: 'Ações', keys: [], when: () => a.admin, run: () => a.executar(acao) });
  useCommands(comandos);
  // Issue 32: the list shown (the URL's filter and sort) as a file; Alt+X is the Indicadores panel here, so the CSV is palette-only.
  return useExportarLista({ prefixo: 'ctes', lista: 'fretes', caminho: '/ctes/exportar', consulta: () => paraConsulta(t.aplicada), teclaCsv: null, statusNaTela: a.exportacaoNaTela });
}
