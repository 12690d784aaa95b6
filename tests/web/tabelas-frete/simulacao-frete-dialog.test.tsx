import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_CALCULO_CLIENTE, MSG_CALCULO_DESTINO, MSG_CALCULO_ORIGEM, MSG_CALCULO_PESO, MSG_CALCULO_VALOR } from '../../../src/contracts/calculo-frete';
import { MSG_FALHA_BRAVO, fakeTabelasFreteServer } from '../helpers/fake-tabelas-frete-server';
import { usuario } from '../helpers/fixtures';
import { readMessages } from '../helpers/read-messages';
import { dialogoPronto, focar } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';
import { typeSlowly } from '../helpers/type-slowly';

// The calculation dialog (spec 02 §2, §3, §7): opened from anywhere through the palette, filled by keyboard.
const abrir = (roles: string[] = ['FRETE_CTE_M'], caminho = '/ctes') => {
  const servidor = fakeTabelasFreteServer();
  return { ...renderApp({ caminho, usuario: usuario({ roles }), rotas: servidor.rotas }), servidor };
};
const paletaSimular = async (user: ReturnType<typeof abrir>['user']) => {
  await screen.findByRole('heading', { name: 'Fretes' }, { timeout: 5000 });
  await user.keyboard('{Control>}k{/Control}');
  await dialogoPronto('Paleta de comandos');
  await user.keyboard('Simular frete');
  await screen.findByRole('option', { name: /Simular frete/ });
  await user.keyboard('{Enter}');
  const d = await dialogoPronto('Simular frete', 5000);
  await waitFor(() => expect(within(d).getByLabelText('Data de despacho')).toHaveFocus());
  return d;
};

let baixados: string[];
beforeEach(() => {
  baixados = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:cotacao'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('freight calculation dialog', () => {
  it('opens from the palette on another screen, focus on the first field; Ctrl+Enter empty names every missing field', async () => {
    const { user, chamadas } = abrir();
    await paletaSimular(user);
    await user.keyboard('{Control>}{Enter}{/Control}');
    const mensagens = await readMessages(/Advertência/);
    // The date starts as today; vehicle type as "Qualquer" (spec 02 §9): not missing.
    expect(mensagens).toEqual(expect.arrayContaining([MSG_CALCULO_CLIENTE, MSG_CALCULO_ORIGEM, MSG_CALCULO_DESTINO, MSG_CALCULO_VALOR, MSG_CALCULO_PESO]));
    expect(chamadas.some((c) => c.url.startsWith('/api/tabelas-frete/calcular'))).toBe(false);
  });

  it('a shipment by keyboard: the customer fills the destination, the quotation ranks carriers, details show trace and messages, print downloads the PDF', async () => {
    const { user, chamadas } = abrir();
    const d = await paletaSimular(user);
    await user.keyboard('{Control>}a{/Control}10062025');
    await user.tab();
    const cliente = within(d).getByRole('combobox', { name: 'Cliente' });
    expect(cliente).toHaveFocus();
    await typeSlowly(user, 'merc');
    await screen.findByRole('option', { name: /Mercado Central Ltda/ }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    // The customer's city becomes the destination.
    await waitFor(() => expect(within(d).getByRole('combobox', { name: 'Município de destino' })).toHaveValue('Rio de Janeiro/RJ'));
    await focar(within(d).getByRole('combobox', { name: 'Município de origem' }));
    await typeSlowly(user, 'campi');
    await screen.findByRole('option', { name: 'Campinas/SP' }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.click(within(d).getByLabelText('ICMS (%)'));
    await user.keyboard('12');
    await user.tab();
    await user.keyboard('250');
    await user.tab();
    expect(within(d).getByLabelText('Valor da carga')).toHaveFocus();
    await user.keyboard('5000');
    await user.keyboard('{Control>}{Enter}{/Control}');

    const cotacao = await within(d).findByRole('table', { name: 'Cotação' }, { timeout: 5000 });
    const pedido = chamadas.find((c) => c.url === '/api/tabelas-frete/calcular')!.body as Record<string, unknown>;
    expect(pedido).toMatchObject({ dataDespacho: '2025-06-10', cliente: '11222333000181', codigoOrigem: 3509502, codigoDestino: 3304557, tipoVeiculo: 0, icms: '0.12', transportadora: null });
    expect(Number(pedido.peso)).toBe(250);
    expect(Number(pedido.valor)).toBe(5000);
    const linhas = within(cotacao).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent?.replace(/\s/g, ' ')));
    expect(linhas).toEqual([
      ['Expresso Andrade Ltda', 'R$ 1.140,28'],
      ['Bravo Cargas S.A.', 'FALHA'],
    ]);
    const imprimir = within(d).getByRole('button', { name: 'Imprimir cotação' });
    await waitFor(() => expect(imprimir).toHaveFocus());

    await user.keyboard('{Enter}');
    await waitFor(() => expect(baixados).toEqual(['cotacao-2025-06-10.pdf']));
    const impressao = chamadas.find((c) => c.url === '/api/tabelas-frete/imprimir')!.body as { pedido: unknown };
    expect(impressao.pedido).toMatchObject({ codigoOrigem: 3509502, codigoDestino: 3304557 });

    await user.keyboard('{Alt>}3{/Alt}');
    const andrade = await within(d).findByRole('table', { name: 'Elementos de custo de Expresso Andrade Ltda' });
    expect(within(andrade).getAllByRole('row').map((r) => r.textContent?.replace(/\s/g, ' '))).toEqual([
      'DescriçãoValor',
      'Frete pesoR$ 123,45',
      'ICMSR$ 16,83',
      'TotalR$ 1.140,28',
    ]);
    expect(within(d).getByRole('region', { name: 'Memória de cálculo' })).toHaveTextContent('Percurso Campinas → RJ (origem 2 + destino 1)');
    // The second carrier's tab: FALHA and why.
    await user.click(within(d).getByRole('tab', { name: 'Bravo Cargas S.A.' }));
    expect(await within(d).findByRole('region', { name: 'Mensagens do sistema' })).toHaveTextContent(MSG_FALHA_BRAVO);
  });

  it('is not offered to who may not simulate', async () => {
    const { user } = abrir(['FRETE_FAT_M'], '/');
    await screen.findByRole('button', { name: 'Menu' }, { timeout: 5000 });
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await dialogoPronto('Paleta de comandos');
    // The palette lists its commands (Atalhos, Sair...) but not this one.
    await within(paleta).findByRole('option', { name: /Sair/ });
    expect(within(paleta).queryByRole('option', { name: /Simular frete/ })).not.toBeInTheDocument();
  });
});
