import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { mensagemAlcadaInsuficiente } from '../../../src/contracts/alcadas';
import { REGRAS, type BloqueioPagamento } from '../../../src/contracts/pagamentos';
import { json, rota } from '../helpers/fetch-stub';
import { usuario } from '../helpers/fixtures';
import { dialogoPronto } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { faturaLinha, fakeFaturasServer } from './fake-faturas-server';

const bloqueio = (regra: BloqueioPagamento['regra'], faturaCteId: number | null, cte: string | null): BloqueioPagamento => ({
  regra,
  faturaCteId,
  cte,
  motivo: REGRAS[regra].motivo,
  quemDesbloqueia: REGRAS[regra].quemDesbloqueia,
});
const BLOQUEADA = faturaLinha(1, {
  situacaoPagamento: 'BLOQUEADA',
  bloqueios: [bloqueio('VALOR_ACIMA_AUDITADO', null, null)],
  valorAPagar: '1100.00',
  valorContestado: '30.00',
  descontoContestacoes: '4.56',
});
const DETALHE = { bloqueios: [bloqueio('VALOR_ACIMA_AUDITADO', 916, '2016/1'), bloqueio('CTE_NAO_ENCONTRADO', 921, '2021/1')] };
const ALCADA = mensagemAlcadaInsuficiente('500,00');

const abrir = ({ roles = ['FRETE_FAT_M', 'FRETE_PAG_M', 'FRETE_PAG_C', 'FRETE_PAG_E'], caminho = '/faturas' } = {}) => {
  const servidor = fakeFaturasServer({ linhas: [BLOQUEADA, faturaLinha(2), faturaLinha(3, { situacaoPagamento: 'EXPORTADA' })], completas: { 1: DETALHE } });
  const liberar = rota('POST', '/api/faturas/liberar', () => json({ mensagens: [ALCADA] }, 409));
  return renderApp({ caminho, usuario: usuario({ roles }), rotas: [liberar, ...servidor.rotas] });
};
const grade = () => screen.getByRole('grid', { name: 'Faturas' });
const celulaPagamento = (numero: string) => {
  const r = within(grade()).getAllByRole('row').find((l) => within(l).queryAllByRole('gridcell')[2]?.textContent === numero)!;
  return within(r).getAllByRole('gridcell').at(-2)!;
};
const paletaTem = async (user: ReturnType<typeof abrir>['user'], titulo: string) => {
  await user.keyboard('{Control>}k{/Control}');
  const p = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
  await user.keyboard(titulo);
  const tem = within(p).queryByRole('option', { name: new RegExp(titulo) }) !== null;
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paleta de comandos' })).not.toBeInTheDocument());
  return tem;
};

describe('Faturas: the payment situation (issue 29)', () => {
  it('the list shows the "Pagamento" column and filters by "Situação de pagamento"', async () => {
    const { user, chamadas } = abrir();
    await screen.findByText('DOCCOB_1.txt', {}, { timeout: 15_000 });
    expect(celulaPagamento('5001')).toHaveTextContent('Bloqueada');
    expect(celulaPagamento('5001').querySelector('[title]')?.getAttribute('title')).toBe(REGRAS.VALOR_ACIMA_AUDITADO.motivo);
    expect(celulaPagamento('5002')).toHaveTextContent('Liberada');
    expect(celulaPagamento('5003')).toHaveTextContent('Exportada');
    const filtro = screen.getByLabelText('Situação de pagamento');
    expect([...(filtro as HTMLSelectElement).options].map((o) => o.textContent)).toEqual(['Todas', 'Em conferência', 'Bloqueada', 'Liberada', 'Exportada', 'Paga', 'Cancelada']);
    await user.selectOptions(filtro, 'Bloqueada');
    await user.type(screen.getByLabelText('Documento'), '{Enter}');
    await waitFor(() => expect(chamadas.some((c) => c.url.startsWith('/api/faturas?') && c.url.includes('situacaoPagamento=BLOQUEADA'))).toBe(true));
    expect(new URLSearchParams(window.location.search).get('situacaoPagamento')).toBe('BLOQUEADA');
  });

  it('the Pagamento tab (Alt+3): situation, values and each blocked line with its reason and who unblocks it', async () => {
    const { user } = abrir({ caminho: '/faturas?ver=1' });
    const d = await dialogoPronto('Fatura', 15_000);
    await user.keyboard('{Alt>}3{/Alt}');
    const cartao = await within(d).findByRole('region', { name: 'Pagamento' });
    for (const t of ['SituaçãoBloqueada', 'Valor a pagarR$ 1.100,00', 'Valor contestadoR$ 30,00', 'Desconto de contestaçõesR$ 4,56']) expect(cartao).toHaveTextContent(t);
    const linhas = within(within(d).getByRole('table', { name: 'Bloqueios da fatura' })).getAllByRole('row').slice(1);
    expect(linhas.map((l) => within(l).getAllByRole('cell').map((c) => c.textContent))).toEqual([
      ['2016/1', REGRAS.VALOR_ACIMA_AUDITADO.rotulo, REGRAS.VALOR_ACIMA_AUDITADO.motivo, REGRAS.VALOR_ACIMA_AUDITADO.quemDesbloqueia],
      ['2021/1', REGRAS.CTE_NAO_ENCONTRADO.rotulo, REGRAS.CTE_NAO_ENCONTRADO.motivo, REGRAS.CTE_NAO_ENCONTRADO.quemDesbloqueia],
    ]);
  });

  it('"Liberar fatura" (Alt+B) asks the reason and shows the alçada 409 message, the dialog staying open', async () => {
    const { user, chamadas } = abrir({ caminho: '/faturas?ver=1' });
    await dialogoPronto('Fatura', 15_000);
    // The same palette search the permissions test relies on finds it here (FRETE_PAG_E, a BLOQUEADA fatura).
    expect(await paletaTem(user, 'Liberar fatura')).toBe(true);
    expect(await paletaTem(user, 'Contestar fatura')).toBe(true);
    await user.keyboard('{Alt>}b{/Alt}');
    const d = await dialogoPronto('Liberar fatura 5001');
    expect(d).toHaveTextContent('Valor a pagar: R$ 1.100,00');
    await user.type(within(d).getByLabelText('Motivo da liberação'), 'Vencimento negociado');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual([ALCADA]);
    expect(chamadas.find((c) => c.url === '/api/faturas/liberar')?.body).toEqual({ id: 1, versao: 0, motivo: 'Vencimento negociado' });
    await user.keyboard('{Enter}');
    expect(screen.getByRole('dialog', { name: 'Liberar fatura 5001' })).toBeInTheDocument();
  });

  it('the commands need the permissions: without FRETE_PAG_C / FRETE_PAG_E neither Contestar nor Liberar', async () => {
    const { user } = abrir({ roles: ['FRETE_FAT_M', 'FRETE_PAG_M'], caminho: '/faturas?ver=1' });
    const d = await dialogoPronto('Fatura', 15_000);
    expect(await paletaTem(user, 'Contestar fatura')).toBe(false);
    expect(await paletaTem(user, 'Liberar fatura')).toBe(false);
    expect(within(d).queryByRole('button', { name: /Liberar fatura/ })).not.toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: /Contestar fatura/ })).not.toBeInTheDocument();
  });
});
