import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_REAJUSTE_PERIODO_INVERTIDO, MSG_REAJUSTE_SEM_PROPOSTA, type ResultadoReajuste, type TracoReajuste } from '../../src/contracts/reajuste';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';
import { ANDRADE, fakeTabelasFreteServer, resultado, tabelaAndrade } from './helpers/fake-tabelas-frete-server';
import { json, rota } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

// Issue 32: the reajuste simulation of a freight table, opened from the list (Alt+J) or the table dialog.

const TODAS = ['FRETE_TABFR_M', 'FRETE_TABFR_C', 'FRETE_TABFR_E', 'FRETE_TABFR_D', 'FRETE_CTE_M'];

const cte = (id: number, numero: number, uf: string, esperado: string, simulado: string, falha: string | null = null) => ({
  id,
  numero,
  dataEmissao: '2026-11-10',
  ufDestino: uf,
  esperado,
  cobrado: esperado,
  simulado,
  diferenca: (Number(simulado) - Number(esperado)).toFixed(2),
  falha,
});
const RESULTADO: ResultadoReajuste = {
  tabela: { id: 1, versao: 3, transportadora: ANDRADE },
  dataIni: '2026-11-01',
  dataFim: '2026-11-30',
  proposta: 'Reajuste geral de 10 %',
  total: { ctes: 2, esperado: '300.00', cobrado: '310.00', simulado: '330.00' },
  porUf: [
    { uf: 'RJ', ctes: 1, esperado: '100.00', cobrado: '110.00', simulado: '110.00' },
    { uf: 'SP', ctes: 1, esperado: '200.00', cobrado: '200.00', simulado: '220.00' },
  ],
  porElemento: [{ descricao: 'Frete peso', esperado: '250.00', simulado: '275.00' }],
  ctes: [cte(501, 1234, 'SP', '200.00', '220.00'), cte(502, 1235, 'RJ', '100.00', '110.00')],
  totalCtes: 2,
  outrasTabelas: 3,
};
const TRACO: TracoReajuste = {
  cte: RESULTADO.ctes[0],
  calculo: resultado(ANDRADE, {
    elementosCusto: [{ descricao: 'Frete peso', valor: '135.80', tipo: 'ELEMENTO', nivel: 'PERCURSO' }],
    valorTotal: '220.00',
    traco: ['Reajuste geral de 10 %: Frete peso 123,45 → 135,80'],
  }),
};

function abrir(roles = TODAS) {
  const servidor = fakeTabelasFreteServer({ tabelas: [tabelaAndrade()] });
  const rotas = [
    rota('POST', '/api/tabelas-frete/1/reajuste', (c) =>
      c.url.includes('formato=pdf') ? new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="reajuste-tabela-1.pdf"' } }) : json(RESULTADO),
    ),
    rota('POST', '/api/tabelas-frete/1/reajuste/ctes/501', () => json(TRACO)),
    ...servidor.rotas,
  ];
  return renderApp({ caminho: '/tabelas-frete', usuario: usuario({ roles }), rotas });
}
const grade = () => screen.getByRole('grid', { name: 'Tabelas de Frete' });

/** Last month by the console's clock, as the fields show it (dd/mm/aaaa). */
function mesPassado(): [string, string] {
  const [ano, mes] = dataSaoPaulo(relogio.agora())!.split('-').map(Number);
  const [a, m] = mes === 1 ? [ano - 1, 12] : [ano, mes - 1];
  const ultimo = new Date(Date.UTC(a, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return [`01/${mm}/${a}`, `${ultimo}/${mm}/${a}`];
}

async function abrirReajuste(user: ReturnType<typeof abrir>['user']) {
  await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
  await focar(grade());
  await user.keyboard('{Alt>}j{/Alt}');
  return dialogoPronto('Simular reajuste', 5000);
}

let baixados: string[];
beforeEach(() => {
  baixados = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:reajuste'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('reajuste simulation', () => {
  it('opens on last month (console clock) with a field per element; nothing proposed or an inverted period is refused before the server', async () => {
    const { user, chamadas } = abrir();
    const d = await abrirReajuste(user);
    const [ini, fim] = mesPassado();
    expect(within(d).getByLabelText('Início do período')).toHaveFocus();
    expect(within(d).getByLabelText('Início do período')).toHaveValue(ini);
    expect(within(d).getByLabelText('Fim do período')).toHaveValue(fim);
    // Frete peso (every level, once) and GRIS.
    expect(within(within(d).getByRole('group', { name: /Reajuste por elemento/ })).getAllByRole('textbox')).toHaveLength(2);
    expect(within(d).getByLabelText('Frete peso')).toBeInTheDocument();
    expect(within(d).getByLabelText('GRIS')).toBeInTheDocument();

    await user.keyboard('{Alt>}s{/Alt}');
    expect(await readMessages()).toEqual([MSG_REAJUSTE_SEM_PROPOSTA]);
    await user.keyboard('{Enter}');
    await user.click(within(d).getByLabelText('Fim do período'));
    await user.keyboard('{Control>}a{/Control}01012020');
    await user.click(within(d).getByLabelText('GRIS'));
    await user.keyboard('5');
    await user.keyboard('{Alt>}s{/Alt}');
    expect(await readMessages()).toEqual([MSG_REAJUSTE_PERIODO_INVERTIDO]);
    expect(chamadas.some((c) => c.url.includes('/reajuste'))).toBe(false);
  });

  it('Alt+S with 10 %: totals per UF and per element, the CT-es grid takes the focus, Enter opens the trace, Alt+B downloads the PDF', async () => {
    const { user, chamadas } = abrir();
    const d = await abrirReajuste(user);
    await user.click(within(d).getByLabelText('Reajuste geral (%)'));
    await user.keyboard('10');
    await user.click(within(d).getByLabelText('Frete peso'));
    await user.keyboard('7,5');
    await user.keyboard('{Alt>}s{/Alt}');
    const ctes = await within(d).findByRole('grid', { name: 'CT-es do reajuste' });
    await waitFor(() => expect(ctes).toHaveFocus());
    const [ini, fim] = mesPassado().map((x) => x.split('/').reverse().join('-'));
    const pedido = chamadas.find((c) => c.url.startsWith('/api/tabelas-frete/1/reajuste'))!;
    expect(pedido.url).toBe('/api/tabelas-frete/1/reajuste?formato=json');
    expect(pedido.body).toEqual({ dataIni: ini, dataFim: fim, percentualGeral: '10', percentuais: [{ descricao: 'Frete peso', percentual: '7.5' }] });

    const porUf = within(d).getByRole('table', { name: 'Comparação por UF de destino' });
    const texto = (t: HTMLElement) => [...t.querySelectorAll('tr')].map((r) => [...r.querySelectorAll('th,td')].map((c) => c.textContent).join(' | '));
    expect(texto(porUf)).toEqual([
      'UF | CT-es | Esperado | Cobrado | Simulado | Simulado − esperado | Simulado − cobrado',
      'RJ | 1 | R$ 100,00 | R$ 110,00 | R$ 110,00 | R$ 10,00 | R$ 0,00',
      'SP | 1 | R$ 200,00 | R$ 200,00 | R$ 220,00 | R$ 20,00 | R$ 20,00',
      'Total | 2 | R$ 300,00 | R$ 310,00 | R$ 330,00 | R$ 30,00 | R$ 20,00',
    ]);
    expect(texto(within(d).getByRole('table', { name: 'Comparação por elemento de custo' }))).toEqual(['Elemento | Esperado | Simulado | Diferença', 'Frete peso | R$ 250,00 | R$ 275,00 | R$ 25,00']);
    expect(d).toHaveTextContent('Reajuste geral de 10 %: 2 CT-es simulados; 3 auditados com outra tabela ficaram de fora.');
    expect(within(ctes).getAllByRole('row')[1]).toHaveTextContent('1234');

    await user.keyboard('{Enter}');
    const traco = await dialogoPronto('CT-e 1234 com o reajuste', 5000);
    expect(within(traco).getByRole('table', { name: 'Elementos de custo de Expresso Andrade Ltda' })).toHaveTextContent('Frete pesoR$ 135,80');
    expect(within(traco).getByRole('region', { name: 'Memória de cálculo' })).toHaveTextContent('Reajuste geral de 10 %: Frete peso 123,45 → 135,80');
    expect(chamadas.find((c) => c.url === '/api/tabelas-frete/1/reajuste/ctes/501')?.body).toEqual(pedido.body);
    await user.keyboard('{Escape}');
    await dialogoFechado('CT-e 1234 com o reajuste');

    await user.keyboard('{Alt>}b{/Alt}');
    await waitFor(() => expect(baixados).toEqual(['reajuste-tabela-1.pdf']));
    expect(within(d).getByText('Arquivo salvo: reajuste-tabela-1.pdf')).toBeInTheDocument();
    const pdf = chamadas.find((c) => c.url.includes('formato=pdf'))!;
    expect(pdf.body).toEqual(pedido.body);
  });

  it('from the table dialog: Alt+J opens the reajuste of that table over it, Esc goes back to the table', async () => {
    const { user } = abrir();
    await screen.findByText('Expresso Andrade Ltda', {}, { timeout: 5000 });
    await focar(grade());
    await user.keyboard('{Enter}');
    const tabela = await dialogoPronto('Editar tabela de frete', 5000);
    await within(tabela).findByRole('grid', { name: 'Percursos' });
    expect(within(screen.getByRole('dialog', { name: 'Editar tabela de frete' })).getByRole('button', { name: /Exportar para Excel/ })).toBeInTheDocument();
    await user.keyboard('{Alt>}j{/Alt}');
    const d = await dialogoPronto('Simular reajuste', 5000);
    expect(d).toHaveTextContent('Tabela de Expresso Andrade Ltda, vigência 01/01/2025 a 31/12/2025.');
    await user.keyboard('{Escape}');
    await dialogoFechado('Simular reajuste');
    expect(screen.getByRole('dialog', { name: 'Editar tabela de frete' })).toBeInTheDocument();
  });
});
