import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useCommands } from '../../src/web/commands/use-commands';
import { Button } from '../../src/web/ui/button';
import { Dialog } from '../../src/web/ui/dialog';
import { TextField } from '../../src/web/ui/text-field';
import { useShowMessages } from '../../src/web/ui/use-show-messages';
import { renderWithProviders } from './helpers/render-with-providers';

// A dialog's Ctrl+S pressed before the dialog's first animation frame (a fast typist, a loaded machine):
// the "Atenção" popup it raises must be the one on top, seen and focused. Ark ran the dialog's modal work
// (hiding the page from assistive technology, the initial focus) a frame after it opened, so that work
// hid the popup opened meanwhile (and the popup hid the dialog: nothing left in the accessibility tree)
// and pulled the focus back into the dialog's field.

function Formulario() {
  const [placa, setPlaca] = useState('');
  const mostrar = useShowMessages();
  useCommands([{ id: 'teste.salvar', title: 'Salvar', group: 'Ações', keys: ['Ctrl+S'], run: () => !placa && mostrar(['A placa é obrigatória']) }]);
  return <TextField label="Placa" value={placa} onValueChange={setPlaca} />;
}

function Cena() {
  const [aberto, setAberto] = useState(false);
  return (
    <>
      <Button onClick={() => setAberto(true)}>Novo</Button>
      <Dialog open={aberto} title="Novo veículo" onClose={() => setAberto(false)}>
        <Formulario />
      </Dialog>
    </>
  );
}

/** Holds requestAnimationFrame callbacks until `soltar()` runs them in order (the frame comes late). */
function segurarQuadros() {
  const fila: FrameRequestCallback[] = [];
  const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((f) => fila.push(f));
  const caf = vi.spyOn(window, 'cancelAnimationFrame').mockImplementation((n) => void (fila[n - 1] = () => {}));
  return () => {
    raf.mockRestore();
    caf.mockRestore();
    act(() => fila.forEach((f) => f(performance.now())));
  };
}

afterEach(() => vi.restoreAllMocks());

describe('a dialog key pressed before its first frame', () => {
  it('Ctrl+S raises the popup on top: visible, focused; the dialog comes back when it closes', async () => {
    const { user } = renderWithProviders(<Cena />);
    const soltar = segurarQuadros();
    fireEvent.click(screen.getByRole('button', { name: 'Novo' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Novo veículo' });
    const campo = within(dialogo).getByLabelText('Placa');
    expect(campo).toHaveFocus();
    fireEvent.keyDown(campo, { key: 's', code: 'KeyS', ctrlKey: true });
    await waitFor(() => expect(document.querySelector('[role=alertdialog]')).not.toBeNull());
    const focados: EventTarget[] = [];
    const anotar = (e: FocusEvent) => e.target && focados.push(e.target);
    window.addEventListener('focusin', anotar, true);
    soltar();
    await new Promise((r) => setTimeout(r, 100));
    window.removeEventListener('focusin', anotar, true);

    const popup = screen.getByRole('alertdialog', { name: /Atenção/ });
    // The dialog's late frame does not pull the focus back to its field, not even for a moment.
    expect(focados.filter((el) => !(el instanceof Node && popup.contains(el)))).toEqual([]);
    expect(popup).toHaveTextContent('A placa é obrigatória');
    expect(within(popup).getByRole('button', { name: 'OK' })).toHaveFocus();
    expect(screen.queryByRole('dialog', { name: 'Novo veículo' })).not.toBeInTheDocument();

    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.querySelector('[role=alertdialog]')).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Novo veículo' })).toBe(dialogo);
    await waitFor(() => expect(campo).toHaveFocus());
  });
});
