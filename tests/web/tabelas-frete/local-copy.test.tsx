import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import {
  AVISO_PERCURSO_DESCRICAO_REPETIDA,
  MSG_PERCURSO_DESCRICAO_EM_USO,
  MSG_PERCURSO_DESTINO,
  MSG_PERCURSO_ORIGEM,
  mensagemConflito,
} from '../../../src/domain/frete/validar-tabela-frete';
import { fakeTabelasFreteServer } from '../helpers/fake-tabelas-frete-server';
import { usuario } from '../helpers/fixtures';
import { readMessages } from '../helpers/read-messages';
import { dialogoFechado, dialogoPronto, focar } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';

const TODAS = ['FRETE_TABFR_M', 'FRETE_TABFR_C', 'FRETE_TABFR_E', 'FRETE_TABFR_D'];

/** The Expresso Andrade table (id 1) open in its dialog, through ?editar=1. */
async function abrirTabela() {
  const servidor = fakeTabelasFreteServer();
  const app = renderApp({ caminho: '/tabelas-frete?editar=1', usuario: usuario({ roles: TODAS }), rotas: servidor.rotas });
  const tabela = await dialogoPronto('Editar tabela de frete', 5000);
  await within(tabela).findByRole('grid', { name: 'Percursos' });
  return { ...app, tabela };
}
const descricoes = (grade: HTMLElement) =>
  within(grade)
    .queryAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell')[0].textContent);
const fecharMensagens = async (user: { keyboard: (k: string) => Promise<void> }) => {
  await user.keyboard('{Enter}');
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
};

describe('local copy of the table (spec 02 §4)', () => {
  it('the route warning shows while the description repeats another route; saving names the rules', async () => {
    const { user, tabela } = await abrirTabela();
    await user.keyboard('{Alt>}r{/Alt}');
    const rota = await dialogoPronto('Novo percurso');
    await waitFor(() => expect(within(rota).getByLabelText('Descrição')).toHaveFocus());
    await user.keyboard('CAMPINAS → rj');
    expect(within(rota).getByRole('status')).toHaveTextContent(AVISO_PERCURSO_DESCRICAO_REPETIDA);
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_PERCURSO_DESCRICAO_EM_USO, MSG_PERCURSO_ORIGEM, MSG_PERCURSO_DESTINO]);
    await fecharMensagens(user);
    await user.keyboard(' 2');
    expect(within(rota).queryByText(AVISO_PERCURSO_DESCRICAO_REPETIDA)).not.toBeInTheDocument();
    expect(tabela).toBeInTheDocument();
  });

  it('clone goes on top with " (Cópia)", an edit replaces in place, a removal asks; one POST on Ctrl+S', async () => {
    const { user, tabela, chamadas } = await abrirTabela();
    const percursos = within(tabela).getByRole('grid', { name: 'Percursos' });
    await focar(percursos);
    await user.keyboard('{Alt>}c{/Alt}');
    const copia = await dialogoPronto('Novo percurso');
    expect(within(copia).getByLabelText('Descrição')).toHaveValue('Campinas → RJ (Cópia)');
    expect(within(within(copia).getByRole('grid', { name: 'Origens' })).getByText('Campinas/SP')).toBeInTheDocument();
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo percurso');
    expect(descricoes(percursos)).toEqual(['Campinas → RJ (Cópia)', 'Campinas → RJ']);
    await waitFor(() => expect(percursos).toHaveFocus());

    // Enter edits the selected (top) row; saving replaces it, no new row.
    await user.keyboard('{Enter}');
    const edicao = await dialogoPronto('Editar percurso');
    const descricao = within(edicao).getByLabelText('Descrição');
    await user.clear(descricao);
    await user.type(descricao, 'Campinas → RJ expresso');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Editar percurso');
    expect(descricoes(percursos)).toEqual(['Campinas → RJ expresso', 'Campinas → RJ']);
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);

    // Both routes share origin and destination: the table refuses to save, naming them.
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([mensagemConflito('Campinas → RJ expresso', 'Campinas → RJ', ['Campinas/SP'], ['RJ'])]);
    await fecharMensagens(user);

    await focar(percursos);
    await user.keyboard('{Delete}');
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(confirmacao).toHaveTextContent('Deseja remover o percurso "Campinas → RJ expresso"?');
    await user.keyboard('s');
    await waitFor(() => expect(descricoes(percursos)).toEqual(['Campinas → RJ']));
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Editar tabela de frete');
    const posts = chamadas.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(1);
    // Server ids and the version go back as they came; no client key leaks into the body.
    expect(posts[0].body).toMatchObject({ id: 1, versao: 3, percursos: [{ id: 10, origens: [{ id: 20, municipio: { id: 1 }, uf: null }], destinos: [{ id: 30, uf: { id: 33 } }] }] });
    expect(JSON.stringify(posts[0].body)).not.toMatch(/chave/);
  });

  it('a cloned global element keeps its level unique with " (Cópia)" and lands on top', async () => {
    const { user, tabela } = await abrirTabela();
    const elementos = within(tabela).getByRole('grid', { name: 'Elementos de custo' });
    expect(descricoes(elementos)).toEqual(['Frete peso', 'GRIS']);
    await focar(elementos);
    await user.keyboard('{ArrowDown}{Alt>}c{/Alt}');
    const copia = await dialogoPronto('Novo elemento de custo');
    expect(within(copia).getByLabelText('Descrição')).toHaveValue('GRIS (Cópia)');
    expect(within(copia).getByLabelText('Valor mínimo')).toHaveValue('10');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Novo elemento de custo');
    expect(descricoes(elementos)).toEqual(['GRIS (Cópia)', 'Frete peso', 'GRIS']);
  });
});
