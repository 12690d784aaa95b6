import { css } from '../../../styled-system/css';
import { ESCOPO_GLOBAL, ESCOPO_RAIZ, type Command } from '../commands/command-registry';
import { useRegisteredCommands } from '../commands/use-registered-commands';
import { Dialog } from '../ui/dialog';
import { DialogButtons } from '../ui/dialog-buttons';
import { KeyCombo } from '../ui/key-combo';
import { Tabs } from '../ui/tabs';

const estilos = {
  tabela: css({ width: '100%', fontSize: 'sm', '& th': { textAlign: 'left', fontWeight: 'semibold', color: 'gray.600', py: '1', pr: '3' }, '& td': { py: '1', pr: '3', borderTopWidth: '1px', borderColor: 'gray.100' } }),
  secao: css({ fontSize: 'sm', fontWeight: 'semibold', mt: '3', mb: '1' }),
};

interface Linha {
  id: string;
  title: string;
  keys: string[];
}

// Keys handled by the components themselves, in every list and dialog (spec 01 §2 table). The first key is
// the command's key; the others are real alternatives (a pair like ↑ ↓ is one key cell, not a key and its
// alternative).
const LISTAS: Linha[] = [
  { id: 'lista.mover', title: 'Linha anterior / seguinte', keys: ['↑ ↓'] },
  { id: 'lista.extremos', title: 'Primeira / última linha', keys: ['Home End'] },
  { id: 'lista.pagina', title: 'Rolar uma página', keys: ['PageUp PageDown'] },
  { id: 'lista.editar', title: 'Abrir a linha selecionada', keys: ['Enter', 'F2'] },
  { id: 'lista.pesquisar', title: 'Pesquisar (nos filtros)', keys: ['Enter', 'Alt+P'] },
  { id: 'lista.grade', title: 'Ir dos filtros à grade e voltar', keys: ['Ctrl+G'] },
  { id: 'lista.select', title: 'Abrir a lista de um campo de escolha', keys: ['Alt+↓'] },
  { id: 'lista.menu', title: 'Mover no menu lateral', keys: ['↑ ↓'] },
];
const DIALOGOS: Linha[] = [
  { id: 'dialogo.salvar', title: 'Salvar', keys: ['Ctrl+S'] },
  { id: 'dialogo.fechar', title: 'Fechar (só o diálogo do topo; com alterações, pergunta antes)', keys: ['Esc'] },
  { id: 'dialogo.aba', title: 'Trocar de aba', keys: ['Alt+1 … Alt+9'] },
  { id: 'dialogo.confirmar', title: 'Responder Sim / Não', keys: ['S N'] },
];

function TabelaAtalhos({ linhas, rotulo }: { linhas: Linha[]; rotulo: string }) {
  if (linhas.length === 0) return <p>Nenhum atalho nesta tela.</p>;
  return (
    <table className={estilos.tabela} aria-label={rotulo}>
      <thead>
        <tr>
          <th scope="col">Comando</th>
          <th scope="col">Tecla</th>
          <th scope="col">Alternativa</th>
        </tr>
      </thead>
      <tbody>
        {linhas.map((l) => (
          <tr key={l.id}>
            <td>{l.title}</td>
            <td>
              <KeyCombo keys={l.keys.slice(0, 1)} />
            </td>
            <td>
              <KeyCombo keys={l.keys.slice(1)} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const comTeclas = (comandos: Command[], grupo: Command['group']) =>
  comandos.filter((c) => (c.scope === ESCOPO_RAIZ || c.scope === ESCOPO_GLOBAL) && c.group === grupo && c.keys.length > 0);

/** Spec 01 §2: two tabs of shortcuts, read from the same registry as the palette and the hotkeys. */
export function CheatSheetDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const comandos = useRegisteredCommands();
  return (
    <Dialog open={open} title="Atalhos do teclado" onClose={onClose} size="lg">
      <DialogButtons />
      <Tabs
        label="Atalhos"
        items={[
          {
            value: 'globais',
            label: 'Globais',
            content: (
              <>
                <TabelaAtalhos linhas={comTeclas(comandos, 'Geral')} rotulo="Atalhos globais" />
                <h3 className={estilos.secao}>Listas</h3>
                <TabelaAtalhos linhas={LISTAS} rotulo="Atalhos das listas" />
                <h3 className={estilos.secao}>Diálogos</h3>
                <TabelaAtalhos linhas={DIALOGOS} rotulo="Atalhos dos diálogos" />
              </>
            ),
          },
          { value: 'tela', label: 'Tela atual', content: <TabelaAtalhos linhas={comTeclas(comandos, 'Ações')} rotulo="Atalhos da tela atual" /> },
        ]}
      />
    </Dialog>
  );
}
