import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ESCOPO_GLOBAL } from '../../src/web/commands/command-registry';
import { useCommands } from '../../src/web/commands/use-commands';
import { Button } from '../../src/web/ui/button';
import { ConfirmDialog } from '../../src/web/ui/confirm-dialog';
import { Dialog } from '../../src/web/ui/dialog';
import { TextField } from '../../src/web/ui/text-field';
import { dialogoPronto } from './helpers/focar';
import { renderWithProviders } from './helpers/render-with-providers';

// A question asked over an open dialog (Ctrl+Q over a form): its S/N answer it from the moment it shows,
// also when it opens again right after the last answer. A key pressed before the focus arrived used to be
// typed into the field below (the dialogs' focus trap started a frame after the dialog appeared).

function Cena({ aoSair }: { aoSair: () => void }) {
  const [editando, setEditando] = useState(false);
  const [perguntando, setPerguntando] = useState(false);
  const [nome, setNome] = useState('');
  useCommands([{ id: 'teste:sair', title: 'Sair', group: 'Ações', keys: ['Ctrl+Q'], scope: ESCOPO_GLOBAL, run: () => setPerguntando(true) }]);
  return (
    <>
      <Button onClick={() => setEditando(true)}>Abrir</Button>
      <Dialog open={editando} title="Edição" onClose={() => setEditando(false)}>
        <TextField label="Nome" value={nome} onValueChange={setNome} />
      </Dialog>
      <ConfirmDialog open={perguntando} title="Sair" message="Sair?" onConfirm={aoSair} onCancel={() => setPerguntando(false)} />
    </>
  );
}

/** The focused element at the moment an alertdialog enters the page (seen right after React's commit). */
function focoAoSurgir(): Promise<Element | null> {
  return new Promise((resolve) => {
    const observador = new MutationObserver(() => {
      if (!document.querySelector('[role=alertdialog]')) return;
      observador.disconnect();
      resolve(document.activeElement);
    });
    observador.observe(document.body, { childList: true, subtree: true });
  });
}

describe('a question opened again over a dialog', () => {
  it('has "Não" focused as soon as it shows, each time; S and N answer it, never the field below', async () => {
    let saiu = false;
    const { user } = renderWithProviders(<Cena aoSair={() => (saiu = true)} />);
    await user.click(screen.getByRole('button', { name: 'Abrir' }));
    const campo = within(await dialogoPronto('Edição')).getByLabelText('Nome');
    await waitFor(() => expect(campo).toHaveFocus());
    await user.keyboard('Frete');

    for (const resposta of ['n', 'n', 's']) {
      const foco = focoAoSurgir();
      await user.keyboard('{Control>}q{/Control}');
      const pergunta = await screen.findByRole('alertdialog', { name: 'Sair' });
      // Not a frame later: a key pressed at once must already answer the question.
      expect(await foco).toBe(within(pergunta).getByRole('button', { name: 'Não' }));
      await user.keyboard(resposta);
      if (resposta === 'n') {
        await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
        await waitFor(() => expect(campo).toHaveFocus());
      }
    }
    await waitFor(() => expect(saiu).toBe(true));
    expect(campo).toHaveValue('Frete');
  });
});
