import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { FaturaLinha } from '../../../src/contracts/faturas';
import { usuario } from '../helpers/fixtures';
import { focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { exportacao, fakePagamentosServer, linhaPagamento, total } from './fake-pagamentos-server';

// /pagamentos, Faturas tab: the list with the payment situation and blocks, the totals under it, the filters in
// the query, and the payables actions (palette and Alt keys) for FRETE_PAG_E only.

const bloqueio = (regra: FaturaLinha['bloqueios'][number]['regra']) => ({ regra, faturaCteId: null, cte: null, motivo: '', quemDesbloqueia: '' });
const LINHAS = [
  linhaPagamento(1, { situacaoPagamento: 'LIBERADA', valorAPagar: '1234.56' }),
  linhaPagamento(2, {
    situacaoPagamento: 'BLOQUEADA',
    valorTotal: '950.00',
    valorAPagar: '800.00',
    valorContestado: '150.00',
    bloqueios: [bloqueio('DIVERGENCIA_ABERTA'), bloqueio('VENCIMENTO_CURTO')],
  }),
  linhaPagamento(3, { situacaoPagamento: 'EXPORTADA' }),
];
const TODOS = ['FRETE_PAG_M', 'FRETE_PAG_C', 'FRETE_PAG_E'];

const abrir = ({ roles = TODOS, resultado = exportacao(), caminho = '/pagamentos' } = {}) => {
  const servidor = fakePagamentosServer({ linhas: LINHAS, totais: [total()], resultadoExportacao: resultado });
  return renderApp({ caminho, usuario: usuario({ roles }), rotas: servidor.rotas });
};
const grade = () => screen.getByRole('grid', { name: 'Faturas a pagar' });
const linha = (numero: string) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[1]?.textContent === numero)!;
const pronto = () => screen.findByText('5002', {}, { timeout: 15_000 });
const listagens = (chamadas: { url: string }[]) => chamadas.filter((c) => c.url.startsWith('/api/pagamentos?'));
const abrirPaleta = async (user: ReturnType<typeof abrir>['user']) => {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Paleta de comandos' });
};

describe('Pagamentos screen (/pagamentos)', () => {
  it('lists the faturas with situation, values and blocks, and the totals per carrier and due date under them', async () => {
    const { chamadas } = abrir();
    await pronto();
    const cabecalhos = within(grade()).getAllByRole('columnheader').map((c) => c.textContent?.replace(/[▲▼↕]/g, '').trim());
    expect(cabecalhos).toEqual(['', 'Nº', 'Transportadora', 'Emissão', 'Vencimento', 'Situação', 'Valor faturado', 'A pagar', 'Contestado', 'Bloqueios']);
    const bloqueada = linha('5002');
    expect(within(bloqueada).getByText('Bloqueada')).toBeInTheDocument();
    expect(within(bloqueada).getByText('R$ 950,00')).toBeInTheDocument();
    expect(within(bloqueada).getByText('R$ 800,00')).toBeInTheDocument();
    expect(within(bloqueada).getByText('R$ 150,00')).toBeInTheDocument();
    expect(within(bloqueada).getByText('Divergência em aberto; Vencimento antes do fim da conferência')).toBeInTheDocument();
    expect(within(linha('5001')).getByText('Liberada')).toBeInTheDocument();

    const totais = screen.getByRole('grid', { name: 'Totais por transportadora e vencimento' });
    await within(totais).findByText('R$ 1.234,56');
    expect(within(totais).getByText('10/04/2025')).toBeInTheDocument();
    expect(within(totais).getByText('R$ 800,00')).toBeInTheDocument();
    expect(within(totais).getByText('R$ 150,00')).toBeInTheDocument();
    const url = listagens(chamadas)[0].url;
    for (const p of ['page=0', 'size=50', 'sort=dataVencimento,asc']) expect(url).toContain(p);
  });

  it('sends the filters (situation, the carrier by its CNPJ) to the list and to the totals; Enter searches', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.type(screen.getByRole('combobox', { name: 'Transportadora' }), 'Expr');
    await user.click(await screen.findByRole('option', { name: 'Expresso Andrade Ltda' }));
    await user.selectOptions(screen.getByLabelText('Situação de pagamento'), 'BLOQUEADA');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(listagens(chamadas).some((c) => c.url.includes('situacao=BLOQUEADA'))).toBe(true));
    expect(listagens(chamadas).at(-1)!.url).toContain('transportadora=11222333000181');
    await waitFor(() => expect(chamadas.some((c) => c.url.startsWith('/api/pagamentos/totais?') && c.url.includes('situacao=BLOQUEADA'))).toBe(true));
    expect(new URLSearchParams(window.location.search).get('situacao')).toBe('BLOQUEADA');
  });

  it('Alt+E exports (POST with the carrier and due dates shown), shows the message and offers the CSV, downloaded with Enter', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
    const { user, chamadas } = abrir({ caminho: '/pagamentos?situacao=LIBERADA&transportadora=11222333000181&transportadoraNome=Expresso&vencimentoFim=2025-04-30' });
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}e{/Alt}');
    expect(await readMessages()).toEqual(['2 fatura(s) exportada(s) para o contas a pagar, total R$ 2.469,12.']);
    const post = chamadas.find((c) => c.method === 'POST' && c.url === '/api/pagamentos/exportar');
    expect(post?.body).toEqual({ transportadora: '11222333000181', vencimentoFim: '2025-04-30' });
    expect(document.activeElement).toHaveTextContent('Baixar o CSV');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(chamadas.some((c) => c.url === '/api/pagamentos/exportacoes/31/csv')).toBe(true));
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
  });

  it('nothing to export: the server message, without the CSV offer', async () => {
    const { user } = abrir({ resultado: exportacao({ exportacao: null, mensagens: ['Nenhuma fatura liberada a exportar.'] }) });
    await pronto();
    await user.click(screen.getByRole('button', { name: /Exportar para o contas a pagar/ }));
    expect(await readMessages()).toEqual(['Nenhuma fatura liberada a exportar.']);
    expect(screen.queryByRole('button', { name: 'Baixar o CSV' })).not.toBeInTheDocument();
  });

  it('the payables commands are in the palette only with FRETE_PAG_E; Atualizar for every viewer', async () => {
    const comE = abrir();
    await pronto();
    let paleta = await abrirPaleta(comE.user);
    await comE.user.keyboard('contas a pagar');
    expect(await within(paleta).findByRole('option', { name: /Exportar para o contas a pagar/ })).toBeInTheDocument();
    comE.unmount();

    const semE = abrir({ roles: ['FRETE_PAG_M'] });
    await pronto();
    expect(screen.queryByRole('button', { name: /Exportar para o contas a pagar/ })).not.toBeInTheDocument();
    paleta = await abrirPaleta(semE.user);
    await semE.user.keyboard('Atualizar');
    expect(await within(paleta).findByRole('option', { name: /^Atualizar/ })).toBeInTheDocument();
    await semE.user.clear(within(paleta).getByRole('combobox'));
    await semE.user.keyboard('contas a pagar');
    await waitFor(() => expect(within(paleta).queryByRole('option', { name: /Exportar para o contas a pagar/ })).not.toBeInTheDocument());
  });

  it('Registrar pagamento (Alt+G) takes the marked exported faturas, with their versions, after the question', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{ArrowDown}{ArrowDown} ');
    await waitFor(() => expect(within(linha('5003')).getByRole('checkbox')).toBeChecked());
    await user.keyboard('{Alt>}g{/Alt}');
    await screen.findByText('Registrar o pagamento de 1 fatura(s) exportada(s)?');
    await user.keyboard('s');
    expect(await readMessages()).toEqual(['1 fatura(s) registrada(s) como paga(s).']);
    expect(chamadas.find((c) => c.url === '/api/pagamentos/pagar')?.body).toEqual({ faturas: [{ id: 3, versao: 0 }] });
  });

  it('Liberar incontroverso (Alt+I) on the selected blocked fatura: the undisputed value in the question, then the POST', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}i{/Alt}');
    expect(chamadas.some((c) => c.url === '/api/pagamentos/liberar-incontroverso')).toBe(false);
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(linha('5002')).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Alt>}i{/Alt}');
    await screen.findByText(/Liberar a fatura 5002 pelo valor incontroverso \(R\$ 650,00\)\?/);
    await user.keyboard('s');
    expect(await readMessages()).toEqual(['1 fatura(s) liberada(s) pelo valor incontroverso.']);
    expect(chamadas.find((c) => c.url === '/api/pagamentos/liberar-incontroverso')?.body).toEqual({ faturas: [{ id: 2, versao: 0 }] });
  });
});
