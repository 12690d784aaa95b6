import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { Autocomplete } from '../../src/web/ui/autocomplete';
import { Button } from '../../src/web/ui/button';
import { Dialog, MSG_DESCARTAR_ALTERACOES } from '../../src/web/ui/dialog';
import { dialogoFechado, dialogoPronto } from './helpers/focar';
import { renderWithProviders } from './helpers/render-with-providers';
import { typeSlowly } from './helpers/type-slowly';

// Issue 28: text typed in an autocomplete but not picked was lost by Esc, Esc without "Descartar as
// alterações?". That text is an unsaved change of the dialog, like any other.

interface Cidade {
  id: number;
  nome: string;
}
const CAMPINAS: Cidade = { id: 1, nome: 'Campinas/SP' };
const buscar = async (texto: string) => [CAMPINAS, { id: 2, nome: 'Campo Mourão/PR' }].filter((c) => c.nome.toLowerCase().includes(texto.toLowerCase()));

/** The dialog's form tracks nothing itself: only the field's own text can make it dirty. */
function Cena({ inicial = null }: { inicial?: Cidade | null }) {
  const [aberto, setAberto] = useState(false);
  const [cidade, setCidade] = useState<Cidade | null>(inicial);
  return (
    <>
      <Button onClick={() => setAberto(true)}>Abrir</Button>
      <Dialog open={aberto} title="Edição" onClose={() => setAberto(false)}>
        <Autocomplete label="Origem" value={cidade} onValueChange={setCidade} queryKey={['texto-nao-escolhido']} search={buscar} itemToString={(c) => c.nome} itemToValue={(c) => String(c.id)} />
      </Dialog>
    </>
  );
}

/** Ark's microtasks, the debounced search (250 ms) and its answer. */
const assentar = () => act(() => new Promise((r) => setTimeout(r, 400)));

async function abrir(inicial?: Cidade | null) {
  const app = renderWithProviders(<Cena inicial={inicial} />);
  await app.user.click(screen.getByRole('button', { name: 'Abrir' }));
  const dialogo = await dialogoPronto('Edição');
  const campo = within(dialogo).getByRole('combobox', { name: 'Origem' });
  await waitFor(() => expect(campo).toHaveFocus());
  return { ...app, dialogo, campo };
}

/** Esc until the dialog asks or closes (the first Esc may only close the list). */
async function escEsc(user: UserEvent) {
  await user.keyboard('{Escape}');
  await assentar();
  if (!screen.queryByRole('alertdialog')) await user.keyboard('{Escape}');
  await assentar();
}

const pergunta = async () => {
  const p = await screen.findByRole('alertdialog', { name: 'Confirmação' });
  expect(p).toHaveTextContent(MSG_DESCARTAR_ALTERACOES);
  return p;
};

describe('Autocomplete: typed text not picked is an unsaved change', () => {
  it('Esc, Esc asks "Descartar as alterações?"; Não keeps the dialog and the typed text', async () => {
    const { user, campo } = await abrir();
    await typeSlowly(user, 'Camp');
    expect(await screen.findByRole('option', { name: 'Campinas/SP' })).toBeInTheDocument();
    await escEsc(user);
    const p = await pergunta();
    await user.click(within(p).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Edição' })).toBeInTheDocument();
    expect(campo).toHaveValue('Camp');
  });

  it('text changed over a picked record also asks', async () => {
    const { user, campo } = await abrir(CAMPINAS);
    expect(campo).toHaveValue('Campinas/SP');
    await user.keyboard('{End}{Backspace}{Backspace}{Backspace}');
    await assentar();
    await escEsc(user);
    await pergunta();
  });

  it('a picked option, or the text typed away again, closes at once', async () => {
    const { user, campo } = await abrir();
    await typeSlowly(user, 'Camp');
    await user.click(await screen.findByRole('option', { name: 'Campinas/SP' }));
    await waitFor(() => expect(campo).toHaveValue('Campinas/SP'));
    await user.keyboard('{Backspace}');
    await user.keyboard('P');
    await assentar();
    await escEsc(user);
    await dialogoFechado('Edição');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
