import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useCommands } from '../../src/web/commands/use-commands';
import { Button } from '../../src/web/ui/button';
import { Dialog } from '../../src/web/ui/dialog';
import { renderWithProviders } from './helpers/render-with-providers';

function Salvar({ nome, aoSalvar }: { nome: string; aoSalvar: (n: string) => void }) {
  useCommands([{ id: `salvar-${nome}`, title: 'Salvar', group: 'Ações', keys: ['Ctrl+S'], run: () => aoSalvar(nome) }]);
  return null;
}

function Cena({ aoSalvar }: { aoSalvar: (n: string) => void }) {
  const [a, setA] = useState(false);
  const [b, setB] = useState(false);
  return (
    <>
      <Button onClick={() => setA(true)}>Abrir A</Button>
      <Dialog open={a} title="Diálogo A" onClose={() => setA(false)}>
        <Salvar nome="A" aoSalvar={aoSalvar} />
        <Button onClick={() => setB(true)}>Abrir B</Button>
        <Dialog open={b} title="Diálogo B" onClose={() => setB(false)}>
          <Salvar nome="B" aoSalvar={aoSalvar} />
          <p>conteúdo B</p>
        </Dialog>
      </Dialog>
    </>
  );
}

describe('focus stack', () => {
  it('Escape closes only the top dialog, then the one below', async () => {
    const { user } = renderWithProviders(<Cena aoSalvar={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Abrir A' }));
    await user.click(await screen.findByRole('button', { name: 'Abrir B' }));
    expect(await screen.findByRole('dialog', { name: 'Diálogo B' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Diálogo B' })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Diálogo A' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Diálogo A' })).not.toBeInTheDocument());
  });

  it('only the top layer gets the keys', async () => {
    const aoSalvar = vi.fn();
    const { user } = renderWithProviders(<Cena aoSalvar={aoSalvar} />);
    await user.click(screen.getByRole('button', { name: 'Abrir A' }));
    await user.click(await screen.findByRole('button', { name: 'Abrir B' }));
    await screen.findByText('conteúdo B');
    await user.keyboard('{Control>}s{/Control}');
    expect(aoSalvar).toHaveBeenLastCalledWith('B');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText('conteúdo B')).not.toBeInTheDocument());
    await user.keyboard('{Control>}s{/Control}');
    expect(aoSalvar).toHaveBeenLastCalledWith('A');
    expect(aoSalvar).toHaveBeenCalledTimes(2);
  });

  it('a dialog without onClose ignores Escape', async () => {
    const { user } = renderWithProviders(
      <Dialog open title="Fixo">
        <Button>dentro</Button>
      </Dialog>,
    );
    await screen.findByRole('dialog', { name: 'Fixo' });
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Fixo' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fechar' })).not.toBeInTheDocument();
  });
});
