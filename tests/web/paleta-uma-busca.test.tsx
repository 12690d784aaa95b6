import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { GrupoBusca } from '../../src/contracts/busca';
import { buscas, rotaBusca } from './helpers/fake-busca';
import { json } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';

// docs/decisoes.md §31: the palette asks the server once per keystroke (GET /api/busca, every kind in one answer), never
// once per kind, and a newer keystroke aborts the search still in flight: its late answer is never shown.

/** A user who may open every searchable kind: the old palette sent one request per kind (7 for a word). */
const TODOS = usuario({
  roles: ['____USER_M', '____PERF_M', 'FRETE_CTE_M', 'FRETE_TABFR_M', 'FRETE_TRANS_M', 'FRETE_MOTO_M', 'FRETE_VEIC_M', 'FRETE_FAT_M', 'FRETE_MINU_M', 'FRETE_ROMA_M'],
});

const transportadoras = (q: string): GrupoBusca[] => [{ tipo: 'transportadoras', hits: [{ id: q.length, rotulo: `Achada por ${q}` }] }];

async function abrirPaleta(user: ReturnType<typeof renderApp>['user']) {
  await screen.findByRole('heading', { name: 'Fretes' });
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Paleta de comandos' });
}

describe('palette: one search per keystroke', () => {
  it('each keystroke of a word sends exactly one search request, with the whole text', async () => {
    const { user, chamadas } = renderApp({ usuario: TODOS, rotas: [rotaBusca(transportadoras)] });
    const paleta = await abrirPaleta(user);
    await user.keyboard('tr');
    await new Promise((r) => setTimeout(r, 200));
    // Spec 01 §9: nothing below three characters.
    expect(buscas(chamadas)).toEqual([]);
    await user.keyboard('a');
    await within(paleta).findByRole('option', { name: 'Achada por tra' });
    expect(buscas(chamadas)).toEqual(['/api/busca?q=tra']);
    await user.keyboard('n');
    await within(paleta).findByRole('option', { name: 'Achada por tran' });
    expect(buscas(chamadas)).toEqual(['/api/busca?q=tra', '/api/busca?q=tran']);
    // No per-kind calls any more (the old palette asked /transportadoras, /motoristas, /perfis … for each term).
    expect(chamadas.filter((c) => c.method === 'GET' && /^\/api\/(transportadoras|motoristas|perfis|usuarios|veiculos|tabelas-frete|ctes)\?/.test(c.url))).toEqual([]);
  });

  it('a newer keystroke aborts the search in flight; its late answer never shows', async () => {
    let responderAtrasada: (() => void) | undefined;
    const atrasada = new Promise<void>((r) => (responderAtrasada = r));
    const busca = rotaBusca(async (q) => {
      // The server is slow for "tran": it answers only when the test says so, after "trans" was answered.
      if (q === 'tran') await atrasada;
      return json({ grupos: transportadoras(q) });
    });
    const { user, chamadas, fetch } = renderApp({ usuario: TODOS, rotas: [busca] });
    const paleta = await abrirPaleta(user);
    // Pasted at once: "tran" is the first term searched, whatever the machine's speed.
    await user.paste('tran');
    await waitFor(() => expect(buscas(chamadas)).toContain('/api/busca?q=tran'));
    const sinalDe = (q: string) => {
      const i = chamadas.findIndex((c) => c.url === `/api/busca?q=${q}`);
      return (fetch.mock.calls[i][1] as RequestInit | undefined)?.signal ?? undefined;
    };
    expect(sinalDe('tran')?.aborted).toBe(false);

    await user.keyboard('s');
    await within(paleta).findByRole('option', { name: 'Achada por trans' });
    expect(sinalDe('tran')?.aborted).toBe(true);
    expect(sinalDe('trans')?.aborted).toBe(false);

    responderAtrasada!();
    await new Promise((r) => setTimeout(r, 200));
    expect(within(paleta).queryByRole('option', { name: 'Achada por tran' })).not.toBeInTheDocument();
    expect(within(paleta).getByRole('option', { name: 'Achada por trans' })).toBeInTheDocument();
    expect(buscas(chamadas)).toEqual(['/api/busca?q=tran', '/api/busca?q=trans']);
  });
});
