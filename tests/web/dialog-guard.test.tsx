import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { Button } from '../../src/web/ui/button';
import { Dialog, MSG_DESCARTAR_ALTERACOES } from '../../src/web/ui/dialog';
import { DialogButtons } from '../../src/web/ui/dialog-buttons';
import { TextField } from '../../src/web/ui/text-field';
import { useUnsavedChanges } from '../../src/web/ui/use-unsaved-changes';
import { dialogoFechado, dialogoPronto } from './helpers/focar';
import { renderWithProviders } from './helpers/render-with-providers';

// The unsaved-changes guard of every editing dialog: Esc, × and Fechar never throw typed work away silently.

function Formulario() {
  const [nome, setNome] = useState('Tabela de março');
  useUnsavedChanges({ nome });
  return (
    <>
      <TextField label="Nome" value={nome} onValueChange={setNome} />
      <DialogButtons onConfirm={() => {}} />
    </>
  );
}

function Cena() {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <Button onClick={() => setAberto(true)}>Abrir</Button>
      <Dialog open={aberto} title="Edição" onClose={() => setAberto(false)}>
        <Formulario />
      </Dialog>
    </>
  );
}

async function abrir() {
  const app = renderWithProviders(<Cena />);
  await app.user.click(screen.getByRole('button', { name: 'Abrir' }));
  const dialogo = await dialogoPronto('Edição');
  return { ...app, dialogo, campo: within(dialogo).getByLabelText('Nome') };
}

const pergunta = async () => {
  const p = await screen.findByRole('alertdialog', { name: 'Confirmação' });
  expect(p).toHaveTextContent(MSG_DESCARTAR_ALTERACOES);
  await waitFor(() => expect(within(p).getByRole('button', { name: 'Não' })).toHaveFocus());
  return p;
};
const semPergunta = () => waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

describe('unsaved-changes guard', () => {
  it('Esc with nothing changed closes at once and the focus goes back to the opener', async () => {
    const { user } = await abrir();
    await user.keyboard('{Escape}');
    await dialogoFechado('Edição');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abrir' })).toHaveFocus());
  });

  it('Esc after typing asks "Descartar as alterações?"; N (and Esc on the question) keep the work and the focus', async () => {
    const { user, campo } = await abrir();
    await user.type(campo, ' revisada');
    await user.keyboard('{Escape}');
    await pergunta();
    await user.keyboard('n');
    await semPergunta();
    expect(screen.getByRole('dialog', { name: 'Edição' })).toBeInTheDocument();
    expect(campo).toHaveValue('Tabela de março revisada');
    await waitFor(() => expect(campo).toHaveFocus());

    await user.keyboard('{Escape}');
    await pergunta();
    await user.keyboard('{Escape}');
    await semPergunta();
    expect(campo).toHaveValue('Tabela de março revisada');
  });

  it('× and the Fechar button ask too; S discards and closes', async () => {
    const { user, dialogo, campo } = await abrir();
    await user.type(campo, '!');
    await user.click(within(dialogo).getByRole('button', { name: 'Fechar (Esc)' }));
    await pergunta();
    await user.keyboard('n');
    await semPergunta();
    await user.click(within(dialogo).getByRole('button', { name: 'Fechar' }));
    await pergunta();
    await user.keyboard('s');
    await dialogoFechado('Edição');
  });

  it('typing the original text back is no change: Esc closes without asking', async () => {
    const { user, campo } = await abrir();
    await user.type(campo, 'x{Backspace}');
    await user.keyboard('{Escape}');
    await dialogoFechado('Edição');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
