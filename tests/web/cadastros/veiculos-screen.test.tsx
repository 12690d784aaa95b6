import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_VEICULO_PLACA, type TipoVeiculo, type Veiculo } from '../../../src/contracts/veiculos';
import { paisDaPlaca } from '../../../src/domain/placa';
import { fakeCadastroServer } from '../helpers/fake-cadastro-server';
import { usuario } from '../helpers/fixtures';
import { tipoVeiculo, veiculo } from '../helpers/cadastro-fixtures';
import { renderApp } from '../helpers/render-app';
import { readMessages } from '../helpers/read-messages';

const TODAS = ['FRETE_VEIC_M', 'FRETE_VEIC_C', 'FRETE_VEIC_E', 'FRETE_VEIC_D', 'FRETE_CTE_M'];
const abrir = (roles = TODAS) => {
  const veiculos = fakeCadastroServer<Veiculo>('/api/veiculos', [veiculo(1, 'ABC1234'), veiculo(2, 'XYZ9876', { modelo: 'Actros', fabricante: 'Mercedes' })], undefined, (v) => ({
    ...v,
    pais: paisDaPlaca(v.placa),
    tipoVeiculo: v.tipoVeiculo && { id: v.tipoVeiculo.id, descricao: v.tipoVeiculo.id === 2 ? 'Truck' : 'Carreta' },
  }));
  const tipos = fakeCadastroServer<TipoVeiculo>('/api/tipos-veiculo', [tipoVeiculo(1, 'Carreta'), tipoVeiculo(2, 'Truck')]);
  return { ...renderApp({ caminho: '/veiculos', usuario: usuario({ roles }), rotas: [...veiculos.rotas, ...tipos.rotas] }), veiculos };
};
const placas = () =>
  within(screen.getByRole('grid', { name: 'Veículos' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0].textContent);

describe('vehicles screen', () => {
  it('lists 50 per page with type, capacity and load columns', async () => {
    const { chamadas } = abrir();
    await screen.findByText('ABC1234', {}, { timeout: 5000 });
    expect(placas()).toEqual(['ABC1234', 'XYZ9876']);
    const cabecalhos = within(screen.getByRole('grid', { name: 'Veículos' })).getAllByRole('columnheader').map((c) => c.textContent);
    expect(cabecalhos.join('|')).toMatch(/Placa.*Modelo.*Fabricante.*Tipo de veículo.*Capacidade \(m³\).*Carga \(Kg\).*Ações/);
    expect(chamadas.find((c) => c.url.startsWith('/api/veiculos?'))?.url).toContain('size=50');
  });

  it('the plate filter is upper-cased as typed (max 7) and searched with Enter', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('ABC1234', {}, { timeout: 5000 });
    const campo = screen.getByLabelText('Placa');
    await user.type(campo, 'xyz-98765');
    expect(campo).toHaveValue('XYZ9876');
    await user.type(campo, '{Enter}');
    await waitFor(() => expect(placas()).toEqual(['XYZ9876']));
    expect(chamadas.some((c) => c.url.includes('search=placa~"XYZ9876"'))).toBe(true);
  });

  it('a new vehicle: plate upper-cased, country from the plate, type by autocomplete, Ctrl+S', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('ABC1234', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const dialogo = await screen.findByRole('dialog', { name: 'Novo veículo' });
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toContain(MSG_VEICULO_PLACA);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const placa = within(dialogo).getByLabelText('Placa');
    await user.type(placa, 'bra2e19');
    expect(placa).toHaveValue('BRA2E19');
    expect(within(dialogo).getByLabelText('País')).toHaveValue('Mercosul');
    await user.type(within(dialogo).getByRole('combobox', { name: 'Tipo de veículo' }), 'tru');
    await user.click(await screen.findByRole('option', { name: 'Truck' }, { timeout: 3000 }));
    await user.type(within(dialogo).getByLabelText('Carga (Kg)'), '12,5');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo veículo' })).not.toBeInTheDocument());
    expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({ placa: 'BRA2E19', tipoVeiculo: { id: 2 }, carga: '12.5' });
    await waitFor(() => expect(placas()).toContain('BRA2E19'));
  });

  it('edits with Enter on the row and deletes after confirmation', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('ABC1234', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Veículos' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Editar veículo' });
    expect(within(dialogo).getByLabelText('Placa')).toHaveValue('ABC1234');
    expect(within(dialogo).getByLabelText('País')).toHaveValue('Brasil');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Editar veículo' })).not.toBeInTheDocument());
    screen.getByRole('grid', { name: 'Veículos' }).focus();
    await user.keyboard('{Delete}');
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(confirmacao).toHaveTextContent('Deseja excluir o veículo de placa ABC1234?');
    await user.keyboard('s');
    await waitFor(() => expect(placas()).toEqual(['XYZ9876']));
    expect(chamadas.some((c) => c.method === 'DELETE' && c.url === '/api/veiculos/1')).toBe(true);
  });

  it('hides New, Editar and Excluir without FRETE_VEIC_C/_E/_D', async () => {
    abrir(['FRETE_VEIC_M', 'FRETE_CTE_M']);
    await screen.findByText('ABC1234', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Novo veículo/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar ABC1234' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir ABC1234' })).not.toBeInTheDocument();
  });
});
