import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { FailureMessages } from '../../../src/web/app/failure-messages';
import { MotoristaDialog } from '../../../src/web/features/motoristas/motorista-dialog';
import { VeiculoDialog } from '../../../src/web/features/veiculos/veiculo-dialog';
import { json, rota, stubFetch } from '../helpers/fetch-stub';
import { motorista, veiculo } from '../helpers/cadastro-fixtures';
import { renderWithProviders } from '../helpers/render-with-providers';

// The manifest screens will open these dialogs on their own: props open, id or record, onClose, onSaved.
describe('VeiculoDialog and MotoristaDialog as self-contained components', () => {
  it('VeiculoDialog loads by id, saves and hands the saved vehicle to onSaved', async () => {
    const salvo = veiculo(8, 'QWE1234', { modelo: 'Novo modelo', versao: 1 });
    const { chamadas } = stubFetch(rota('GET', '/api/veiculos/8', () => json(veiculo(8, 'QWE1234'))), rota('POST', '/api/veiculos', () => json(salvo)));
    const onClose = vi.fn();
    const onSaved = vi.fn();
    const { user } = renderWithProviders(
      <>
        <FailureMessages />
        <VeiculoDialog open id={8} onClose={onClose} onSaved={onSaved} />
      </>,
    );
    const dialogo = await screen.findByRole('dialog', { name: 'Editar veículo' });
    const placa = await within(dialogo).findByLabelText('Placa');
    expect(placa).toHaveValue('QWE1234');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(salvo));
    expect(onClose).toHaveBeenCalled();
    expect(chamadas.find((c) => c.method === 'POST')?.body).toMatchObject({ id: 8, placa: 'QWE1234', versao: 0 });
  });

  it('MotoristaDialog takes the record at hand, without asking the server for it', async () => {
    const { chamadas } = stubFetch();
    renderWithProviders(<MotoristaDialog open registro={motorista(3, 'Paula Reis')} onClose={() => {}} />);
    const dialogo = await screen.findByRole('dialog', { name: 'Editar motorista' });
    expect(within(dialogo).getByLabelText('Nome')).toHaveValue('Paula Reis');
    expect(within(dialogo).getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(chamadas).toHaveLength(0);
  });
});
