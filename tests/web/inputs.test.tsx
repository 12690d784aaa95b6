import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DecimalInput } from '../../src/web/ui/decimal-input';
import { NumberInput } from '../../src/web/ui/number-input';
import { DateInput } from '../../src/web/ui/date-input';
import { TextField } from '../../src/web/ui/text-field';
import { Autocomplete } from '../../src/web/ui/autocomplete';
import { renderWithProviders } from './helpers/render-with-providers';

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

describe('inputs (spec 01 §5)', () => {
  it('decimal: comma becomes dot, non-numeric removed', async () => {
    const user = userEvent.setup();
    render(<Campos />);
    await user.type(screen.getByLabelText('Peso'), '1a2,5x');
    expect(screen.getByLabelText('Peso')).toHaveValue('12.5');
  });

  it('decimal with a step rounds up to a multiple on blur', async () => {
    const user = userEvent.setup();
    render(<Campos />);
    await user.type(screen.getByLabelText('Faixa'), '1,01');
    await user.tab();
    expect(screen.getByLabelText('Faixa')).toHaveValue('1.5');
  });

  it('number: clamped to min/max, 0 when not numeric', async () => {
    const user = userEvent.setup();
    render(<Campos />);
    const dias = screen.getByLabelText('Dias');
    await user.clear(dias);
    await user.type(dias, '500');
    await user.tab();
    expect(dias).toHaveValue('180');
    await user.clear(dias);
    await user.type(dias, 'abc');
    await user.tab();
    expect(dias).toHaveValue('0');
    expect(valores().numero).toBe(0);
  });

  it('date: typed as dd/mm/yyyy, kept as ISO, refused outside 1976–2030', async () => {
    const user = userEvent.setup();
    render(<Campos />);
    const data = screen.getByLabelText('Emissão');
    await user.type(data, '05032024');
    expect(data).toHaveValue('05/03/2024');
    await user.tab();
    expect(valores().data).toBe('2024-03-05');
    await user.clear(data);
    await user.type(data, '01011975');
    await user.tab();
    expect(data).toBeInvalid();
    expect(screen.getByText(/entre 1976 e 2030/)).toBeInTheDocument();
    expect(valores().data).toBe('2024-03-05');
  });

  it('text is trimmed on blur', async () => {
    const user = userEvent.setup();
    render(<Campos />);
    await user.type(screen.getByLabelText('Nome'), '  Ana  ');
    await user.tab();
    expect(screen.getByLabelText('Nome')).toHaveValue('Ana');
  });
});

describe('Autocomplete', () => {
  it('asks the server only from the third character on', async () => {
    const buscas: string[] = [];
    const buscar = async (texto: string) => {
      buscas.push(texto);
      return [{ id: 1, nome: 'Transportes Andrade' }, { id: 2, nome: 'Andorinha Cargas' }].filter((i) => i.nome.toLowerCase().includes(texto.toLowerCase()));
    };
    function Cena() {
      const [v, setV] = useState<{ id: number; nome: string } | null>(null);
      return (
        <>
          <Autocomplete label="Transportadora" value={v} onValueChange={setV} queryKey={['teste']} search={buscar} itemToString={(i) => i.nome} itemToValue={(i) => String(i.id)} />
          <output aria-label="escolhido">{v?.nome ?? ''}</output>
        </>
      );
    }
    const { user } = renderWithProviders(<Cena />);
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
});
