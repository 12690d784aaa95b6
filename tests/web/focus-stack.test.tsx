import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { useCommands } from '../../src/web/commands/use-commands';
import { Button } from '../../src/web/ui/button';
import { Dialog } from '../../src/web/ui/dialog';
import { Tabs } from '../../src/web/ui/tabs';
import { TextField } from '../../src/web/ui/text-field';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
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
    await dialogoFechado('Diálogo B');
    expect(screen.getByRole('dialog', { name: 'Diálogo A' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    await dialogoFechado('Diálogo A');
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
    expect(screen.queryByRole('button', { name: /Fechar/ })).not.toBeInTheDocument();
  });
});

describe('focus never drops to the page body', () => {
  it('a dialog opens on its first field, not on its tab header nor its close button', async () => {
    renderWithProviders(
      <Dialog open title="Com abas" onClose={() => {}}>
        <Tabs
          label="Abas"
          items={[
            { value: 'a', label: 'Dados', content: <TextField label="Nome" value="" onValueChange={() => {}} /> },
            { value: 'b', label: 'Outros', content: <p>b</p> },
          ]}
        />
      </Dialog>,
    );
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveFocus());
  });

  it('a form that arrives after the dialog opened (loaded) takes the focus on its first field', async () => {
    function Carregando() {
      const [pronto, setPronto] = useState(false);
      useEffect(() => void setTimeout(() => setPronto(true), 150), []);
      return pronto ? <TextField label="Descrição" value="" onValueChange={() => {}} /> : <p>Carregando…</p>;
    }
    renderWithProviders(
      <Dialog open title="Tardio" onClose={() => {}}>
        <Carregando />
      </Dialog>,
    );
    await waitFor(() => expect(screen.getByLabelText('Descrição')).toHaveFocus());
  });

  it('closing a nested dialog gives the focus back to the control that opened it, not the first field', async () => {
    const { user } = renderWithProviders(<Cena aoSalvar={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Abrir A' }));
    const abrirB = await screen.findByRole('button', { name: 'Abrir B' });
    await focar(abrirB);
    await user.keyboard('{Enter}');
    await dialogoPronto('Diálogo B');
    await user.keyboard('{Escape}');
    await dialogoFechado('Diálogo B');
    await waitFor(() => expect(abrirB).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Abrir A' })).toHaveFocus());
  });

  it('a focused button that becomes disabled hands the focus to the next control (Próxima → OK)', async () => {
    function Paginas() {
      const [pagina, setPagina] = useState(0);
      return (
        <Dialog
          open
          title="Novidades"
          footer={
            <>
              <Button disabled={pagina >= 1} onClick={() => setPagina(1)}>
                Próxima
              </Button>
              <Button>OK</Button>
            </>
          }
        >
          <p>página {pagina + 1}</p>
        </Dialog>
      );
    }
    const { user } = renderWithProviders(<Paginas />);
    const proxima = await screen.findByRole('button', { name: 'Próxima' });
    await focar(proxima);
    await user.keyboard('{Enter}');
    await screen.findByText('página 2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'OK' })).toHaveFocus());
  });

  it('a focused control that disappears hands the focus to the dialog, never to the body', async () => {
    function Some() {
      const [visivel, setVisivel] = useState(true);
      return (
        <Dialog open title="Some" onClose={() => {}}>
          <TextField label="Campo" value="" onValueChange={() => {}} />
          {visivel && <Button onClick={() => setVisivel(false)}>Remover-me</Button>}
        </Dialog>
      );
    }
    const { user } = renderWithProviders(<Some />);
    await focar(await screen.findByRole('button', { name: 'Remover-me' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Campo')).toHaveFocus());
  });
});
