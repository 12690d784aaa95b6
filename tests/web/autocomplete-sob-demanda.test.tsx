import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { AutocompleteSobDemanda } from '../../src/web/ui/autocomplete-sob-demanda';
import { renderWithProviders } from './helpers/render-with-providers';

// Issue 33: a list screen's lookup filter is a plain input until first used; then the combobox takes over, with
// what was typed, the focus and the caret, and searches and picks as before.
interface Item {
  id: number;
  nome: string;
}
const CAMPINAS: Item = { id: 1, nome: 'Campinas/SP' };
const pedidos: string[] = [];
const buscar = async (texto: string) => {
  pedidos.push(texto);
  return [CAMPINAS, { id: 3, nome: 'Rio de Janeiro/RJ' }].filter((i) => i.nome.toLowerCase().includes(texto.toLowerCase()));
};

function Cena({ inicial = null }: { inicial?: Item | null }) {
  const [v, setV] = useState<Item | null>(inicial);
  return (
    <>
      <AutocompleteSobDemanda label="Origem" value={v} onValueChange={setV} queryKey={['sob-demanda']} search={buscar} itemToString={(i) => i.nome} itemToValue={(i) => String(i.id)} />
      <output aria-label="escolhido">{v?.nome ?? '(nenhum)'}</output>
    </>
  );
}

const assentar = () => act(() => new Promise((r) => setTimeout(r, 400)));

describe('AutocompleteSobDemanda', () => {
  it('types into the stand-in, goes on in the combobox with the same text and focus, and picks', async () => {
    const { user } = renderWithProviders(<Cena />);
    const substituto = screen.getByRole('combobox', { name: 'Origem' });
    expect(substituto).toHaveAttribute('placeholder', 'Digite ao menos 3 caracteres');
    await user.click(substituto);
    await user.keyboard('Ca');
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Origem' })).not.toBe(substituto));
    const campo = screen.getByRole('combobox', { name: 'Origem' });
    expect(campo).toHaveFocus();
    await user.keyboard('mp');
    expect(campo).toHaveValue('Camp');
    await assentar();
    expect(pedidos).toContain('Camp');
    await user.click(await screen.findByRole('option', { name: 'Campinas/SP' }));
    expect(screen.getByLabelText('escolhido')).toHaveTextContent('Campinas/SP');
    expect(campo).toHaveValue('Campinas/SP');
  });

  it('shows a value set before it loads, and emptying the stand-in clears it', async () => {
    const { user } = renderWithProviders(<Cena inicial={CAMPINAS} />);
    expect(screen.getByRole('combobox', { name: 'Origem' })).toHaveValue('Campinas/SP');
    await user.clear(screen.getByRole('combobox', { name: 'Origem' }));
    await assentar();
    expect(screen.getByLabelText('escolhido')).toHaveTextContent('(nenhum)');
    expect(screen.getByRole('combobox', { name: 'Origem' })).toHaveValue('');
  });
});
