import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_LIMITE_PESO_VEICULO } from '../../src/contracts/romaneios';
import { janelaOrdensServico } from '../../src/domain/ordens-servico/janela-ordens-servico';
import { MSG_CAMPOS_TRAVADOS } from '../../src/web/features/romaneios/os/romaneio-os-main-tab';
import { escolherOpcao, fakeRomaneiosOsServer, salvamentos } from './helpers/fake-romaneios-os-server';
import type { Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

const TITULO = 'Novo romaneio de O.S. — Expedição';
const TITULO_PICKER = 'Adicionar itens — Expresso Andrade Ltda';

function abrir() {
  const servidor = fakeRomaneiosOsServer();
  return { ...renderApp({ caminho: '/romaneios?aba=os', usuario: usuario({ roles: ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'] }), rotas: servidor.rotas }), servidor };
}
type Usuario = ReturnType<typeof abrir>['user'];
const chamou = (chamadas: Chamada[], inicio: string) => chamadas.filter((c) => c.url.startsWith(inicio));
const celulas = (grade: HTMLElement) =>
  within(grade)
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell').map((c) => c.textContent));

/** A new manifest with carrier, driver, seal and vehicle type (origin and destination come preset), on its Items tab. */
async function novoComCabecalho(user: Usuario) {
  await screen.findByRole('grid', { name: 'Romaneios de O.S.' }, { timeout: 15_000 });
  await focar(screen.getByRole('grid', { name: 'Romaneios de O.S.' }));
  await user.keyboard('{Alt>}n{/Alt}');
  const d = await dialogoPronto(TITULO);
  await escolherOpcao(user, within(d).getByRole('combobox', { name: 'Transportadora' }), 'Expr', 'Expresso Andrade Ltda');
  await escolherOpcao(user, within(d).getByRole('combobox', { name: 'Motorista' }), 'Joã', 'João da Silva (529.982.247-25)');
  await user.type(within(d).getByLabelText('Número do lacre'), 'L-9');
  await escolherOpcao(user, within(d).getByRole('combobox', { name: 'Tipo de veículo' }), 'Tru', 'Truck');
  await user.keyboard('{Alt>}2{/Alt}');
  await waitFor(() => expect(within(d).getByRole('button', { name: /Adicionar itens/ })).toBeEnabled());
  return d;
}

/** Alt+A, the rows `marcar` (0-based) marked with Space, Ctrl+S. */
async function escolher(user: Usuario, nomeGrade: string, marcar: number[], antes?: () => Promise<void>) {
  await user.keyboard('{Alt>}a{/Alt}');
  const picker = await dialogoPronto(TITULO_PICKER);
  await antes?.();
  const grade = await within(picker).findByRole('grid', { name: nomeGrade });
  await within(grade).findAllByRole('checkbox');
  await focar(grade);
  let atual = 0;
  for (const n of marcar) {
    await user.keyboard(`${'{ArrowDown}'.repeat(n - atual)} `);
    atual = n;
  }
  await user.keyboard('{Control>}s{/Control}');
  await dialogoFechado(TITULO_PICKER);
}

describe('Romaneio de O.S.: items', () => {
  it('picks O.S. lines of the carrier (an O.S. is one item), fills their weights; the weight warning shows live and the header locks', async () => {
    const { user, chamadas } = abrir();
    const d = await novoComCabecalho(user);
    expect(within(d).queryByText(MSG_LIMITE_PESO_VEICULO)).not.toBeInTheDocument();
    await escolher(user, 'Ordens de serviço', [0, 1, 2], async () => {
      const picker = screen.getByRole('dialog', { name: TITULO_PICKER });
      const cabecalhos = within(await within(picker).findByRole('grid', { name: 'Ordens de serviço' })).getAllByRole('columnheader');
      expect(cabecalhos.map((c) => c.textContent).slice(1)).toEqual(['O.S.', 'Pedido', 'Item', 'Cliente', 'Produto', 'Quantidade', 'Entrega', 'Frete', 'm²', 'Produzida']);
    });
    const { inicio, fim } = janelaOrdensServico();
    const q = new URL(chamou(chamadas, '/api/ordens-servico/ordens-servico-transportadora')[0].url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ transportadora: '7', inicio, fim });
    expect(chamou(chamadas, '/api/ordens-servico/preencher-dados-peso-volume/').map((c) => c.url)).toEqual([
      '/api/ordens-servico/preencher-dados-peso-volume/601',
      '/api/ordens-servico/preencher-dados-peso-volume/602',
    ]);
    const itens = within(d).getByRole('grid', { name: 'Itens' });
    expect(celulas(itens).map((c) => c.slice(0, 10))).toEqual([
      ['1', 'Expedido', '601', 'P601', 'Tintas do Vale Ltda', '12/03/2025', '', '700,000', '6', 'R$ 100,00'],
      ['2', 'Expedido', '602', 'P602', 'Tintas do Vale Ltda', '12/03/2025', '', '450,000', '6', 'R$ 50,00'],
    ]);
    // 1.150 kg over the Truck's 1.000 kg: a warning, not a block.
    expect(within(d).getByText(MSG_LIMITE_PESO_VEICULO)).toHaveAttribute('role', 'status');
    expect(within(d).getByRole('status', { name: 'Peso bruto total' })).toHaveTextContent('Peso bruto total: 1.150,000 Kg (limite do veículo: 1.000,000 Kg)');
    await user.keyboard('{Alt>}1{/Alt}');
    expect(await within(d).findByText(MSG_CAMPOS_TRAVADOS)).toBeInTheDocument();
    for (const nome of ['Transportadora', 'Tipo de veículo', 'Município de origem', 'Município de destino']) expect(within(d).getByRole('combobox', { name: nome })).toBeDisabled();
    expect(within(d).getByRole('combobox', { name: 'Motorista' })).toBeEnabled();
  });

  it('an item added since opening is removed (not cancelled); with none left the header unlocks', async () => {
    const { user } = abrir();
    const d = await novoComCabecalho(user);
    await escolher(user, 'Ordens de serviço', [2]);
    const itens = within(d).getByRole('grid', { name: 'Itens' });
    await focar(itens);
    await user.keyboard('{Delete}');
    expect((await screen.findByRole('alertdialog', { name: 'Confirmação' })).querySelector('p')?.textContent).toBe('Remover o item 1 do romaneio?');
    await user.keyboard('s');
    await waitFor(() => expect(within(itens).getByText('Nenhum registro encontrado')).toBeInTheDocument());
    await user.keyboard('{Alt>}1{/Alt}');
    await waitFor(() => expect(within(d).getByRole('combobox', { name: 'Transportadora' })).toBeEnabled());
    expect(within(d).queryByText(MSG_CAMPOS_TRAVADOS)).not.toBeInTheDocument();
  });

  it('saves the picked items; the server\'s weight warning is shown after the save', async () => {
    const { user, chamadas } = abrir();
    await novoComCabecalho(user);
    await escolher(user, 'Ordens de serviço', [0, 2]);
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_LIMITE_PESO_VEICULO]);
    await dialogoFechado(TITULO);
    const [corpo] = salvamentos(chamadas);
    expect(corpo).toMatchObject({ status: 'EXPEDICAO', transportadora: { id: 7 }, motorista: { id: 3 }, lacre: 'L-9', tipoVeiculo: { id: 2 }, origem: { id: 41 }, destino: { id: 35 } });
    expect(corpo.itens).toEqual([
      expect.objectContaining({ origem: 'OS', status: 'EXPEDIDO', ordensServico: ['601'], pedidoId: 'P601', itemId: 'A1', pesoBruto: '700.000', quantidadeM2: '3.8', frete: '50.00', dataEntrega: '2025-03-12' }),
      expect.objectContaining({ origem: 'OS', status: 'EXPEDIDO', ordensServico: ['602'], pesoBruto: '450.000', volumes: 6, unidade: 'CAIXA' }),
    ]);
    expect(corpo).not.toHaveProperty('id');
  });

  it('picks invoices in the other mode (FATURADO items filled by preencher-dados-fiscais-nf); an invoice already in is not offered again', async () => {
    const { user, chamadas } = abrir();
    const d = await novoComCabecalho(user);
    const trocarModo = async () => {
      const picker = screen.getByRole('dialog', { name: TITULO_PICKER });
      await user.selectOptions(within(picker).getByLabelText('Buscar'), 'Notas fiscais');
      const cabecalhos = within(await within(picker).findByRole('grid', { name: 'Notas fiscais' })).getAllByRole('columnheader');
      expect(cabecalhos.map((c) => c.textContent).slice(1)).toEqual(['Nota fiscal', 'Pedido', 'Cliente', 'Emissão', 'Frete', 'Volumes', 'Unidade', 'Peso bruto (Kg)', 'Peso líquido (Kg)']);
    };
    await escolher(user, 'Notas fiscais', [0], trocarModo);
    expect(chamou(chamadas, '/api/ordens-servico/notas-fiscais-transportadora')).not.toHaveLength(0);
    expect(chamou(chamadas, '/api/ordens-servico/preencher-dados-fiscais-nf/').map((c) => c.url)).toEqual(['/api/ordens-servico/preencher-dados-fiscais-nf/9001']);
    const itens = within(d).getByRole('grid', { name: 'Itens' });
    expect(celulas(itens)[0].slice(0, 10)).toEqual(['1', 'Faturado', '', 'P90', 'Tintas do Vale Ltda', '', '9001', '250,000', '4', 'R$ 80,00']);
    await user.keyboard('{Alt>}a{/Alt}');
    const picker = await dialogoPronto(TITULO_PICKER);
    await trocarModo();
    expect(await within(picker).findByRole('checkbox', { name: 'nota fiscal 9001 já está no romaneio' })).toBeDisabled();
    expect(within(picker).getByRole('checkbox', { name: 'Selecionar nota fiscal 9002' })).toBeEnabled();
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual(['Marque ao menos uma linha para adicionar ao romaneio.']);
  });
});
