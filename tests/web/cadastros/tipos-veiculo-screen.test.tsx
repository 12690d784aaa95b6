import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_TIPO_VEICULO_DESCRICAO, type TipoVeiculo } from '../../../src/contracts/veiculos';
import { fakeCadastroServer } from '../helpers/fake-cadastro-server';
import { usuario } from '../helpers/fixtures';
import { tipoVeiculo } from '../helpers/cadastro-fixtures';
import { renderApp } from '../helpers/render-app';
import { readMessages } from '../helpers/read-messages';

const abrir = (roles = ['FRETE_TVEIC_M', 'FRETE_TVEIC_C', 'FRETE_TVEIC_E', 'FRETE_TVEIC_D', 'FRETE_CTE_M']) => {
  const s = fakeCadastroServer<TipoVeiculo>('/api/tipos-veiculo', [tipoVeiculo(1, 'Carreta', { capacidade: '30000' }), tipoVeiculo(2, 'Truck')]);
  return renderApp({ caminho: '/tipos-veiculo', usuario: usuario({ roles }), rotas: s.rotas });
};
const nomes = () =>
  within(screen.getByRole('grid', { name: 'Tipos de Veículo' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0].textContent);

describe('vehicle types screen', () => {
  it('lists 50 per page and searches by description', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Carreta', {}, { timeout: 5000 });
    expect(chamadas.find((c) => c.url.startsWith('/api/tipos-veiculo?'))?.url).toContain('size=50');
    await user.type(screen.getByLabelText('Pesquisar por descrição'), 'tru{Enter}');
    await waitFor(() => expect(nomes()).toEqual(['Truck']));
    expect(chamadas.some((c) => c.url.includes('search=descricao~"tru"'))).toBe(true);
  });

  it('creates one (Alt+N, Ctrl+S) after the required-description message', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Carreta', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const dialogo = await screen.findByRole('dialog', { name: 'Novo tipo de veículo' });
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toContain(MSG_TIPO_VEICULO_DESCRICAO);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await user.type(within(dialogo).getByLabelText('Descrição'), 'Bitrem');
    await user.type(within(dialogo).getByLabelText('Código'), 'BT');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo tipo de veículo' })).not.toBeInTheDocument());
    expect(chamadas.find((c) => c.method === 'POST')?.body).toEqual({ descricao: 'Bitrem', codigo: 'BT', capacidade: null });
    await waitFor(() => expect(nomes()).toEqual(['Bitrem', 'Carreta', 'Truck']));
  });

  it('Esc closes the dialog without saving; Delete removes after confirmation', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Carreta', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Tipos de Veículo' }).focus();
    await user.keyboard('{F2}');
    await screen.findByRole('dialog', { name: 'Editar tipo de veículo' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    screen.getByRole('grid', { name: 'Tipos de Veículo' }).focus();
    await user.keyboard('{Delete}');
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('n');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(chamadas.some((c) => c.method === 'DELETE')).toBe(false);
    screen.getByRole('grid', { name: 'Tipos de Veículo' }).focus();
    await user.keyboard('{Delete}');
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('s');
    await waitFor(() => expect(nomes()).toEqual(['Truck']));
  });

  it('hides New without FRETE_TVEIC_C', async () => {
    abrir(['FRETE_TVEIC_M', 'FRETE_CTE_M']);
    await screen.findByText('Carreta', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Novo tipo de veículo/ })).not.toBeInTheDocument();
  });
});
