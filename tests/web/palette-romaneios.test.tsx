import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeRomaneiosOsServer, romaneioOs } from './helpers/fake-romaneios-os-server';
import { fakeRomaneiosServer, romaneioLinha } from './helpers/fake-romaneios-server';
import { buscas, rotaBusca } from './helpers/fake-busca';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto } from './helpers/focar';
import { renderApp } from './helpers/render-app';

// The palette's record search finds manifests of both flavours by number (one GET /api/busca,
// docs/decisoes.md §31): "Romaneios de frete" and "Romaneios de O.S.", each hit opening its dialog on its tab of /romaneios.

const FRETE = romaneioLinha(1, { numero: 4501, status: 'FATURAMENTO' });
const OS = romaneioOs(2, { numero: 4502 });

/** The server's answer: the manifests whose number starts with the digits, labelled as GET /api/busca labels them. */
const busca = rotaBusca((q) => [
  { tipo: 'romaneios', hits: String(FRETE.numero).startsWith(q) ? [{ id: FRETE.id, rotulo: 'Romaneio 4501', detalhe: 'Faturamento · 10/03/2025 · João da Silva' }] : [] },
  {
    tipo: 'romaneios-os',
    hits: String(OS.numero).startsWith(q) ? [{ id: 2, rotulo: 'Romaneio de O.S. 4502', detalhe: 'Expedição · 10/03/2025 · João da Silva · Expresso Andrade Ltda' }] : [],
  },
]);

function abrir(roles: string[], caminho = '/ctes') {
  const frete = fakeRomaneiosServer({ linhas: [FRETE] });
  const os = fakeRomaneiosOsServer({ romaneios: [OS] });
  return renderApp({ caminho, usuario: usuario({ roles }), rotas: [busca, ...os.rotas, ...frete.rotas] });
}

const abrirPaleta = async (user: ReturnType<typeof abrir>['user']) => {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Paleta de comandos' });
};

describe('command palette: manifests by number', () => {
  it('digits list a manifest of each flavour, labelled with status, date, driver (and carrier); Enter opens its dialog on its tab', async () => {
    const { user, chamadas } = abrir(['FRETE_CTE_M', 'FRETE_ROMA_M', 'FRETE_ROMA_E']);
    await screen.findByRole('heading', { name: 'Fretes' });
    let paleta = await abrirPaleta(user);
    await user.keyboard('450');
    const frete = await within(paleta).findByRole('group', { name: 'Romaneios de frete' });
    const os = await within(paleta).findByRole('group', { name: 'Romaneios de O.S.' });
    expect(buscas(chamadas)).toContain('/api/busca?q=450');
    expect(chamadas.some((c) => /^\/api\/romaneios(-colacril)?\/listar\?/.test(c.url))).toBe(false);
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
    // Each keystroke searches ("450", then "4502"): the hits of the whole number replace the earlier ones.
    await waitFor(() => expect(buscas(chamadas)).toContain('/api/busca?q=4502'));
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
    await waitFor(() => expect(buscas(chamadas)).toContain('/api/busca?q=4501'));
    const soFrete = await within(paleta).findByRole('option', { name: /Romaneio 4501/ });
    await waitFor(() => expect(soFrete).toHaveAttribute('aria-selected', 'true'));
    await user.keyboard('{Enter}');
    await dialogoPronto('Romaneio de frete 4501 — Faturamento');
    expect(screen.getByRole('tab', { name: 'Romaneios de frete', hidden: true })).toHaveAttribute('aria-selected', 'true');
    expect(chamadas.some((c) => c.url === '/api/romaneios/1')).toBe(true);
    expect(chamadas.some((c) => c.url === '/api/romaneios-colacril/1')).toBe(false);
  });

  it('a word asks nothing for a user whose only searchable kinds are numbered (manifests, minutas)', async () => {
    const { user, chamadas } = abrir(['FRETE_ROMA_M', 'FRETE_MINU_M'], '/minutas');
    await screen.findByRole('heading', { name: 'Minutas' }, { timeout: 15_000 });
    const paleta = await abrirPaleta(user);
    await user.keyboard('Romaneios');
    await waitFor(() => expect(within(paleta).getAllByRole('option')[0]).toHaveTextContent('Romaneios'));
    await new Promise((r) => setTimeout(r, 300));
    expect(buscas(chamadas)).toEqual([]);
    await user.clear(within(paleta).getByRole('combobox'));
    await user.keyboard('450');
    await within(paleta).findByRole('group', { name: 'Romaneios de frete' });
    expect(buscas(chamadas)).toEqual(['/api/busca?q=450']);
  });
});
