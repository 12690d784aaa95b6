import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Autocomplete } from '../../src/web/ui/autocomplete';
import { renderWithProviders } from './helpers/render-with-providers';

// A value another field sets (the customer's city filling the destination) is not in the field's search list.
// Ark then rewrites the text from that list (""), and that rewrite must not be taken as the user emptying the field.
interface Item {
  id: number;
  nome: string;
}
const RIO: Item = { id: 3, nome: 'Rio de Janeiro/RJ' };
const buscar = async (texto: string) => [{ id: 1, nome: 'Campinas/SP' }, RIO].filter((i) => i.nome.toLowerCase().includes(texto.toLowerCase()));

function Cena() {
  const [v, setV] = useState<Item | null>(null);
  return (
    <>
      <Autocomplete label="Destino" value={v} onValueChange={setV} queryKey={['externo']} search={buscar} itemToString={(i) => i.nome} itemToValue={(i) => String(i.id)} />
      <button type="button" onClick={() => setV(RIO)}>
        Preencher
      </button>
      <output aria-label="escolhido">{v?.nome ?? '(nenhum)'}</output>
    </>
  );
}

/** Lets Ark's microtasks, the debounced search (250 ms) and its answer run. */
const assentar = () => act(() => new Promise((r) => setTimeout(r, 400)));

describe('Autocomplete: a value set from outside', () => {
  it('stays, with its text, after Ark syncs the selection against a list that lacks it', async () => {
    renderWithProviders(<Cena />);
    const campo = screen.getByRole('combobox', { name: 'Destino' });
    fireEvent.click(screen.getByRole('button', { name: 'Preencher' }));
    await assentar();
    expect(screen.getByLabelText('escolhido')).toHaveTextContent('Rio de Janeiro/RJ');
    expect(campo).toHaveValue('Rio de Janeiro/RJ');
  });

  it('stays when the user had typed in the field before (a stale "typing" reason in the sync)', async () => {
    const { user } = renderWithProviders(<Cena />);
    const campo = screen.getByRole('combobox', { name: 'Destino' });
    await user.type(campo, 'xy');
    fireEvent.click(screen.getByRole('button', { name: 'Preencher' }));
    await assentar();
    expect(screen.getByLabelText('escolhido')).toHaveTextContent('Rio de Janeiro/RJ');
    expect(campo).toHaveValue('Rio de Janeiro/RJ');
  });

  it('stays on Escape, and emptying the text still clears it', async () => {
    const { user } = renderWithProviders(<Cena />);
    const campo = screen.getByRole('combobox', { name: 'Destino' });
    fireEvent.click(screen.getByRole('button', { name: 'Preencher' }));
    await assentar();
    campo.focus();
    await user.keyboard('{Escape}');
    await assentar();
    expect(screen.getByLabelText('escolhido')).toHaveTextContent('Rio de Janeiro/RJ');
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(screen.getByLabelText('escolhido')).toHaveTextContent('(nenhum)'));
    expect(campo).toHaveValue('');
  });
});
