import { useEffect, useState } from 'react';
import { useCommands } from '../../src/web/commands/use-commands';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Button } from '../../src/web/ui/button';
import { Dialog } from '../../src/web/ui/dialog';
import { DialogButtons } from '../../src/web/ui/dialog-buttons';
import { Tabs } from '../../src/web/ui/tabs';
import { TextField } from '../../src/web/ui/text-field';
import { dialogoFechado, dialogoPronto } from './helpers/focar';
import { renderWithProviders } from './helpers/render-with-providers';

// Issue 28: a read-only dialog (a Fatura, a Minuta, a CT-e one may only read) opened on its × (a reflex Enter
// closed it) or on an action of its body ("Reprocessar dados fiscais"). The shared rule (DialogFrame): the
// focus starts on the body's first field or grid, else its current tab; never on the header's ×.

const quadros = (n: number) => act(() => new Promise((r) => setTimeout(r, n * 20)));

function Leitura({ acao = false }: { acao?: boolean }) {
  return (
    <>
      <Tabs
        label="Dados"
        items={[
          { value: 'a', label: 'Dados Principais', content: <p>Fatura 123, emitida em 01/10/2023.</p> },
          { value: 'b', label: 'Fretes', content: <p>Nenhum frete.</p> },
        ]}
      />
      {acao && <Button onClick={() => {}}>Reprocessar dados fiscais</Button>}
      <DialogButtons />
    </>
  );
}

/** Makes the content of a `tardio` Cena arrive (the server answered). */
let chegar = () => {};

/** `tardio`: the dialog opens on "Carregando…" and its content arrives a moment later (from the server). */
function Cena({ tardio = false, acao = false }: { tardio?: boolean; acao?: boolean }) {
  const [aberto, setAberto] = useState(false);
  const [carregado, setCarregado] = useState(!tardio);
  useEffect(() => {
    chegar = () => setCarregado(true);
  }, []);
  return (
    <>
      <Button onClick={() => setAberto(true)}>Abrir</Button>
      <Dialog open={aberto} title="Fatura" onClose={() => setAberto(false)}>
        {carregado ? <Leitura acao={acao} /> : <p>Carregando…</p>}
      </Dialog>
    </>
  );
}

const abrir = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
  const d = await dialogoPronto('Fatura');
  await quadros(3);
  return d;
};

describe('the initial focus of a read-only dialog', () => {
  it('opens on its first tab, not on the × nor on Fechar', async () => {
    renderWithProviders(<Cena />);
    const d = await abrir();
    expect(within(d).getByRole('tab', { name: 'Dados Principais' })).toHaveFocus();
  });

  it('opens on its tab, not on an action button of its body', async () => {
    renderWithProviders(<Cena acao />);
    const d = await abrir();
    expect(within(d).getByRole('tab', { name: 'Dados Principais' })).toHaveFocus();
    expect(within(d).getByRole('button', { name: 'Reprocessar dados fiscais' })).not.toHaveFocus();
  });

  it('loaded after it opened ("Carregando…"): the focus leaves the × for the first tab when the content arrives', async () => {
    renderWithProviders(<Cena tardio />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir' }));
    const d = await dialogoPronto('Fatura');
    expect(within(d).queryByRole('tab')).not.toBeInTheDocument();
    act(() => chegar());
    await waitFor(() => expect(within(d).getByRole('tab', { name: 'Dados Principais' })).toHaveFocus());
    await quadros(3);
    expect(within(d).getByRole('tab', { name: 'Dados Principais' })).toHaveFocus();
  });

  it('a form still opens on its first field (the tab only stands in until a field arrives)', async () => {
    function Formulario() {
      const [aberto, setAberto] = useState(false);
      const [nome, setNome] = useState('');
      return (
        <>
          <Button onClick={() => setAberto(true)}>Abrir</Button>
          <Dialog open={aberto} title="Fatura" onClose={() => setAberto(false)}>
            <Tabs label="Dados" items={[{ value: 'a', label: 'Dados Principais', content: <TextField label="Nome" value={nome} onValueChange={setNome} /> }]} />
          </Dialog>
        </>
      );
    }
    renderWithProviders(<Formulario />);
    const d = await abrir();
    expect(within(d).getByLabelText('Nome')).toHaveFocus();
  });

  it('a dialog above it (the palette, a question) closes: the focus is back where the dialog had put it, even if its first control is another one by now', async () => {
    function Grade() {
      return <div role="grid" tabIndex={0} aria-label="Fretes da fatura" />;
    }
    function Acima() {
      const [aberto, setAberto] = useState(false);
      useCommands([{ id: 'teste.acima', title: 'Acima', group: 'Ações', keys: ['Ctrl+J'], run: () => setAberto(true) }]);
      return (
        <Dialog open={aberto} title="Acima" onClose={() => setAberto(false)}>
          <TextField label="Busca" value="" onValueChange={() => {}} />
        </Dialog>
      );
    }
    function ComGrade() {
      const [aberto, setAberto] = useState(false);
      const [grade, setGrade] = useState(false);
      useEffect(() => {
        chegar = () => setGrade(true);
      }, []);
      return (
        <>
          <Button onClick={() => setAberto(true)}>Abrir</Button>
          <Dialog open={aberto} title="Fatura" onClose={() => setAberto(false)}>
            <Leitura />
            {grade && <Grade />}
            <Acima />
          </Dialog>
        </>
      );
    }
    const { user } = renderWithProviders(<ComGrade />);
    const d = await abrir();
    const aba = within(d).getByRole('tab', { name: 'Dados Principais' });
    expect(aba).toHaveFocus();
    // A grid arrives below the tabs (its rows loaded): it would be the dialog's first control now.
    act(() => chegar());
    await quadros(3);
    expect(aba).toHaveFocus();
    await user.keyboard('{Control>}j{/Control}');
    await dialogoPronto('Acima');
    await user.keyboard('{Escape}');
    await dialogoFechado('Acima');
    await waitFor(() => expect(aba).toHaveFocus());
    await quadros(5);
    expect(aba).toHaveFocus();
  });
});
