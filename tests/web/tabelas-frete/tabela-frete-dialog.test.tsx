import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_AO_MENOS_UM_PERCURSO, MSG_TRANSPORTADORA } from '../../../src/domain/frete/validar-tabela-frete';
import { fakeTabelasFreteServer } from '../helpers/fake-tabelas-frete-server';
import { usuario } from '../helpers/fixtures';
import { readMessages } from '../helpers/read-messages';
import { dialogoFechado, dialogoPronto } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';
import { typeSlowly } from '../helpers/type-slowly';

const TODAS = ['FRETE_TABFR_M', 'FRETE_TABFR_C', 'FRETE_TABFR_E', 'FRETE_TABFR_D'];
const abrir = () => {
  const servidor = fakeTabelasFreteServer();
  return { ...renderApp({ caminho: '/tabelas-frete', usuario: usuario({ roles: TODAS }), rotas: servidor.rotas }), servidor };
};
const dialogo = (nome: string) => dialogoPronto(nome);
const celulas = (grade: HTMLElement) =>
  within(grade)
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell').map((c) => c.textContent));

describe('freight table dialog', () => {
  it('Ctrl+S on an empty table shows every message at once and sends nothing', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const d = await dialogo('Nova tabela de frete');
    await waitFor(() => expect(within(d).getByRole('combobox', { name: 'Transportadora' })).toHaveFocus());
    await user.keyboard('{Control>}s{/Control}');
    const mensagens = await readMessages(/Advertência/);
    expect(mensagens).toEqual(expect.arrayContaining([MSG_TRANSPORTADORA, MSG_AO_MENOS_UM_PERCURSO]));
    expect(screen.getByRole('alertdialog', { name: 'Advertência' })).toBeInTheDocument();
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
  });

  it('a whole table by keyboard: route, origin, destination with incidence, elements and a band; one POST on Ctrl+S', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}n{/Alt}');
    const tabela = await dialogo('Nova tabela de frete');
    const transportadora = within(tabela).getByRole('combobox', { name: 'Transportadora' });
    await waitFor(() => expect(transportadora).toHaveFocus());
    await typeSlowly(user, 'bravo');
    await screen.findByRole('option', { name: 'Bravo Cargas S.A.' }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(transportadora).toHaveValue('Bravo Cargas S.A.'));
    await user.tab();
    expect(within(tabela).getByLabelText('Início')).toHaveFocus();
    await user.keyboard('01022025');
    await user.tab();

    // Route: Alt+R, focus on its description.
    await user.keyboard('{Alt>}r{/Alt}');
    const rota = await dialogo('Novo percurso');
    await waitFor(() => expect(within(rota).getByLabelText('Descrição')).toHaveFocus());
    await user.keyboard('Campinas → Rio');

    // Origin: Alt+O, municipality by name.
    await user.keyboard('{Alt>}o{/Alt}');
    const origem = await dialogo('Nova origem');
    await waitFor(() => expect(within(origem).getByRole('combobox', { name: 'Município' })).toHaveFocus());
    await typeSlowly(user, 'campi');
    await screen.findByRole('option', { name: 'Campinas/SP' }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}{Control>}s{/Control}');
    await dialogoFechado('Nova origem');
    const origens = within(rota).getByRole('grid', { name: 'Origens' });
    expect(celulas(origens)[0].slice(0, 2)).toEqual(['Campinas/SP', 'Município']);
    await waitFor(() => expect(origens).toHaveFocus());

    // Destination: Alt+D, a UF, with an incidence (customer + element).
    await user.keyboard('{Alt>}d{/Alt}');
    const destino = await dialogo('Novo destino');
    await user.tab();
    await user.selectOptions(within(destino).getByLabelText('UF'), 'RJ - Rio de Janeiro');
    await user.keyboard('{Alt>}i{/Alt}');
    const incidencia = await dialogo('Nova incidência');
    await waitFor(() => expect(within(incidencia).getByRole('combobox', { name: 'Adicionar cliente' })).toHaveFocus());
    await typeSlowly(user, 'merc');
    await screen.findByRole('option', { name: /Mercado Central/ }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await waitFor(() => expect(celulas(within(incidencia).getByRole('grid', { name: 'Clientes' }))[0][0]).toBe('Mercado Central Ltda'));
    await user.keyboard('{Alt>}e{/Alt}');
    const elementoIncidencia = await dialogo('Novo elemento de custo');
    await waitFor(() => expect(within(elementoIncidencia).getByLabelText('Descrição')).toHaveFocus());
    await user.keyboard('Taxa de descarga{Control>}s{/Control}');
    await dialogoFechado('Novo elemento de custo');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Nova incidência');
    expect(celulas(within(destino).getByRole('grid', { name: 'Incidências' }))[0].slice(0, 2)).toEqual(['Mercado Central Ltda', 'Taxa de descarga']);
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo destino');
    expect(celulas(within(rota).getByRole('grid', { name: 'Destinos' }))[0].slice(0, 3)).toEqual(['RJ', 'UF', 'Mercado Central Ltda']);

    // Route element with a band: Alt+E, modalidade per Kg, Alt+F.
    await user.keyboard('{Alt>}e{/Alt}');
    const elemento = await dialogo('Novo elemento de custo');
    await waitFor(() => expect(within(elemento).getByLabelText('Descrição')).toHaveFocus());
    await user.keyboard('Frete peso');
    await user.selectOptions(within(elemento).getByLabelText('Modalidade'), 'Calculado por Kg (progressivo)');
    await user.keyboard('{Alt>}f{/Alt}');
    const faixa = await dialogo('Nova faixa de preço');
    await waitFor(() => expect(within(faixa).getByLabelText('Valor (R$/Kg)')).toHaveFocus());
    await user.keyboard('0,12345');
    await user.tab();
    await user.keyboard('1000{Control>}s{/Control}');
    await dialogoFechado('Nova faixa de preço');
    expect(celulas(within(elemento).getByRole('grid', { name: 'Faixas de preço' }))[0].slice(0, 2)).toEqual(['1.000', 'R$ 0,12345']);
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo elemento de custo');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo percurso');
    expect(celulas(within(tabela).getByRole('grid', { name: 'Percursos' }))[0].slice(0, 3)).toEqual(['Campinas → Rio', 'Campinas/SP', 'RJ']);

    // Nothing was sent until the table's own Ctrl+S.
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Nova tabela de frete');
    const corpo = chamadas.find((c) => c.method === 'POST')!.body;
    expect(corpo).toEqual({
      transportadora: { id: 8 },
      inicio: '2025-02-01',
      fim: null,
      flags: [],
      descricaoIcms: 'ICMS',
      descricaoPesoTaxado: 'Peso taxado',
      elementosCusto: [],
      percursos: [
        {
          descricao: 'Campinas → Rio',
          valorMinimo: '0',
          valorMaximo: '0',
          origens: [{ municipio: { id: 1 }, uf: null }],
          destinos: [
            {
              municipio: null,
              uf: { id: 33 },
              incidencias: [{ clientes: [{ id: 100 }], elementosCusto: [expect.objectContaining({ descricao: 'Taxa de descarga', modalidade: 'FIXO', flags: ['INCIDE_IMPOSTO'], desdeEntrega: 1 })] }],
            },
          ],
          elementosCusto: [expect.objectContaining({ descricao: 'Frete peso', modalidade: 'CALCULADO_KG', faixas: [{ valor: '0.12345', faixaLimite: '1000' }] })],
        },
      ],
    });
    await waitFor(() => expect(screen.getByText('Bravo Cargas S.A.')).toBeInTheDocument());
  });
});
