import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Uf } from '../../../src/contracts/ufs';
import { fakeCadastroServer } from '../helpers/fake-cadastro-server';
import { usuario } from '../helpers/fixtures';
import { uf } from '../helpers/cadastro-fixtures';
import { renderApp } from '../helpers/render-app';
import { dialogoFechado } from '../helpers/focar';

const NOMES = ['Acre', 'Alagoas', 'Amapá', 'Amazonas', 'Bahia', 'Ceará', 'Distrito Federal', 'Espírito Santo', 'Goiás', 'Maranhão', 'Mato Grosso', 'Mato Grosso do Sul', 'Minas Gerais', 'Pará', 'Paraíba', 'Paraná', 'Pernambuco', 'Piauí', 'Rio de Janeiro', 'Rio Grande do Norte', 'Rio Grande do Sul', 'Rondônia', 'Roraima', 'Santa Catarina', 'São Paulo', 'Sergipe', 'Tocantins', 'Exterior'];
const ufs = () => NOMES.map((n, i) => uf(i + 1, n.slice(0, 2).toUpperCase(), n));
const abrir = (roles: string[], lista = ufs()) => {
  const s = fakeCadastroServer<Uf>('/api/ufs', lista);
  return renderApp({ caminho: '/uf', usuario: usuario({ roles: ['FRETE_LIMITE_UF_M', 'FRETE_CTE_M', ...roles] }), rotas: s.rotas });
};
const linhas = () => within(screen.getByRole('grid', { name: 'Limites por UF' })).getAllByRole('row').slice(1);

describe('UF limits screen', () => {
  it('asks size 100 and shows 30 per page', async () => {
    const extras = Array.from({ length: 7 }, (_, i) => uf(100 + i, `Z${i}`, `Zona ${i}`));
    const { user, chamadas } = abrir([], [...ufs(), ...extras]);
    await screen.findByText('Acre', {}, { timeout: 5000 });
    expect(chamadas.find((c) => c.url.startsWith('/api/ufs?'))?.url).toContain('size=100');
    const paginacao = screen.getByRole('navigation', { name: 'Paginação' });
    expect(paginacao).toHaveTextContent('Página 1 de 2 · 35 registros');
    await user.click(within(paginacao).getByRole('button', { name: 'Próxima página' }));
    await waitFor(() => expect(paginacao).toHaveTextContent('Página 2 de 2'));
    expect(chamadas.filter((c) => c.url.startsWith('/api/ufs?'))).toHaveLength(1);
  });

  it('filters by name with Enter', async () => {
    const { user, chamadas } = abrir([]);
    await screen.findByText('Acre', {}, { timeout: 5000 });
    await user.type(screen.getByLabelText('Nome'), 'paulo{Enter}');
    await waitFor(() => expect(linhas()).toHaveLength(1));
    expect(chamadas.some((c) => c.url.includes('search=nome~"paulo"'))).toBe(true);
  });

  it('the edit action needs FRETE_LIMITE_UF_E', async () => {
    const { user } = abrir(['FRETE_MOTO_E']);
    await screen.findByText('Acre', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: 'Editar Acre' })).not.toBeInTheDocument();
    screen.getByRole('grid', { name: 'Limites por UF' }).focus();
    await user.keyboard('{F2}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the modal save is gated by FRETE_MOTO_E (spec 01 §6), not by a UF code', async () => {
    const { user } = abrir(['FRETE_LIMITE_UF_E']);
    await screen.findByText('Acre', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Limites por UF' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Limites de Acre' });
    expect(within(dialogo).queryByRole('button', { name: 'Salvar' })).not.toBeInTheDocument();
  });

  it('edits both limits with DecimalInputs and saves with Ctrl+S', async () => {
    const { user, chamadas } = abrir(['FRETE_LIMITE_UF_E', 'FRETE_MOTO_E']);
    await screen.findByText('Acre', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Limites por UF' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Limites de Acre' });
    const peso = within(dialogo).getByLabelText('Limite de frete peso (R$/kg)');
    await user.clear(peso);
    await user.type(peso, '7,25');
    // Typed the pt-BR way and saved without leaving the field: the value counts (7.25 on the wire).
    expect(peso).toHaveValue('7,25');
    await user.keyboard('{Control>}s{/Control}');
    await dialogoFechado('Limites de Acre');
    expect(chamadas.find((c) => c.method === 'POST' && c.url === '/api/ufs')?.body).toEqual({ id: 1, limiteFretePeso: '7.25', limiteFreteValor: '3.5', versao: 0 });
    await waitFor(() => expect(within(linhas()[0]).getByText('7,2500')).toBeInTheDocument());
  });

  it('the frete-peso limit reads R$/kg with its 4 decimals, frete valor %, in the list and the dialog (docs/decisoes.md §25)', async () => {
    const lista = ufs().map((u) => (u.sigla === 'AC' ? { ...u, limiteFretePeso: '1.6078', limiteFreteValor: '2.125' } : u));
    const { user } = abrir(['FRETE_LIMITE_UF_E', 'FRETE_MOTO_E'], lista);
    await screen.findByText('Acre', {}, { timeout: 5000 });
    const cabecalhos = within(screen.getByRole('grid', { name: 'Limites por UF' })).getAllByRole('columnheader').map((c) => c.textContent);
    expect(cabecalhos).toEqual(expect.arrayContaining([expect.stringContaining('Limite peso R$/kg'), expect.stringContaining('Limite valor %')]));
    expect(cabecalhos.join(' ')).not.toContain('Limite peso %');
    const acre = linhas()[0];
    expect(within(acre).getByText('1,6078')).toBeInTheDocument();
    expect(within(acre).getByText('2,1250')).toBeInTheDocument();
    expect(acre).not.toHaveTextContent('1,61');
    screen.getByRole('grid', { name: 'Limites por UF' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Limites de Acre' });
    expect(within(dialogo).getByLabelText('Limite de frete peso (R$/kg)')).toHaveValue('1,6078');
    expect(within(dialogo).getByLabelText('Limite de frete valor (%)')).toHaveValue('2,1250');
  });

  it('an out-of-range limit shows the contract message and calls nothing', async () => {
    const { user, chamadas } = abrir(['FRETE_LIMITE_UF_E', 'FRETE_MOTO_E']);
    await screen.findByText('Acre', {}, { timeout: 5000 });
    screen.getByRole('grid', { name: 'Limites por UF' }).focus();
    await user.keyboard('{Enter}');
    const dialogo = await screen.findByRole('dialog', { name: 'Limites de Acre' });
    const valor = within(dialogo).getByLabelText('Limite de frete valor (%)');
    await user.clear(valor);
    await user.type(valor, '150');
    await user.keyboard('{Control>}s{/Control}');
    expect(await screen.findByRole('alertdialog', { name: /Atenção/ })).toHaveTextContent('O limite de frete valor deve ser no máximo 100.');
    expect(chamadas.some((c) => c.method === 'POST')).toBe(false);
  });
});
