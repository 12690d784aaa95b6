import { afterEach, describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { acertarRelogio } from '../../../src/domain/relogio';
import { periodoPadrao } from '../../../src/web/features/pagamentos/desempenho-aba';
import { desempenhoCsv } from '../../../src/web/features/pagamentos/desempenho-csv';
import { usuario } from '../helpers/fixtures';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';
import { desempenho, fakePagamentosServer } from './fake-pagamentos-server';

// /pagamentos?aba=desempenho: the carriers' scorecard over a month range (default the last three months by the
// console's clock), the table and its CSV.

afterEach(() => acertarRelogio());

describe('Pagamentos › Desempenho das transportadoras', () => {
  it('the default range is the last three months, São Paulo, across a year turn', () => {
    expect(periodoPadrao(new Date('2026-02-01T02:00:00Z'))).toEqual({ inicio: '2025-11', fim: '2026-01' });
    expect(periodoPadrao(new Date('2026-12-15T12:00:00-03:00'))).toEqual({ inicio: '2026-10', fim: '2026-12' });
  });

  it('asks the scorecard of the default range, shows it, and refuses a range whose end comes first', async () => {
    acertarRelogio('2026-03-10T10:00:00-03:00');
    const servidor = fakePagamentosServer({ cartoes: [desempenho({ diasMediosResposta: null })] });
    const { user, chamadas } = renderApp({ caminho: '/pagamentos?aba=desempenho', usuario: usuario({ roles: ['FRETE_PAG_M'] }), rotas: servidor.rotas });
    const tabela = await screen.findByRole('grid', { name: 'Desempenho das transportadoras' }, { timeout: 15_000 });
    await within(tabela).findByText('Expresso Andrade Ltda');
    expect(chamadas.some((c) => c.url === '/api/pagamentos/desempenho?inicio=2026-01&fim=2026-03')).toBe(true);
    for (const texto of ['03/2025', '120', '12,5 %', 'R$ 3.456,78', 'R$ 1.200,00', '—']) expect(within(tabela).getByText(texto)).toBeInTheDocument();

    const inicio = screen.getByLabelText('Mês inicial');
    await user.clear(inicio);
    await user.type(inicio, '2026-05{Enter}');
    expect(await readMessages()).toEqual(['Período informado inválido, o mês final deve ser maior ou igual ao inicial.']);
  });

  it('the CSV: BOM, ";" separated, decimal comma, a blank for no answer yet, a formula-like name neutralised', () => {
    const csv = desempenhoCsv([
      desempenho({ transportadora: 'Andrade; Filhos', diasMediosResposta: null }),
      desempenho({ transportadora: '=HYPERLINK("http://x")', diasMediosResposta: null }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'CNPJ da transportadora;Transportadora;Mês;CT-es cobrados;% divergente;Cobrado a mais;Recuperado;Dias p/ resposta',
      '11222333000181;"Andrade; Filhos";2025-03;120;12,5;3.456,78;1.200,00;',
      `11222333000181;"'=HYPERLINK(""http://x"")";2025-03;120;12,5;3.456,78;1.200,00;`,
      '',
    ]);
  });
});
