import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { fakeRomaneiosServer, romaneioLinha } from './helpers/fake-romaneios-server';
import { usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';

// The shared filtered list (src/web/ui/use-filtered-list.ts): Procurar reads the server even when the URL
// only changes by writing out the screen's defaults (/romaneios → /romaneios?inicio=…&fim=…), which asks the
// same query the cache holds. A manifest another user saved meanwhile shows.

describe('Procurar always reads the server', () => {
  it('opened without filters in the URL, Alt+P lists a record saved meanwhile', async () => {
    const servidor = fakeRomaneiosServer({ linhas: [romaneioLinha(1)] });
    const { user, chamadas } = renderApp({ caminho: '/romaneios', usuario: usuario({ roles: ['FRETE_ROMA_M'] }), rotas: servidor.rotas });
    const grade = await screen.findByRole('grid', { name: 'Romaneios de frete' }, { timeout: 15_000 });
    await within(grade).findByText('101');
    const listas = () => chamadas.filter((c) => c.url.startsWith('/api/romaneios/listar-simples')).length;
    const antes = listas();
    servidor.estado.linhas.unshift(romaneioLinha(2));
    await user.keyboard('{Alt>}p{/Alt}');
    await waitFor(() => expect(listas()).toBe(antes + 1));
    expect(await within(grade).findByText('102')).toBeInTheDocument();
  });
});
