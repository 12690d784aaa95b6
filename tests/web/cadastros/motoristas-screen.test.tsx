import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_CPF_INVALIDO, MSG_MOTORISTA, type Motorista } from '../../../src/contracts/motoristas';
import { formatarCpf } from '../../../src/domain/cpf';
import { fakeCadastroServer } from '../helpers/fake-cadastro-server';
import { usuario } from '../helpers/fixtures';
import { motorista } from '../helpers/cadastro-fixtures';
import { renderApp } from '../helpers/render-app';
import { readMessages } from '../helpers/read-messages';

const TODAS = ['FRETE_MOTO_M', 'FRETE_MOTO_C', 'FRETE_MOTO_E', 'FRETE_MOTO_D', 'FRETE_CTE_M'];
const servidor = () =>
  fakeCadastroServer<Motorista>(
    '/api/motoristas',
    [motorista(1, 'Ana Lima'), motorista(2, 'Bruno Costa', { cpf: '11144477735', cpfFormatado: '111.444.777-35' }), motorista(3, 'Caio Inativo', { status: 'INATIVO' })],
    (m) => {
      m.status = 'INATIVO';
    },
    (m) => ({ ...m, cpfFormatado: formatarCpf(m.cpf) }),
  );
const abrir = (roles = TODAS) => {
  const s = servidor();
  return { ...renderApp({ caminho: '/motoristas', usuario: usuario({ roles }), rotas: s.rotas }), servidor: s };
};
const nomes = () =>
  within(screen.getByRole('grid', { name: 'Motoristas' }))
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0].textContent);
const mensagens = readMessages;

describe('drivers screen', () => {
  it('lists 20 per page, only ATIVO, with the formatted CPF; Ctrl+H shows the inactive ones', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Ana Lima', {}, { timeout: 5000 });
    expect(nomes()).toEqual(['Ana Lima', 'Bruno Costa']);
    expect(screen.getByText('111.444.777-35')).toBeInTheDocument();
    const lista = chamadas.find((c) => c.url.startsWith('/api/motoristas?'));
    expect(lista?.url).toContain('size=20');
    expect(lista?.url).toContain('search=status==ATIVO');
    await user.keyboard('{Control>}h{/Control}');
    await waitFor(() => expect(nomes()).toEqual(['Ana Lima', 'Bruno Costa', 'Caio Inativo']));
  });

  it('filters by name and CPF with Enter', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Ana Lima', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('CPF'), '111.444{Enter}');
    await waitFor(() => expect(nomes()).toEqual(['Bruno Costa']));
    expect(chamadas.some((c) => c.url.includes('search=cpf~"111444";status==ATIVO'))).toBe(true);
  });

  it('shows every Driver-save message before calling the server, then the invalid CPF, then saves', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Ana Lima', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const dialogo = await screen.findByRole('dialog', { name: 'Novo motorista' });
    await waitFor(() => expect(within(dialogo).getByLabelText('Nome')).toHaveFocus());
    await user.keyboard('{Control>}s{/Control}');
    // Every required-field message, verbatim.
    expect(await mensagens()).toEqual(expect.arrayContaining(Object.values(MSG_MOTORISTA)));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    const preencher = async (rotulo: string, texto: string) => {
      await user.clear(within(dialogo).getByLabelText(rotulo));
      await user.type(within(dialogo).getByLabelText(rotulo), texto);
    };
    await preencher('Nome', 'Diego Ramos');
    await preencher('CPF', '123.456.789-00');
    await preencher('RG', '22.333.444-5');
    await preencher('RNTNC', '998877');
    await preencher('Logradouro', 'Rua A, 1');
    await preencher('CEP', '01001-000');
    await preencher('Cidade', 'Campinas');
    await preencher('UF', 'sp');
    await user.keyboard('{Control>}s{/Control}');
    expect(await mensagens()).toEqual([MSG_CPF_INVALIDO]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    await preencher('CPF', '390.533.447-05');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo motorista' })).not.toBeInTheDocument());
    const post = chamadas.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({ nome: 'Diego Ramos', cpf: '39053344705', cep: '01001000', uf: 'SP', status: 'ATIVO' });
    await waitFor(() => expect(nomes()).toContain('Diego Ramos'));
  });

  it('repeated digits are an invalid CPF too', async () => {
    const { user } = abrir();
    await screen.findByText('Ana Lima', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const dialogo = await screen.findByRole('dialog', { name: 'Novo motorista' });
    await user.type(within(dialogo).getByLabelText('CPF'), '111.111.111-11');
    await user.keyboard('{Control>}s{/Control}');
    expect(await mensagens()).toContain(MSG_CPF_INVALIDO);
  });

  it('deletes (inactivates) after confirmation', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Ana Lima', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Motoristas' }).focus();
    await user.keyboard('{ArrowDown}{Delete}');
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(confirmacao).toHaveTextContent('Deseja inativar o motorista "Bruno Costa"?');
    await user.keyboard('s');
    await waitFor(() => expect(nomes()).toEqual(['Ana Lima']));
    expect(chamadas.some((c) => c.method === 'DELETE' && c.url === '/api/motoristas/2')).toBe(true);
  });

  it('without FRETE_MOTO_E the dialog has no Salvar; without _C and _D no New nor Excluir', async () => {
    const { user } = abrir(['FRETE_MOTO_M', 'FRETE_CTE_M']);
    await screen.findByText('Ana Lima', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Novo motorista/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Excluir Ana Lima' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Ana Lima' })).not.toBeInTheDocument();
    await user.keyboard('{Alt>}n{/Alt}');
    expect(screen.queryByRole('dialog', { name: 'Novo motorista' })).not.toBeInTheDocument();
  });

  it('the MotoristaDialog without FRETE_MOTO_E shows the record without Salvar', async () => {
    const { user } = abrir(['FRETE_MOTO_M', 'FRETE_MOTO_C', 'FRETE_CTE_M']);
    await screen.findByText('Ana Lima', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const dialogo = await screen.findByRole('dialog', { name: 'Novo motorista' });
    expect(within(dialogo).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });
});
