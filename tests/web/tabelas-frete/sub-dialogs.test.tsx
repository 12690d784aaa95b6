import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  MSG_DESTINO,
  MSG_DESTINO_AMBOS,
  MSG_ELEMENTO_DESCRICAO,
  MSG_ELEMENTO_DESCRICAO_REPETIDA,
  MSG_ELEMENTO_FAIXA,
  MSG_ELEMENTO_MODALIDADE,
  MSG_INCIDENCIA_CLIENTE,
  MSG_INCIDENCIA_ELEMENTO,
  MSG_ORIGEM,
  avisoSobrescreveElemento,
} from '../../../src/domain/frete/validar-tabela-frete';
import { fakeTabelasFreteServer } from '../helpers/fake-tabelas-frete-server';
import { usuario } from '../helpers/fixtures';
import { readMessages } from '../helpers/read-messages';
import { dialogoFechado, dialogoPronto, focar } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';
import { typeSlowly } from '../helpers/type-slowly';

const TODAS = ['FRETE_TABFR_M', 'FRETE_TABFR_C', 'FRETE_TABFR_E', 'FRETE_TABFR_D'];

/** The Expresso Andrade table open, then its route "Campinas → RJ" (Enter on the routes grid). */
async function abrirRota() {
  const servidor = fakeTabelasFreteServer();
  const app = renderApp({ caminho: '/tabelas-frete?editar=1', usuario: usuario({ roles: TODAS }), rotas: servidor.rotas });
  const tabela = await dialogoPronto('Editar tabela de frete', 5000);
  await focar(await within(tabela).findByRole('grid', { name: 'Percursos' }));
  await app.user.keyboard('{Enter}');
  const rota = await dialogoPronto('Editar percurso');
  return { ...app, tabela, rota };
}
const fecharMensagens = async (user: { keyboard: (k: string) => Promise<void> }) => {
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
};
const avisos = (d: HTMLElement) => within(d).queryAllByRole('status').map((s) => s.textContent);

describe('route sub-dialogs', () => {
  it('origin and destination: required, and a destination is never both a municipality and a UF', async () => {
    const { user } = await abrirRota();
    await user.keyboard('{Alt>}o{/Alt}');
    await dialogoPronto('Nova origem');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_ORIGEM]);
    await fecharMensagens(user);
    await user.keyboard('{Escape}');
    await dialogoFechado('Nova origem');
    expect(screen.getByRole('dialog', { name: 'Editar percurso' })).toBeInTheDocument();

    await user.keyboard('{Alt>}d{/Alt}');
    const destino = await dialogoPronto('Novo destino');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_DESTINO]);
    await fecharMensagens(user);
    await focar(within(destino).getByRole('combobox', { name: 'Município' }));
    await typeSlowly(user, 'niter');
    await screen.findByRole('option', { name: 'Niterói/RJ' }, { timeout: 5000 });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.selectOptions(within(destino).getByLabelText('UF'), 'RJ - Rio de Janeiro');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_DESTINO_AMBOS]);
    await fecharMensagens(user);
    await user.selectOptions(within(destino).getByLabelText('UF'), 'Nenhuma');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo destino');
    const destinos = within(screen.getByRole('dialog', { name: 'Editar percurso' })).getByRole('grid', { name: 'Destinos' });
    expect(within(destinos).getAllByRole('row')[1]).toHaveTextContent('Niterói/RJ');
  });

  it('the destinations filter waits 300 ms and matches destinations and their customers', async () => {
    const { user, rota } = await abrirRota();
    const destinos = within(rota).getByRole('grid', { name: 'Destinos' });
    expect(within(destinos).getAllByRole('row')[1]).toHaveTextContent('RJUFMercado Central Ltda');
    await user.type(within(rota).getByLabelText('Filtrar destinos'), 'padaria');
    expect(within(destinos).getAllByRole('row')[1]).toHaveTextContent('RJ');
    await waitFor(() => expect(within(destinos).getByText('Nenhum registro encontrado')).toBeInTheDocument());
    await user.clear(within(rota).getByLabelText('Filtrar destinos'));
    await user.type(within(rota).getByLabelText('Filtrar destinos'), 'mercado');
    await waitFor(() => expect(within(destinos).getAllByRole('row')[1]).toHaveTextContent('RJ'));
  });

  it('an incidence needs a customer and an element', async () => {
    const { user, rota } = await abrirRota();
    await focar(within(rota).getByRole('grid', { name: 'Destinos' }));
    await user.keyboard('{Enter}');
    await dialogoPronto('Editar destino');
    await user.keyboard('{Alt>}i{/Alt}');
    await dialogoPronto('Nova incidência');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_INCIDENCIA_CLIENTE, MSG_INCIDENCIA_ELEMENTO]);
  });

  it('cost element: required messages, the repeated description and the overwrite warning of the level below', async () => {
    const { user, rota } = await abrirRota();
    await user.keyboard('{Alt>}e{/Alt}');
    const elemento = await dialogoPronto('Novo elemento de custo');
    // Spec 02 §3 defaults.
    expect(within(elemento).getByLabelText('Modalidade')).toHaveDisplayValue('Fixo');
    expect(within(elemento).getByLabelText('Arredondamento')).toHaveDisplayValue('Nenhum');
    expect(within(elemento).getByLabelText('Modo de arredondamento')).toHaveDisplayValue('Metade para cima');
    expect(within(elemento).getByLabelText('Desde a entrega')).toHaveValue('1');
    expect(within(elemento).getByLabelText('Incide imposto')).toBeChecked();
    expect(within(elemento).getByLabelText('Rateio')).not.toBeChecked();
    await user.selectOptions(within(elemento).getByLabelText('Modalidade'), 'Calculado por Kg (progressivo)');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_ELEMENTO_DESCRICAO, MSG_ELEMENTO_FAIXA]);
    await fecharMensagens(user);
    await user.selectOptions(within(elemento).getByLabelText('Modalidade'), 'Selecione');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_ELEMENTO_DESCRICAO, MSG_ELEMENTO_MODALIDADE]);
    await fecharMensagens(user);

    // "gris" is a table element: the route's one overwrites it.
    await user.type(within(elemento).getByLabelText('Descrição'), 'gris');
    expect(avisos(elemento)).toEqual([avisoSobrescreveElemento('nível de tabela')]);
    await user.clear(within(elemento).getByLabelText('Descrição'));
    await user.type(within(elemento).getByLabelText('Descrição'), 'FRETE PESO');
    await user.selectOptions(within(elemento).getByLabelText('Modalidade'), 'Fixo');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_ELEMENTO_DESCRICAO_REPETIDA]);
    await fecharMensagens(user);
    expect(rota).toBeInTheDocument();
  });

  it("an incidence's element warns about both lower levels; value bands show as %", async () => {
    const { user, rota } = await abrirRota();
    await focar(within(rota).getByRole('grid', { name: 'Destinos' }));
    await user.keyboard('{Enter}');
    const destino = await dialogoPronto('Editar destino');
    await focar(within(destino).getByRole('grid', { name: 'Incidências' }));
    await user.keyboard('{Enter}');
    const incidencia = await dialogoPronto('Editar incidência');
    await focar(within(incidencia).getByRole('grid', { name: 'Elementos de custo' }));
    await user.keyboard('{F2}');
    const elemento = await dialogoPronto('Editar elemento de custo');
    expect(avisos(elemento)).toEqual([avisoSobrescreveElemento('nível de percurso'), avisoSobrescreveElemento('nível de tabela')]);
    await user.selectOptions(within(elemento).getByLabelText('Modalidade'), 'Calculado sobre o valor (progressivo)');
    await user.keyboard('{Alt>}f{/Alt}');
    const faixa = await dialogoPronto('Nova faixa de preço');
    await user.type(within(faixa).getByLabelText('Valor (%)'), '0,3');
    await user.type(within(faixa).getByLabelText('Limite superior'), '99999999');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual(['O limite superior de uma faixa de preço deve ser no máximo 9999999']);
    await fecharMensagens(user);
    await user.clear(within(faixa).getByLabelText('Limite superior'));
    await user.type(within(faixa).getByLabelText('Limite superior'), '9999999');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Nova faixa de preço');
    const faixas = within(elemento).getByRole('grid', { name: 'Faixas de preço' });
    expect(within(faixas).getAllByRole('row')[1]).toHaveTextContent('9.999.9990,3 %');
  });
});
