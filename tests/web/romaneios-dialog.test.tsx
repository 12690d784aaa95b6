import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mensagemItemIncompleto, MSG_MOTORISTA_OBRIGATORIO, MSG_ROMANEIO_SEM_ITEM, MSG_VEICULO_DA_LISTA } from '../../src/contracts/romaneios';
import { MSG_NOTA_REPETIDA } from '../../src/web/features/romaneios/romaneio-frete-form';
import { MSG_INFORME_NOTA, mensagemNotaNaoEncontrada } from '../../src/web/features/romaneios/use-busca-nota-fiscal';
import { fakeRomaneiosServer, romaneioLinha } from './helpers/fake-romaneios-server';
import type { Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';
import { typeSlowly } from './helpers/type-slowly';

const ROLES = ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E', 'FRETE_MOTO_C', 'FRETE_VEIC_C'];
const abrir = () => {
  const servidor = fakeRomaneiosServer({ linhas: [romaneioLinha(1)] });
  return { ...renderApp({ caminho: '/romaneios', usuario: usuario({ roles: ROLES }), rotas: servidor.rotas }), servidor };
};
type User = ReturnType<typeof abrir>['user'];
const pronto = () => screen.findByText('101', {}, { timeout: 15_000 });
const salvos = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'POST' && c.url === '/api/romaneios');
const NOVO = 'Novo romaneio de frete — Expedição';

async function novoRomaneio(user: User) {
  await pronto();
  await user.keyboard('{Alt>}n{/Alt}');
  return dialogoPronto(NOVO);
}

/** Alt+A: the item's dialog; the invoice typed and looked up with Enter; then `depois` (other keys) and Ctrl+S. */
async function adicionarNota(user: User, nf: string, depois = '') {
  await user.keyboard('{Alt>}a{/Alt}');
  const item = await dialogoPronto('Novo item');
  expect(within(item).getByLabelText('Nº da nota fiscal')).toHaveFocus();
  await user.keyboard(`${nf}{Enter}`);
  await waitFor(() => expect(within(item).getByText(/CNPJ da transportadora/).nextSibling).toHaveTextContent('11222333000181'));
  if (depois) await user.keyboard(depois);
  return item;
}

describe('Freight-cost manifest dialog', () => {
  it('builds a new manifest by keyboard: driver picked, freight value, two invoices through the ERP lookups, shares, save', async () => {
    const { user, chamadas } = abrir();
    const d = await novoRomaneio(user);
    const motorista = within(d).getByRole('combobox', { name: 'Motorista' });
    expect(motorista).toHaveFocus();
    await typeSlowly(user, 'Joã');
    await within(d).findByRole('option', { name: /João da Silva/ });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(motorista).toHaveValue('João da Silva (529.982.247-25)');
    await focar(within(d).getByLabelText('Valor do frete'));
    await user.keyboard('400');
    await user.tab();
    await user.keyboard('35,5');

    const item = await adicionarNota(user, '5001');
    expect(chamadas.find((c) => c.url.startsWith('/api/romaneios/contains-nf/5001'))?.url).toBe('/api/romaneios/contains-nf/5001');
    for (const url of ['/api/romaneios/nota-fiscal/5001', '/api/romaneios/nota-fiscal-itens/5001', '/api/romaneios/cliente-pedido/700']) expect(chamadas.some((c) => c.url === url)).toBe(true);
    expect(within(item).getByText('Papelaria Central Ltda · 11444777000161')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByLabelText('Peso (Kg)')).toHaveValue('1.200,500'));
    expect(within(item).getByLabelText('Valor da nota fiscal')).toHaveValue('4.000,00');
    // The whole freight while it is the only item, then by line value (3000 : 1000).
    expect(within(item).getByText('Frete rateado do item').nextSibling).toHaveTextContent('R$ 400,00');
    const linhas = within(within(item).getByRole('grid', { name: 'Linhas da nota fiscal' })).getAllByRole('row').slice(1);
    expect(linhas.map((l) => within(l).getAllByRole('gridcell').at(-1)?.textContent)).toEqual(['R$ 300,00', 'R$ 100,00']);
    await user.tab();
    await user.tab();
    await user.keyboard('12{Control>}s{/Control}');
    await dialogoFechado('Novo item');
    expect(screen.getByRole('tab', { name: 'Itens' })).toHaveAttribute('aria-selected', 'true');

    await adicionarNota(user, '5002', '{Control>}s{/Control}');
    await dialogoFechado('Novo item');
    const grade = within(d).getByRole('grid', { name: 'Itens do romaneio' });
    const celulas = within(grade)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('gridcell').slice(0, 8).map((c) => c.textContent));
    expect(celulas).toEqual([
      ['1', '5001', '700', 'Papelaria Central Ltda', '12', '1.200,500', 'R$ 4.000,00', 'R$ 240,04'],
      ['2', '5002', 'Sem pedido', '11444777000161', '', '800,000', 'R$ 500,00', 'R$ 159,96'],
    ]);
    expect(within(d).getByRole('status', { name: 'Totais dos itens' })).toHaveTextContent('Itens: 2 · Peso total: 2.000,500 Kg · Valor das notas: R$ 4.500,00 · Frete rateado: R$ 400,00');

    await user.keyboard('{Control>}s{/Control}');
    await dialogoPronto('Romaneio de frete 191 — Expedição');
    const corpo = salvos(chamadas)[0].body as Record<string, unknown>;
    expect(corpo).toMatchObject({ status: 'EXPEDICAO', motorista: { id: 5 }, veiculo: null, valorFrete: '400', valorPedagio: '35.5', valorColeta: null, versao: 0 });
    expect(corpo).not.toHaveProperty('id');
    expect(corpo.itens).toEqual([
      {
        notaFiscalId: '5001',
        pedidoId: '700',
        volumes: '12',
        peso: '1200.500',
        valorNotaFiscal: '4000.00',
        cliente: '11444777000161',
        transportadora: '11222333000181',
        semPedido: false,
        detalhes: [
          { linha: '1', descricao: 'Papel A4', quantidade: '10', unidade: 'CX', valorTotalItem: '3000.00' },
          { linha: '2', descricao: 'Envelope', quantidade: '10', unidade: 'CX', valorTotalItem: '1000.00' },
        ],
      },
      expect.objectContaining({ notaFiscalId: '5002', pedidoId: null, semPedido: true, volumes: null }),
    ]);
    expect(await screen.findByText('Romaneio 191 salvo.')).toBeInTheDocument();
    expect(within(grade).getByText('Papelaria Central Ltda')).toBeInTheDocument();
    expect(within(d).getByRole('button', { name: /Enviar para faturamento/ })).toBeEnabled();
    // Saved: nothing to discard, Esc closes at once and the list shows the new one.
    await user.keyboard('{Escape}');
    await dialogoFechado(/Romaneio de frete/);
    expect(await screen.findByText('191')).toBeInTheDocument();
  });

  it("refuses a driver not picked ('O motorista é obrigatório'), a vehicle typed and not picked, and no items, all at once", async () => {
    const { user, chamadas } = abrir();
    const d = await novoRomaneio(user);
    await typeSlowly(user, 'Jo');
    await focar(within(d).getByRole('combobox', { name: 'Veículo' }));
    await typeSlowly(user, 'XYZ9');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_VEICULO_DA_LISTA, MSG_MOTORISTA_OBRIGATORIO, MSG_ROMANEIO_SEM_ITEM]);
    expect(salvos(chamadas)).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    // The item's own checks: an invoice is needed; weight and value too.
    await user.keyboard('{Alt>}a{/Alt}');
    const item = await dialogoPronto('Novo item');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_INFORME_NOTA]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(item).getByLabelText('Nº da nota fiscal')).toHaveFocus());
    await user.keyboard('5002{Enter}');
    await waitFor(() => expect(within(item).getByLabelText('Peso (Kg)')).toHaveValue('800,000'));
    await focar(within(item).getByLabelText('Peso (Kg)'));
    await user.keyboard('{Control>}a{/Control}{Backspace}{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([mensagemItemIncompleto(1)]);
    expect(chamadas.some((c) => c.url === '/api/romaneios/nota-fiscal/5002')).toBe(true);
  });

  it('refuses an invoice already in this manifest, one held by another manifest (contains-nf) and one the ERP does not know', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(screen.getByRole('grid', { name: 'Romaneios de frete' }));
    await user.keyboard('{Enter}');
    await dialogoPronto('Romaneio de frete 101 — Expedição');
    await user.keyboard('{Alt>}a{/Alt}');
    const item = await dialogoPronto('Novo item');
    const nf = within(item).getByLabelText('Nº da nota fiscal');
    const tentar = async (numero: string) => {
      await user.clear(nf);
      await user.keyboard(`${numero}{Enter}`);
      const mensagens = await readMessages(/Advertência/);
      await user.keyboard('{Enter}');
      await waitFor(() => expect(nf).toHaveFocus());
      return mensagens;
    };
    expect(await tentar('5001')).toEqual([MSG_NOTA_REPETIDA]);
    expect(chamadas.some((c) => c.url.includes('/contains-nf/5001'))).toBe(false);
    expect(await tentar('6000')).toEqual(['Esta nota fiscal já está presente no romaneio 44.']);
    expect(chamadas.find((c) => c.url.includes('/contains-nf/6000'))?.url).toBe('/api/romaneios/contains-nf/6000?romaneio=1');
    expect(await tentar('9999')).toEqual([mensagemNotaNaoEncontrada('9999')]);
    // A 404 of the ERP is the dialog's message, not the "unavailable" one.
    expect(screen.queryByRole('alertdialog', { name: /indispon/i })).not.toBeInTheDocument();
  });

  it('creates a driver from inside (Alt+M): the new driver comes back picked and the focus is on its field again', async () => {
    const { user, chamadas } = abrir();
    const d = await novoRomaneio(user);
    expect(within(d).getByRole('button', { name: /Novo motorista/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+M');
    // With the driver list open (the typed name is not there): the list closes first, the dialog stays.
    await typeSlowly(user, 'Mar');
    await within(d).findByRole('option', { name: /João da Silva/ });
    await user.keyboard('{Alt>}m{/Alt}');
    const cadastro = await dialogoPronto('Novo motorista');
    const campos: [string, string][] = [
      ['Nome', 'Maria Souza'],
      ['CPF', '52998224725'],
      ['RG', '1234567'],
      ['RNTNC', '998877'],
      ['Logradouro', 'Rua A, 1'],
      ['CEP', '01001000'],
      ['Cidade', 'São Paulo'],
      ['UF', 'SP'],
    ];
    for (const [rotulo, valor] of campos) {
      await focar(within(cadastro).getByLabelText(rotulo));
      await user.keyboard(valor);
    }
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo motorista');
    expect(chamadas.find((c) => c.method === 'POST' && c.url === '/api/motoristas')?.body).toMatchObject({ nome: 'Maria Souza', cpf: '52998224725' });
    const motorista = within(d).getByRole('combobox', { name: 'Motorista' });
    await waitFor(() => expect(motorista).toHaveValue('Maria Souza (529.982.247-25)'));
    await waitFor(() => expect(motorista).toHaveFocus());
    // Closing without saving leaves the field as it was.
    await user.keyboard('{Alt>}m{/Alt}');
    await dialogoPronto('Novo motorista');
    await user.keyboard('{Escape}');
    await dialogoFechado('Novo motorista');
    expect(motorista).toHaveValue('Maria Souza (529.982.247-25)');
  });
});
