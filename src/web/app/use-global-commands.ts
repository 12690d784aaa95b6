import { ESCOPO_GLOBAL } from '../commands/command-registry';
import { useCommands } from '../commands/use-commands';

export interface GlobalHandlers {
  irParaMenu: () => void;
  alternarMenu: () => void;
  abrirPaleta: () => void;
  abrirAtalhos: () => void;
  abrirConfiguracoes: () => void;
  sair: () => void;
}

/** Spec 01 §2 shell keys, plus alternates that avoid the Ctrl+letter habits of some browsers. */
export function useGlobalCommands(h: GlobalHandlers): void {
  useCommands([
    // Ctrl+K also over a dialog (the palette then lists that dialog's commands); '/' only on the screen: in a
    // dialog it is a character people type.
    { id: 'geral.paleta', title: 'Abrir a paleta de comandos', group: 'Geral', keys: ['Ctrl+K', '/'], scope: ESCOPO_GLOBAL, rootOnly: ['/'], run: h.abrirPaleta },
    // F1 always lands on the current menu item (showing the menu if hidden); from the menu, F1 goes back.
    { id: 'geral.menu', title: 'Ir para o menu (e voltar)', group: 'Geral', keys: ['F1'], run: h.irParaMenu },
    { id: 'geral.menu-visivel', title: 'Mostrar ou esconder o menu', group: 'Geral', keys: [], run: h.alternarMenu },
    { id: 'geral.atalhos', title: 'Atalhos do teclado', group: 'Geral', keys: ['Ctrl+F1', '?'], run: h.abrirAtalhos },
    { id: 'geral.configuracoes', title: 'Configurações do usuário', group: 'Geral', keys: ['Ctrl+O'], run: h.abrirConfiguracoes },
    // Heard over any dialog too (a dialog must not swallow the logout and take the next user's typing).
    { id: 'geral.sair', title: 'Sair', group: 'Geral', keys: ['Ctrl+Q'], scope: ESCOPO_GLOBAL, run: h.sair },
  ]);
}
