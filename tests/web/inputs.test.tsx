import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DecimalInput } from '../../src/web/ui/decimal-input';
import { NumberInput } from '../../src/web/ui/number-input';
import { DateInput } from '../../src/web/ui/date-input';
import { Dialog } from '../../src/web/ui/dialog';
import { SelectField } from '../../src/web/ui/select-field';
import { TextField } from '../../src/web/ui/text-field';
import { Autocomplete } from '../../src/web/ui/autocomplete';
import { useSaveCommand } from '../../src/web/ui/use-save-command';
import { renderWithProviders } from './helpers/render-with-providers';
import { dialogoPronto } from './helpers/focar';
import { readMessages } from './helpers/read-messages';

function Campos() {
  const [decimal, setDecimal] = useState('');
  const [passo, setPasso] = useState('');
  const [numero, setNumero] = useState(30);
  const [data, setData] = useState<string | null>(null);
  const [texto, setTexto] = useState('');
  return (
    <>
      <DecimalInput label="Peso" value={decimal} onValueChange={setDecimal} />
      <DecimalInput label="Faixa" value={passo} onValueChange={setPasso} step={0.5} />
      <NumberInput label="Dias" value={numero} onValueChange={setNumero} min={0} max={180} />
      <DateInput label="Emissão" value={data} onValueChange={setData} />
      <TextField label="Nome" value={texto} onValueChange={setTexto} />
      <output aria-label="valores">{JSON.stringify({ decimal, passo, numero, data, texto })}</output>
    </>
  );
}

const valores = () => JSON.parse(screen.getByLabelText('valores').textContent ?? '{}');
const montar = () => {
  const user = userEvent.setup();
  render(<Campos />);
  return user;
};

describe('inputs (spec 01 §5): one pt-BR rule, values count while typing', () => {
  it('decimal: non-numeric characters never show, the comma is the decimal mark, the value has a dot', async () => {
    const user = montar();
    await user.type(screen.getByLabelText('Peso'), '1a2,5x');
    expect(screen.getByLabelText('Peso')).toHaveValue('12,5');
    expect(valores().decimal).toBe('12.5');
  });

  it('decimal: "37.000" is thirty-seven thousand, shown back grouped; "1.234,56" keeps its cents', async () => {
    const user = montar();
    const peso = screen.getByLabelText('Peso');
    await user.type(peso, '37.000');
    expect(valores().decimal).toBe('37000');
    await user.tab();
    expect(peso).toHaveValue('37.000');
    await user.clear(peso);
    await user.type(peso, '1234,56');
    await user.tab();
    expect(peso).toHaveValue('1.234,56');
    expect(valores().decimal).toBe('1234.56');
  });

  it('decimal with a step rounds up to a multiple on blur', async () => {
    const user = montar();
    await user.type(screen.getByLabelText('Faixa'), '1,01');
    await user.tab();
    expect(screen.getByLabelText('Faixa')).toHaveValue('1,5');
    expect(valores().passo).toBe('1.5');
  });

  it('number: clamped to min/max (at once, shown on blur), 0 when not numeric', async () => {
    const user = montar();
    const dias = screen.getByLabelText('Dias');
    await user.clear(dias);
    await user.type(dias, '500');
    expect(valores().numero).toBe(180);
    await user.tab();
    expect(dias).toHaveValue('180');
    await user.clear(dias);
    await user.type(dias, 'abc');
    await user.tab();
    expect(dias).toHaveValue('0');
    expect(valores().numero).toBe(0);
  });

  it('date: a complete date counts without leaving the field; one outside 1976–2030 is flagged and not kept', async () => {
    const user = montar();
    const data = screen.getByLabelText('Emissão');
    await user.type(data, '05032024');
    expect(data).toHaveValue('05/03/2024');
    expect(valores().data).toBe('2024-03-05');
    await user.clear(data);
    expect(valores().data).toBeNull();
    await user.type(data, '01011975');
    await user.tab();
    expect(data).toBeInvalid();
    expect(screen.getByText(/entre 1976 e 2030/)).toBeInTheDocument();
    expect(valores().data).toBeNull();
  });

  it('text is trimmed on blur', async () => {
    const user = montar();
    await user.type(screen.getByLabelText('Nome'), '  Ana  ');
    await user.tab();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');
  });
});

/** A dialog whose Ctrl+S takes what the fields hold: no field is left before saving. */
function FormularioDeTeste({ aoSalvar }: { aoSalvar: (v: unknown) => void }) {
  const [valor, setValor] = useState('');
  const [dias, setDias] = useState(30);
  const [data, setData] = useState<string | null>('2026-01-10');
  useSaveCommand('Salvar', () => ({ valor, dias, data }), () => [], aoSalvar);
  return (
    <>
      <DecimalInput label="Valor" value={valor} onValueChange={setValor} />
      <NumberInput label="Desde a entrega" value={dias} onValueChange={setDias} min={1} max={999} />
      <DateInput label="Data de despacho" value={data} onValueChange={setData} />
    </>
  );
}

describe('typed, then saved without leaving the field', () => {
  const abrir = async () => {
    const aoSalvar = vi.fn();
    const { user } = renderWithProviders(
      <Dialog open title="Teste" onClose={() => {}}>
        <FormularioDeTeste aoSalvar={aoSalvar} />
      </Dialog>,
    );
    await dialogoPronto('Teste');
    return { user, aoSalvar };
  };

  it('Ctrl+S right after typing saves the decimal, the number and the date as typed', async () => {
    const { user, aoSalvar } = await abrir();
    await user.type(screen.getByLabelText('Valor'), '37.000');
    await user.clear(screen.getByLabelText('Desde a entrega'));
    await user.type(screen.getByLabelText('Desde a entrega'), '3');
    const data = screen.getByLabelText('Data de despacho');
    await user.clear(data);
    await user.type(data, '14102026{Control>}s{/Control}');
    expect(aoSalvar).toHaveBeenCalledWith({ valor: '37000', dias: 3, data: '2026-10-14' });
  });

  it('an impossible date (31/02/2026) refuses the save with its message instead of using the last valid one', async () => {
    const { user, aoSalvar } = await abrir();
    const data = screen.getByLabelText('Data de despacho');
    await user.clear(data);
    await user.type(data, '31022026{Control>}s{/Control}');
    expect(await readMessages()).toEqual(['Data de despacho: "31/02/2026" não é uma data válida (dd/mm/aaaa, entre 1976 e 2030).']);
    expect(aoSalvar).not.toHaveBeenCalled();
  });
});

interface Item {
  id: number;
  nome: string;
}
const ITENS: Item[] = [
  { id: 1, nome: 'Transportes Andrade' },
  { id: 2, nome: 'Andorinha Cargas' },
];
const buscarItens = async (texto: string) => ITENS.filter((i) => i.nome.toLowerCase().includes(texto.toLowerCase()));

describe('Autocomplete', () => {
  function Cena({ buscar = buscarItens, inicial = null }: { buscar?: (t: string) => Promise<Item[]>; inicial?: Item | null }) {
    const [v, setV] = useState<Item | null>(inicial);
    return (
      <>
        <Autocomplete label="Transportadora" value={v} onValueChange={setV} queryKey={['teste']} search={buscar} itemToString={(i) => i.nome} itemToValue={(i) => String(i.id)} />
        <output aria-label="escolhido">{v?.nome ?? '(nenhum)'}</output>
      </>
    );
  }

  it('asks the server only from the third character on', async () => {
    const buscas: string[] = [];
    const { user } = renderWithProviders(<Cena buscar={(t) => (buscas.push(t), buscarItens(t))} />);
    const campo = screen.getByRole('combobox', { name: 'Transportadora' });
    await user.type(campo, 'an');
    await new Promise((r) => setTimeout(r, 350));
    expect(buscas).toEqual([]);
    await user.type(campo, 'd');
    const opcao = await screen.findByRole('option', { name: 'Transportes Andrade' });
    expect(buscas).toEqual(['and']);
    await user.click(opcao);
    await waitFor(() => expect(screen.getByLabelText('escolhido')).toHaveTextContent('Transportes Andrade'));
  });

  it('a picked value is cleared with Ctrl+A, Backspace: the empty value is what the form holds', async () => {
    const { user } = renderWithProviders(<Cena inicial={ITENS[0]} />);
    const campo = screen.getByRole('combobox', { name: 'Transportadora' });
    expect(campo).toHaveValue('Transportes Andrade');
    campo.focus();
    await user.keyboard('{Control>}a{/Control}{Backspace}');
    await waitFor(() => expect(screen.getByLabelText('escolhido')).toHaveTextContent('(nenhum)'));
    await user.tab();
    expect(campo).toHaveValue('');
  });

  it('an "add" field clears its text after each pick and keeps the focus for the next one', async () => {
    function Lista() {
      const [itens, setItens] = useState<Item[]>([]);
      return (
        <>
          <Autocomplete<Item>
            label="Adicionar"
            value={null}
            limparAoEscolher
            onValueChange={(i) => i && setItens((l) => [...l, i])}
            queryKey={['lista']}
            search={buscarItens}
            itemToString={(i) => i.nome}
            itemToValue={(i) => String(i.id)}
          />
          <output aria-label="lista">{itens.map((i) => i.nome).join(', ')}</output>
        </>
      );
    }
    const { user } = renderWithProviders(<Lista />);
    const campo = screen.getByRole('combobox', { name: 'Adicionar' });
    await user.type(campo, 'and');
    await screen.findByRole('option', { name: 'Andorinha Cargas' });
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');
    await waitFor(() => expect(screen.getByLabelText('lista')).toHaveTextContent('Andorinha Cargas'));
    expect(campo).toHaveValue('');
    expect(campo).toHaveFocus();
  });
});

describe('SelectField in a search form', () => {
  it('Enter runs the search instead of opening the list, and the focus stays on the select', async () => {
    const procurar = vi.fn();
    function Filtros() {
      const [status, setStatus] = useState('');
      return (
        <form
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            procurar(status);
          }}
        >
          <SelectField label="Status" value={status} onValueChange={setStatus} options={[{ value: '', label: 'Todos' }, { value: 'LIDO', label: 'Lido' }]} />
        </form>
      );
    }
    const user = userEvent.setup();
    render(<Filtros />);
    const campo = screen.getByLabelText('Status');
    await user.selectOptions(campo, 'LIDO');
    campo.focus();
    await user.keyboard('{Enter}');
    expect(procurar).toHaveBeenCalledWith('LIDO');
    expect(within(screen.getByRole('search')).getByLabelText('Status')).toHaveFocus();
  });
});
