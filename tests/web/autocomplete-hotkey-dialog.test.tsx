import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { useCommands } from '../../src/web/commands/use-commands';
import { Autocomplete } from '../../src/web/ui/autocomplete';
import { Dialog } from '../../src/web/ui/dialog';
import { TextField } from '../../src/web/ui/text-field';
import { renderWithProviders } from './helpers/render-with-providers';
import { typeSlowly } from './helpers/type-slowly';

// A hotkey pressed while an autocomplete's list is open opens a dialog. Ark closes the list a frame later,
// when the focus has left for the dialog, and then dismissed every layer opened after the list: the dialog
// that had just opened closed at once. The dialog must stay, with the focus, and give it back on closing.

interface Cidade {
  id: number;
  nome: string;
}
const CIDADES: Cidade[] = [
  { id: 1, nome: 'Campinas/SP' },
  { id: 2, nome: 'Campo Mourão/PR' },
];
const buscar = async (texto: string) => CIDADES.filter((c) => c.nome.toLowerCase().includes(texto.toLowerCase()));

/** `antesSair`: the command first moves the focus to the page's button (a screen opening the dialog over a grid). */
function Cena({ antesSair = false }: { antesSair?: boolean }) {
  const [cidade, setCidade] = useState<Cidade | null>(null);
  const [aberto, setAberto] = useState(false);
  const [nome, setNome] = useState('');
  const abrir = () => {
    if (antesSair) document.querySelector<HTMLElement>('[data-fora]')?.focus();
    setAberto(true);
  };
  useCommands([{ id: 'teste.novo', title: 'Novo motorista', group: 'Ações', keys: ['Alt+M'], run: abrir }]);
  return (
    <>
      <button type="button" data-fora="">
        Grade
      </button>
      <Autocomplete label="Origem" value={cidade} onValueChange={setCidade} queryKey={['hotkey-dialogo']} search={buscar} itemToString={(c) => c.nome} itemToValue={(c) => String(c.id)} />
      <Dialog open={aberto} title="Novo motorista" onClose={() => setAberto(false)}>
        <TextField label="Nome" value={nome} onValueChange={setNome} />
      </Dialog>
    </>
  );
}

/** Ark's microtasks, the debounced search (250 ms) and its answer, and a few frames. */
const assentar = (ms = 400) => act(() => new Promise((r) => setTimeout(r, ms)));

/** Types into the field until its list shows the options (the list is open). */
async function abrirLista(user: UserEvent): Promise<HTMLElement> {
  const campo = screen.getByRole('combobox', { name: 'Origem' });
  await user.click(campo);
  await typeSlowly(user, 'Camp');
  expect(await screen.findByRole('option', { name: 'Campinas/SP' })).toBeInTheDocument();
  expect(campo).toHaveAttribute('aria-expanded', 'true');
  expect(campo).toHaveFocus();
  return campo;
}

/** Alt+M: the dialog opens and stays (Ark's late close of the list has had several frames), focused, the list closed. */
async function abrirDialogo(user: UserEvent, campo: HTMLElement): Promise<HTMLElement> {
  await user.keyboard('{Alt>}m{/Alt}');
  const dialogo = await screen.findByRole('dialog', { name: 'Novo motorista' });
  await assentar(200);
  expect(screen.queryByRole('dialog', { name: 'Novo motorista' })).toBe(dialogo);
  expect(within(dialogo).getByLabelText('Nome')).toHaveFocus();
  // The list does not show over the dialog (the page is hidden from the accessibility tree: look it up anyway).
  expect(screen.getByRole('listbox', { hidden: true })).not.toBeVisible();
  await user.keyboard('Ana');
  expect(within(dialogo).getByLabelText('Nome')).toHaveValue('Ana');
  return dialogo;
}

describe('a hotkey opening a dialog while an autocomplete list is open', () => {
  it('keeps the dialog open and focused; closing it gives the focus back to the field', async () => {
    const { user } = renderWithProviders(<Cena />);
    const campo = await abrirLista(user);
    await abrirDialogo(user, campo);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo motorista' })).not.toBeInTheDocument());
    await waitFor(() => expect(campo).toHaveFocus());
    // Back on the field with its text, the list closed: the user carries on where they were.
    expect(campo).toHaveValue('Camp');
    expect(campo).toHaveAttribute('aria-expanded', 'false');
  });

  it('also when the command first moves the focus out of the field (the list closes a frame later)', async () => {
    const { user } = renderWithProviders(<Cena antesSair />);
    const campo = await abrirLista(user);
    await abrirDialogo(user, campo);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo motorista' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Grade' })).toHaveFocus());
    // The focus left the field: its list closed and the text not picked went, as on Tab.
    expect(campo).toHaveAttribute('aria-expanded', 'false');
    expect(campo).toHaveValue('');
  });

});
