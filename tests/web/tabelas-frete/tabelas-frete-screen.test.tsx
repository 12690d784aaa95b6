import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { BRAVO, fakeTabelasFreteServer, tabelaAndrade } from '../helpers/fake-tabelas-frete-server';
import { usuario } from '../helpers/fixtures';
import { dialogoPronto, focar } from '../helpers/focar';
import { renderApp } from '../helpers/render-app';

const TODAS = ['FRETE_TABFR_M', 'FRETE_TABFR_C', 'FRETE_TABFR_E', 'FRETE_TABFR_D', 'FRETE_CTE_M'];
const abrir = (roles = TODAS, caminho = '/tabelas-frete') => {
  const servidor = fakeTabelasFreteServer({ tabelas: [tabelaAndrade(), tabelaAndrade({ id: 2, transportadora: BRAVO, inicio: '2025-03-01', fim: null })] });
  return { ...renderApp({ caminho, usuario: usuario({ roles }), rotas: servidor.rotas }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Tabelas de Frete' });
const linhas = () =>
  within(grade())
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('gridcell').slice(0, 3).map((c) => c.textContent));

describe('freight tables list', () => {
  it('lists 50 per page: carrier, start and end as DD/MM/YYYY, with the spec buttons', async () => {
    const { chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    expect(linhas()).toEqual([
      ['Expresso Andrade Ltda', '01/01/2025', '31/12/2025'],
      ['Bravo Cargas S.A.', '01/03/2025', ''],
    ]);
    const cabecalhos = within(grade()).getAllByRole('columnheader').map((c) => c.textContent);
    expect(cabecalhos).toEqual(['Transportadora', 'Início', 'Fim', 'Ações']);
    expect(chamadas.find((c) => c.url.startsWith('/api/tabelas-frete?'))?.url).toContain('size=50');
    for (const nome of [/Nova tabela de frete/, /Simular frete/, /^Procurar$/]) expect(screen.getByRole('button', { name: nome })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clonar Expresso Andrade Ltda, 01/01/2025' })).toBeInTheDocument();
  });

  it('filters by carrier text with Enter', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Transportadora'), 'bravo{Enter}');
    await waitFor(() => expect(linhas()).toEqual([['Bravo Cargas S.A.', '01/03/2025', '']]));
    expect(chamadas.some((c) => c.url.includes('transportadora=bravo'))).toBe(true);
  });

  it('Delete asks "Tem certeza de que deseja excluir esta tabela de frete?" and S deletes', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await focar(grade());
    await user.keyboard('{Delete}');
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(confirmacao).toHaveTextContent('Tem certeza de que deseja excluir esta tabela de frete?');
    await user.keyboard('s');
    await waitFor(() => expect(linhas()).toEqual([['Bravo Cargas S.A.', '01/03/2025', '']]));
    expect(chamadas.some((c) => c.method === 'DELETE' && c.url === '/api/tabelas-frete/1')).toBe(true);
  });

  it('without FRETE_TABFR_C/_E/_D: no New, Clonar, Editar or Excluir', async () => {
    abrir(['FRETE_TABFR_M']);
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Nova tabela de frete/ })).not.toBeInTheDocument();
    for (const acao of ['Editar', 'Clonar', 'Excluir']) expect(screen.queryByRole('button', { name: `${acao} Expresso Andrade Ltda, 01/01/2025` })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Simular frete/ })).toBeInTheDocument();
  });

  it('Enter edits the selected table; ?editar={id} opens one (palette hits)', async () => {
    const { user } = abrir(TODAS, '/tabelas-frete?editar=2');
    const dialogo = await dialogoPronto('Editar tabela de frete', 5000);
    expect(await within(dialogo).findByRole('combobox', { name: 'Transportadora' })).toHaveValue('Bravo Cargas S.A.');
    await waitFor(() => expect(window.location.search).toBe(''));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await focar(grade());
    await user.keyboard('{Enter}');
    const outro = await dialogoPronto('Editar tabela de frete');
    expect(await within(outro).findByRole('combobox', { name: 'Transportadora' })).toHaveValue('Expresso Andrade Ltda');
    expect(within(outro).getByLabelText('Início')).toHaveValue('01/01/2025');
    expect(within(within(outro).getByRole('grid', { name: 'Percursos' })).getByText('Campinas → RJ')).toBeInTheDocument();
  });

  it('Alt+C clones: same carrier and content, no id, dates cleared; saving POSTs a new table', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await focar(grade());
    await user.keyboard('{Alt>}c{/Alt}');
    const dialogo = await dialogoPronto('Clonar tabela de frete');
    expect(await within(dialogo).findByRole('combobox', { name: 'Transportadora' })).toHaveValue('Expresso Andrade Ltda');
    expect(within(dialogo).getByLabelText('Início')).toHaveValue('');
    expect(within(dialogo).getByLabelText('Fim')).toHaveValue('');
    expect(within(within(dialogo).getByRole('grid', { name: 'Percursos' })).getByText('Campinas → RJ')).toBeInTheDocument();
    await user.type(within(dialogo).getByLabelText('Início'), '01012026');
    await user.tab();
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Clonar tabela de frete' })).not.toBeInTheDocument());
    await waitFor(() => expect(linhas()).toContainEqual(['Expresso Andrade Ltda', '01/01/2026', '']));
    const corpo = chamadas.find((c) => c.method === 'POST')!.body as Record<string, unknown> & { percursos: { id?: number; origens: { id?: number }[] }[] };
    expect(corpo).toMatchObject({ transportadora: { id: 7 }, inicio: '2026-01-01', fim: null });
    expect(corpo.id).toBeUndefined();
    expect(corpo.versao).toBeUndefined();
    expect(corpo.percursos[0].id).toBeUndefined();
    expect(corpo.percursos[0].origens[0]).toEqual({ municipio: { id: 1 }, uf: null });
  });
});
