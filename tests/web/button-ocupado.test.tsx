import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { Button } from '../../src/web/ui/button';
import { renderWithProviders } from './helpers/render-with-providers';

// A button whose own work is running (a CSV download) keeps the focus of the user who pressed it: marked
// busy and ignoring activation, not disabled (a disabled button drops the focus, and the focus keeper then
// moves it to a neighbour: an e2e journey found the user on the grid after a download).

function Tela({ trabalho }: { trabalho: () => Promise<void> }) {
  const [ocupado, setOcupado] = useState(false);
  const rodar = () => {
    setOcupado(true);
    void trabalho().finally(() => setOcupado(false));
  };
  return (
    <>
      <Button ocupado={ocupado} onClick={rodar}>
        Baixar CSV
      </Button>
      <Button>Outro</Button>
    </>
  );
}

describe('Button ocupado', () => {
  it('keeps the focus while busy, ignores a second press, and is usable again when done', async () => {
    let terminar = () => {};
    const trabalho = vi.fn(() => new Promise<void>((r) => (terminar = r)));
    const { user } = renderWithProviders(<Tela trabalho={trabalho} />);
    const botao = screen.getByRole('button', { name: 'Baixar CSV' });
    botao.focus();
    await user.keyboard('{Enter}');
    expect(botao).toHaveAttribute('aria-disabled', 'true');
    expect(botao).toHaveAttribute('aria-busy', 'true');
    await new Promise((r) => setTimeout(r, 50));
    expect(botao).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(trabalho).toHaveBeenCalledTimes(1);
    terminar();
    await vi.waitFor(() => expect(botao).not.toHaveAttribute('aria-disabled'));
    await user.keyboard('{Enter}');
    expect(trabalho).toHaveBeenCalledTimes(2);
    expect(botao).toHaveFocus();
  });
});
