import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_INFORME_UM_CAMPO, MSG_NENHUM_INDICADOR } from '../../src/contracts/indicadores';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { fakeIndicadoresServer } from './helpers/fake-indicadores-server';
import { usuario } from './helpers/fixtures';
import { focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

// The Freight Indicators panel of /ctes (spec 03 §2.6) for a Fretes-only profile.
const abrir = (vazio = false) => {
  const servidor = fakeIndicadoresServer({ vazio });
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:csv'), revokeObjectURL: vi.fn() });
  return { ...renderApp({ usuario: usuario({ roles: ['FRETE_CTE_M'] }), rotas: servidor.rotas }), servidor };
};
const painel = () => screen.getByRole('region', { name: /Indicadores de frete/ });
const pronto = async () => {
  await screen.findByRole('heading', { name: 'Fretes' });
  await waitFor(() => expect(screen.getByLabelText('Nº da fatura', { selector: 'input' })).toHaveFocus());
};

describe('Indicadores de frete panel (/ctes)', () => {
  it('is closed by default; Alt+X opens it on its first field; Esc closes it and gives the focus back', async () => {
    const { user } = abrir();
    await pronto();
    const alternar = within(painel()).getByRole('button', { name: /Indicadores de frete/ });
    expect(alternar).toHaveAttribute('aria-expanded', 'false');
    expect(within(painel()).queryByLabelText('Período inicial')).not.toBeInTheDocument();
    const origem = screen.getAllByLabelText('Nº do CT-e')[0];
    await focar(origem);
    await user.keyboard('{Alt>}x{/Alt}');
    await waitFor(() => expect(within(painel()).getByLabelText('Período inicial')).toHaveFocus());
    expect(alternar).toHaveAttribute('aria-expanded', 'true');
    expect(within(painel()).getByRole('radio', { name: 'Data de emissão da NF' })).toBeChecked();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(origem).toHaveFocus());
    expect(alternar).toHaveAttribute('aria-expanded', 'false');
  });

  it('opens from the palette command "Indicadores de frete"; the route itself is not offered to a Fretes-only profile', async () => {
    const { user } = abrir();
    await pronto();
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(within(paleta).getByRole('group', { name: 'Navegação' })).getAllByRole('option').map((o) => o.textContent)).toEqual(['Fretes', 'Ocorrências']);
    await user.keyboard('Indicadores de frete');
    await waitFor(() => expect(within(paleta).getAllByRole('option')[0]).toHaveTextContent('Indicadores de frete'));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(painel()).getByLabelText('Período inicial')).toHaveFocus());
  });

  it('CSV Indicadores-Frete: GET /vw/frete-indicadores-base with the filter and formato=csv, progress, then the file', async () => {
    const { user, chamadas, servidor } = abrir();
    await pronto();
    await user.keyboard('{Alt>}x{/Alt}');
    await waitFor(() => expect(within(painel()).getByLabelText('Período inicial')).toHaveFocus());
    await user.click(within(painel()).getByRole('radio', { name: 'Data de emissão do CT-e' }));
    await user.type(within(painel()).getByLabelText('Nº da fatura'), 'F77');
    await user.click(within(painel()).getByRole('button', { name: 'CSV Indicadores-Frete' }));
    expect(await within(painel()).findByText('Baixando… 2 de 4 linhas')).toHaveAttribute('role', 'status');
    expect(within(painel()).getByRole('button', { name: 'CSV Indicadores' })).toHaveAttribute('aria-disabled', 'true');
    const chamada = chamadas.find((c) => c.url.startsWith('/api/vw/frete-indicadores-base?'))!;
    const { dataIni, dataFim } = mesSaoPaulo();
    for (const p of ['filtroRadioGroup=CTE', `dataEmissao_inicio=${dataIni}`, `dataEmissao_fim=${dataFim}`, 'numeroFatura=F77', 'formato=csv']) expect(chamada.url).toContain(p);
    expect(chamada.method).toBe('GET');
    servidor.liberar();
    expect(await within(painel()).findByText('Arquivo salvo: Indicadores-Frete.csv')).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
  });

  it('CSV Indicadores: POST /indicadores/frete-base with the filter in the query', async () => {
    const { user, chamadas, servidor } = abrir();
    await pronto();
    await user.keyboard('{Alt>}x{/Alt}');
    await waitFor(() => expect(within(painel()).getByLabelText('Período inicial')).toHaveFocus());
    await user.click(within(painel()).getByRole('button', { name: 'CSV Indicadores' }));
    await waitFor(() => expect(chamadas.some((c) => c.url.startsWith('/api/indicadores/frete-base?'))).toBe(true));
    const chamada = chamadas.find((c) => c.url.startsWith('/api/indicadores/frete-base?'))!;
    expect(chamada.method).toBe('POST');
    expect(chamada.url).toContain('filtroRadioGroup=NF');
    expect(chamada.url).not.toContain('formato=');
    servidor.liberar();
    expect(await within(painel()).findByText('Arquivo salvo: Indicadores.csv')).toBeInTheDocument();
  });

  it('warns in Advertência without a field (the panel has no CT-e number) and calls nothing', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.keyboard('{Alt>}x{/Alt}');
    await waitFor(() => expect(within(painel()).getByLabelText('Período inicial')).toHaveFocus());
    await user.clear(within(painel()).getByLabelText('Período inicial'));
    await user.clear(within(painel()).getByLabelText('Período final'));
    await user.click(within(painel()).getByRole('button', { name: 'CSV Indicadores' }));
    expect(await readMessages(/Advertência/)).toEqual([MSG_INFORME_UM_CAMPO]);
    expect(chamadas.some((c) => c.url.includes('indicadores'))).toBe(false);
  });

  it('nothing found: the server message dialog', async () => {
    const { user } = abrir(true);
    await pronto();
    await user.keyboard('{Alt>}x{/Alt}');
    await waitFor(() => expect(within(painel()).getByLabelText('Período inicial')).toHaveFocus());
    await user.click(within(painel()).getByRole('button', { name: 'CSV Indicadores-Frete' }));
    expect(await readMessages(/Mensagem do servidor/)).toEqual([MSG_NENHUM_INDICADOR]);
  });
});
