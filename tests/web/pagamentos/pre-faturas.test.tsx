import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { ROTULO_COMPARACAO } from '../../../src/contracts/pre-faturas';
import { acertarRelogio } from '../../../src/domain/relogio';
import { mesAnterior } from '../../../src/web/features/pagamentos/pre-faturas-gerar-dialog';
import { usuario } from '../helpers/fixtures';
import { focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { fakePagamentosServer, linhaComparacao, preFatura } from './fake-pagamentos-server';

// /pagamentos?aba=pre-faturas: the pré-faturas list, "Gerar pré-fatura" (FRETE_PAG_C; carrier, period, minimum
// difference; Ctrl+S), the PDF, CSV and DOCCOB of the selected one and its comparison with the faturas.

afterEach(() => acertarRelogio());

const TODOS = ['FRETE_PAG_M', 'FRETE_PAG_C', 'FRETE_PAG_E'];
type Opcoes = Parameters<typeof fakePagamentosServer>[0];

function abrir(roles = TODOS, opcoes: Opcoes = {}) {
  Object.assign(URL, {
    createObjectURL: vi.fn(() => 'blob:x'),
    revokeObjectURL: vi.fn(),
  });
  const baixados: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
  const servidor = fakePagamentosServer({
    preFaturas: [
      preFatura(32),
      preFatura(31, {
        inicio: '2026-01-01',
        fim: '2026-01-31',
        quantidade: 1234,
        valorTotal: '987654.32',
      }),
    ],
    ...opcoes,
  });
  return {
    ...renderApp({
      caminho: '/pagamentos?aba=pre-faturas',
      usuario: usuario({ roles }),
      rotas: servidor.rotas,
    }),
    baixados,
  };
}
const grade = () => screen.getByRole('grid', { name: 'Pré-faturas' });
const pronto = async () => {
  const g = await screen.findByRole('grid', { name: 'Pré-faturas' }, { timeout: 15_000 });
  await within(g).findByText('32');
  return g;
};
const abrirPaleta = async (user: ReturnType<typeof abrir>['user']) => {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Paleta de comandos' });
};
const dialogoGerar = () => screen.findByRole('dialog', { name: 'Gerar pré-fatura' });

describe('Pagamentos › Pré-faturas', () => {
  it('the default period is the previous month, São Paulo, across a year turn', () => {
    expect(mesAnterior(new Date('2026-01-01T02:00:00Z'))).toEqual({
      inicio: '2025-11-01',
      fim: '2025-11-30',
    });
    expect(mesAnterior(new Date('2026-03-15T12:00:00-03:00'))).toEqual({
      inicio: '2026-02-01',
      fim: '2026-02-28',
    });
  });

  it('lists the pré-faturas: Nº, carrier, period, creation, CT-es and the accepted value', async () => {
    const { chamadas } = abrir(['FRETE_PAG_M']);
    const g = await pronto();
    const cabecalhos = within(g)
      .getAllByRole('columnheader')
      .map((c) => c.textContent?.trim());
    expect(cabecalhos).toEqual(['Nº', 'Transportadora', 'Período', 'Criada em', 'CT-es', 'Valor aceito']);
    expect(screen.getByRole('tab', { name: 'Pré-faturas' })).toHaveAttribute('aria-selected', 'true');
    for (const texto of ['01/01/2026 a 31/01/2026', '1.234', 'R$ 987.654,32', '02/03/2026', 'R$ 15.432,10'])
      expect(within(g).getAllByText(texto).length).toBeGreaterThan(0);
    expect(chamadas.some((c) => c.method === 'GET' && c.url === '/api/pre-faturas')).toBe(true);
  });

  it('Alt+3 opens the tab from Faturas', async () => {
    const { user } = renderApp({
      caminho: '/pagamentos',
      usuario: usuario({ roles: TODOS }),
      rotas: fakePagamentosServer({ preFaturas: [preFatura(32)] }).rotas,
    });
    await screen.findByRole('grid', { name: 'Faturas a pagar' }, { timeout: 15_000 });
    await user.keyboard('{Alt>}3{/Alt}');
    await within(await screen.findByRole('grid', { name: 'Pré-faturas' })).findByText('32');
    expect(new URLSearchParams(window.location.search).get('aba')).toBe('pre-faturas');
  });

  it('Gerar pré-fatura (Alt+N): the carrier by its id, the previous month as ISO dates, a blank difference left out; Ctrl+S creates and says so', async () => {
    acertarRelogio('2026-03-10T10:00:00-03:00');
    const { user, chamadas } = abrir();
    await pronto();
    await user.keyboard('{Alt>}n{/Alt}');
    const d = await dialogoGerar();
    expect(within(d).getByLabelText('Data inicial')).toHaveValue('01/02/2026');
    expect(within(d).getByLabelText('Data final')).toHaveValue('28/02/2026');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual(['Transportadora: escolha a transportadora da pré-fatura.']);
    await user.keyboard('{Enter}');
    await user.type(within(d).getByRole('combobox', { name: 'Transportadora' }), 'Expr');
    await user.click(await screen.findByRole('option', { name: 'Expresso Andrade Ltda' }));
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual(['Pré-fatura 40 criada com 3 CT-e(s).']);
    expect(chamadas.find((c) => c.method === 'POST' && c.url === '/api/pre-faturas')?.body).toEqual({
      transportadora: 7,
      inicio: '2026-02-01',
      fim: '2026-02-28',
    });
    expect(screen.queryByRole('dialog', { name: 'Gerar pré-fatura' })).not.toBeInTheDocument();
    // The list is read again.
    expect(chamadas.filter((c) => c.method === 'GET' && c.url === '/api/pre-faturas').length).toBeGreaterThan(1);
  });

  it('sends the minimum difference typed the pt-BR way; a 409 shows the server message and keeps the dialog', async () => {
    const mensagem = 'Nenhum CT-e auditado da transportadora no período que já não esteja em outra pré-fatura.';
    const { user, chamadas } = abrir(TODOS, {
      recusaPreFatura: { status: 409, mensagens: [mensagem] },
    });
    await pronto();
    await user.click(screen.getByRole('button', { name: /Gerar pré-fatura/ }));
    const d = await dialogoGerar();
    await user.type(within(d).getByRole('combobox', { name: 'Transportadora' }), 'Expr');
    await user.click(await screen.findByRole('option', { name: 'Expresso Andrade Ltda' }));
    const inicio = within(d).getByLabelText('Data inicial');
    await user.clear(inicio);
    await user.type(inicio, '15012026');
    await user.type(within(d).getByLabelText('Diferença mínima'), '0,5');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual([mensagem]);
    const post = chamadas.find((c) => c.method === 'POST' && c.url === '/api/pre-faturas');
    expect(post?.body).toMatchObject({
      transportadora: 7,
      inicio: '2026-01-15',
      diferencaMinima: '0.5',
    });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Gerar pré-fatura' })).toBeInTheDocument();
    expect(chamadas.filter((c) => c.method === 'POST' && c.url === '/api/pre-faturas')).toHaveLength(1);
  });

  it('downloads the PDF, CSV and DOCCOB of the selected pré-fatura', async () => {
    const { user, chamadas, baixados } = abrir(['FRETE_PAG_M']);
    await pronto();
    await focar(grade());
    await user.keyboard('{ArrowDown}');
    await user.keyboard('{Alt>}i{/Alt}');
    await waitFor(() => expect(baixados).toEqual(['pre-fatura-31.pdf']));
    await user.click(screen.getByRole('button', { name: /Baixar CSV/ }));
    await waitFor(() => expect(baixados).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: /Baixar DOCCOB/ }));
    await waitFor(() => expect(baixados).toEqual(['pre-fatura-31.pdf', 'pre-fatura-31.csv', 'pre-fatura-31.txt']));
    const arquivos = chamadas.filter((c) => /\/api\/pre-faturas\/\d+\/(pdf|csv|doccob)/.test(c.url)).map((c) => c.url);
    expect(arquivos).toEqual(['/api/pre-faturas/31/pdf', '/api/pre-faturas/31/csv', '/api/pre-faturas/31/doccob']);
  });

  it('Comparar com as faturas: the four outcomes, those that need a look first', async () => {
    const comparacao = [
      linhaComparacao(1),
      linhaComparacao(2, {
        valorFaturado: '120.00',
        situacao: 'VALOR_DIFERENTE',
      }),
      linhaComparacao(3, {
        valorFaturado: null,
        faturas: [],
        situacao: 'NAO_FATURADO',
      }),
      linhaComparacao(4, {
        valorAceito: null,
        valorFaturado: '80.00',
        faturas: ['5009'],
        situacao: 'FATURADO_FORA',
      }),
    ];
    const { user, chamadas } = abrir(['FRETE_PAG_M'], { comparacao });
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}c{/Alt}');
    const d = await screen.findByRole('dialog', {
      name: /Comparar com as faturas: pré-fatura 32/,
    });
    const tabela = within(d).getByRole('grid', {
      name: 'Comparação com as faturas',
    });
    await within(tabela).findByText('9002/1');
    const situacoes = within(tabela)
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('gridcell').at(-1)?.textContent);
    expect(situacoes).toEqual([ROTULO_COMPARACAO.VALOR_DIFERENTE, ROTULO_COMPARACAO.NAO_FATURADO, ROTULO_COMPARACAO.FATURADO_FORA, ROTULO_COMPARACAO.IGUAL]);
    expect(within(tabela).getByText('R$ 120,00')).toBeInTheDocument();
    expect(within(d).getByText('3 de 4 CT-e(s) pedem atenção.')).toBeInTheDocument();
    expect(chamadas.some((c) => c.url === '/api/pre-faturas/32/comparacao')).toBe(true);
  });

  it('without FRETE_PAG_C: no "Gerar pré-fatura", neither button nor palette command nor key', async () => {
    const { user } = abrir(['FRETE_PAG_M']);
    await pronto();
    expect(screen.queryByRole('button', { name: /Gerar pré-fatura/ })).not.toBeInTheDocument();
    const paleta = await abrirPaleta(user);
    await user.keyboard('pré-fatura');
    expect(await within(paleta).findByRole('option', { name: /Baixar PDF/ })).toBeInTheDocument();
    expect(within(paleta).queryByRole('option', { name: /Gerar pré-fatura/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await focar(grade());
    await user.keyboard('{Alt>}n{/Alt}');
    expect(screen.queryByRole('dialog', { name: 'Gerar pré-fatura' })).not.toBeInTheDocument();
  });

  it('with FRETE_PAG_C the palette offers Gerar pré-fatura', async () => {
    const { user } = abrir();
    await pronto();
    const paleta = await abrirPaleta(user);
    await user.keyboard('Gerar pré');
    await user.click(await within(paleta).findByRole('option', { name: /Gerar pré-fatura/ }));
    expect(await dialogoGerar()).toBeInTheDocument();
  });
});
