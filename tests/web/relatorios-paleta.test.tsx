import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_PERIODO_INVALIDO } from '../../src/contracts/ordens-servico';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { fakeRelatoriosServer } from './helpers/fake-relatorios-server';
import { usuario } from './helpers/fixtures';
import { dialogoPronto } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

// docs/decisoes.md §28: the palette's "Relatórios" — four commands, each asking the period (current month to start
// with; validated in 'Advertência') and downloading its file; only for profiles allowed to call them.

function abrir(roles: string[]) {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() });
  const baixados: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
  return { ...renderApp({ caminho: '/ctes', usuario: usuario({ roles }), rotas: fakeRelatoriosServer().rotas }), baixados };
}

const paleta = async (user: ReturnType<typeof abrir>['user']) => {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Paleta de comandos' });
};

describe('palette: Relatórios', () => {
  it('lists the four reports under "Relatórios"; inadimplência (CSV) asks the period, validates it and downloads', async () => {
    const { user, chamadas, baixados } = abrir(['FRETE_CTE_M']);
    await screen.findByRole('heading', { name: 'Fretes' });
    let p = await paleta(user);
    const grupo = await within(p).findByRole('group', { name: 'Relatórios' });
    expect(within(grupo).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Relatórios: vendido × faturado',
      'Relatórios: consolidado',
      'Relatórios: inadimplência (PDF)',
      'Relatórios: inadimplência (CSV)',
    ]);
    await user.keyboard('inadimplência (CSV){Enter}');
    let d = await dialogoPronto('Inadimplência (CSV)');
    const { dataIni, dataFim } = mesSaoPaulo();
    const [a, m] = dataIni.split('-');
    expect(within(d).getByLabelText('Data inicial')).toHaveValue(`01/${m}/${a}`);
    // The end before the start: the contract's message in 'Advertência', nothing asked.
    await user.clear(within(d).getByLabelText('Data final'));
    await user.type(within(d).getByLabelText('Data final'), '01011999');
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages(/Advertência/)).toEqual([MSG_PERIODO_INVALIDO]);
    expect(chamadas.some((c) => c.url.startsWith('/api/inadimplencias'))).toBe(false);
    await user.keyboard('{Enter}');
    d = await dialogoPronto('Inadimplência (CSV)');
    await user.clear(within(d).getByLabelText('Data final'));
    await user.type(within(d).getByLabelText('Data final'), dataFim.split('-').reverse().join(''));
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inadimplência (CSV)' })).not.toBeInTheDocument());
    expect(chamadas.find((c) => c.url.startsWith('/api/inadimplencias/csv'))?.url).toBe(`/api/inadimplencias/csv?inicio=${dataIni}&fim=${dataFim}`);
    expect(baixados).toEqual([`inadimplencia-${dataIni}-a-${dataFim}.csv`]);

    // The consolidado is a DOCX of the same period.
    p = await paleta(user);
    await user.keyboard('Relatórios: consolidado{Enter}');
    await dialogoPronto('Consolidado');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(baixados).toEqual([`inadimplencia-${dataIni}-a-${dataFim}.csv`, `consolidado-${dataIni}-a-${dataFim}.docx`]));
    expect(chamadas.find((c) => c.url.startsWith('/api/acompanhamentos/consolidado'))?.headers.get('Accept')).toBe('application/vnd.openxmlformats-officedocument.wordprocessingml.document');
  });

  it('a profile without the report codes gets no "Relatórios"', async () => {
    const { user } = abrir(['FRETE_ROMA_M']);
    await screen.findByRole('heading', { name: 'Romaneios' }).catch(() => undefined);
    const p = await paleta(user);
    await user.keyboard('Relatórios');
    await waitFor(() => expect(within(p).queryByRole('option', { name: /Relatórios:/ })).not.toBeInTheDocument());
  });
});
