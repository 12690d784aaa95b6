import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeRomaneiosOsServer, linhaDe, romaneioOs } from './helpers/fake-romaneios-os-server';
import { fakeRomaneiosServer, romaneioLinha } from './helpers/fake-romaneios-server';
import { json, rota, type Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto } from './helpers/focar';
import { renderApp } from './helpers/render-app';

// The palette's record search finds manifests of both flavours by number (issue 15): "Romaneios de frete"
// (GET /romaneios/listar?numero=) and "Romaneios de O.S." (GET /romaneios-colacril/listar?numero=), each hit
// opening its dialog on its tab of /romaneios; only for users with FRETE_ROMA_M.

const FRETE = romaneioLinha(1, { numero: 4501, status: 'FATURAMENTO' });
const OS = romaneioOs(2, { numero: 4502 });

/** Both fake servers; the O.S. search answers the numbers starting with the digits (the fake lists them all). */
function abrir(roles: string[], caminho = '/ctes') {
  const frete = fakeRomaneiosServer({ linhas: [FRETE] });
  const os = fakeRomaneiosOsServer({ romaneios: [OS] });
  const buscaOs = rota('GET', '/api/romaneios-colacril/listar', (c) =>
    json([OS].map(linhaDe).filter((l) => String(l.numero).startsWith(new URL(c.url, 'http://x').searchParams.get('numero') ?? ''))),
  );
  return renderApp({ caminho, usuario: usuario({ roles }), rotas: [buscaOs, ...os.rotas, ...frete.rotas] });
}

const abrirPaleta = async (user: ReturnType<typeof abrir>['user']) => {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Paleta de comandos' });
};
const buscas = (chamadas: Chamada[]) => chamadas.filter((c) => /^\/api\/romaneios(-colacril)?\/listar\?/.test(c.url)).map((c) => c.url);

describe('command palette: manifests by number', () => {
  it('digits list a manifest of each flavour, labelled with status, date, driver (and carrier); Enter opens its dialog on its tab', async () => {
    const { user, chamadas } = abrir(['FRETE_CTE_M', 'FRETE_ROMA_M', 'FRETE_ROMA_E']);
    await screen.findByRole('heading', { name: 'Fretes' });
    let paleta = await abrirPaleta(user);
    await user.keyboard('450');
    const frete = await within(paleta).findByRole('group', { name: 'Romaneios de frete' });
    const os = await within(paleta).findByRole('group', { name: 'Romaneios de O.S.' });
    expect(buscas(chamadas)).toEqual(expect.arrayContaining(['/api/romaneios/listar?numero=450', '/api/romaneios-colacril/listar?numero=450']));
    expect(within(frete).getByRole('option')).toHaveTextContent('Romaneio 4501Faturamento · 10/03/2025 · João da Silva');
    expect(within(os).getByRole('option')).toHaveTextContent('Romaneio de O.S. 4502Expedição · 10/03/2025 · João da Silva · Expresso Andrade Ltda');

    // The freight-cost hit is the first option: Enter opens it on the first tab.
    await waitFor(() => expect(within(frete).getByRole('option')).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Enter}');
    await dialogoPronto('Romaneio de frete 4501 — Faturamento');
    expect(window.location.pathname).toBe('/romaneios');
    expect(screen.getByRole('tab', { name: 'Romaneios de frete', hidden: true })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Escape}');
    await dialogoFechado(/Romaneio de frete/);

    // The service-order hit opens on the O.S. tab (?aba=os), whose list filters are kept once ?ver= goes.
    paleta = await abrirPaleta(user);
    await user.keyboard('4502');
    const soOs = await within(paleta).findByRole('option', { name: /Romaneio de O\.S\. 4502/ });
    expect(within(paleta).queryByRole('group', { name: 'Romaneios de frete' })).not.toBeInTheDocument();
    await waitFor(() => expect(soOs).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Enter}');
    await dialogoPronto('Romaneio de O.S. 4502 — Expedição');
    expect(screen.getByRole('tab', { name: 'Romaneios de O.S.', hidden: true })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(window.location.search).toBe('?aba=os'));
    await user.keyboard('{Escape}');
    await dialogoFechado(/Romaneio de O\.S\./);

    // From the O.S. tab a freight-cost hit goes back to the first tab (an O.S. id there would open the wrong manifest).
    paleta = await abrirPaleta(user);
    await user.keyboard('4501');
    const soFrete = await within(paleta).findByRole('option', { name: /Romaneio 4501/ });
    await waitFor(() => expect(soFrete).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Enter}');
    await dialogoPronto('Romaneio de frete 4501 — Faturamento');
    expect(screen.getByRole('tab', { name: 'Romaneios de frete', hidden: true })).toHaveAttribute('aria-selected', 'true');
    expect(chamadas.some((c) => c.url === '/api/romaneios/1')).toBe(true);
    expect(chamadas.some((c) => c.url === '/api/romaneios-colacril/1')).toBe(false);
  });

  it('a user without FRETE_ROMA_M gets no manifest hits and the server is not asked', async () => {
    const { user, chamadas } = abrir(['FRETE_CTE_M', 'FRETE_MINU_M']);
    await screen.findByRole('heading', { name: 'Fretes' });
    const paleta = await abrirPaleta(user);
    await user.keyboard('450');
    // The searches the user may run do go out (CT-es, minutas): the manifest ones are left out, not late.
    await waitFor(() => expect(chamadas.some((c) => c.url === '/api/minutas/listar?numero=450')).toBe(true));
    await new Promise((r) => setTimeout(r, 300));
    expect(buscas(chamadas)).toEqual([]);
    expect(within(paleta).queryByRole('group', { name: /Romaneios/ })).not.toBeInTheDocument();
    expect(within(paleta).queryByRole('option', { name: /Romaneio/ })).not.toBeInTheDocument();
  });
});
