import { describe, expect, it } from 'vitest';
import { MSG_DESCARTAR_ALTERACOES } from '../../../src/web/ui/dialog';
import { screen, waitFor, within } from '@testing-library/react';
import type { TabelaFrete } from '../../../src/contracts/tabela-frete-modelo';
import { MSG_AJUSTE_NEGATIVO } from '../../../src/domain/frete/ajustar-valor';
import { fakeTabelasFreteServer } from '../helpers/fake-tabelas-frete-server';
import { usuario } from '../helpers/fixtures';
import { readMessages } from '../helpers/read-messages';
import { dialogoFechado, dialogoPronto } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';

// Ajustar Valor (spec 02 §4) on the local copy: every element of that description, at every level.
const abrir = () => {
  const servidor = fakeTabelasFreteServer();
  return { ...renderApp({ caminho: '/tabelas-frete?editar=1', usuario: usuario({ roles: ['FRETE_TABFR_M', 'FRETE_TABFR_E'] }), rotas: servidor.rotas }), servidor };
};
const valores = (t: TabelaFrete) => ({
  global: t.elementosCusto.map((e) => [e.descricao, e.valorMinimo]),
  percurso: t.percursos[0].elementosCusto.map((e) => [e.descricao, e.valorMinimo, e.faixas.map((f) => [f.faixaLimite, f.valor])]),
  incidencia: t.percursos[0].destinos[0].incidencias[0].elementosCusto.map((e) => [e.descricao, e.valorMinimo]),
});

async function ajustar(user: ReturnType<typeof abrir>['user'], forma: 'PERCENTUAL' | 'VALOR_FIXO', valor: string) {
  const tabela = await dialogoPronto('Editar tabela de frete', 5000);
  await within(tabela).findByRole('grid', { name: 'Percursos' });
  await user.keyboard('{Alt>}a{/Alt}');
  const d = await dialogoPronto('Ajustar valor');
  const elemento = within(d).getByLabelText('Elemento de custo');
  expect(within(elemento).getAllByRole('option').map((o) => o.textContent)).toEqual(['Frete peso', 'GRIS']);
  await user.selectOptions(elemento, 'Frete peso');
  await user.selectOptions(within(d).getByLabelText('Forma'), forma);
  await user.click(within(d).getByLabelText('Valor'));
  await user.keyboard(valor);
  await user.keyboard('{Control>}s{/Control}');
  return { tabela, d };
}

describe('Ajustar valor', () => {
  it('PERCENTUAL 10 raises minimum and bands of "Frete peso" at table, route and incidence; GRIS untouched; one POST on Ctrl+S', async () => {
    const { user, chamadas } = abrir();
    await ajustar(user, 'PERCENTUAL', '10');
    await dialogoFechado('Ajustar valor');
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/tabelas-frete')).toBe(true));
    const corpo = chamadas.find((c) => c.method === 'POST')!.body as TabelaFrete;
    expect(valores(corpo)).toEqual({
      global: [
        ['Frete peso', '110'],
        ['GRIS', '10'],
      ],
      // 0.12345 × 1.10 = 0.135795 -> 5 places HALF_UP = 0.13580; the band's limit is not a price.
      percurso: [['Frete peso', '55', [['1000', '0.1358']]]],
      incidencia: [['Frete peso', '33']],
    });
  });

  it('a fixed value that would go negative says so and changes nothing', async () => {
    const { user, chamadas } = abrir();
    const { d } = await ajustar(user, 'VALOR_FIXO', '-40');
    // 100 - 40 and 50 - 40 would do, but the incidence's 30 - 40 would not: nothing changes.
    expect(await readMessages(/Advertência/)).toEqual([MSG_AJUSTE_NEGATIVO]);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(d).getByLabelText('Valor')).toHaveFocus());
    // A typed value is unsaved work: Esc asks first (Não focused), S discards it.
    await user.keyboard('{Escape}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta).toHaveTextContent(MSG_DESCARTAR_ALTERACOES);
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('s');
    await dialogoFechado('Ajustar valor');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST')).toBe(true));
    expect(valores(chamadas.find((c) => c.method === 'POST')!.body as TabelaFrete)).toEqual({
      global: [
        ['Frete peso', '100'],
        ['GRIS', '10'],
      ],
      percurso: [['Frete peso', '50', [['1000', '0.12345']]]],
      incidencia: [['Frete peso', '30']],
    });
  });
});
