import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { TECLA_EXPORTAR_EXCEL, TITULO_EXPORTAR_CSV, TITULO_EXPORTAR_EXCEL } from '../../src/contracts/exportacao';
import { TIPO_XLSX } from '../../src/web/api/baixar-com-progresso';
import { fakeFaturasServer, faturaLinha } from './faturas/fake-faturas-server';
import { fakeMinutasServer, minutaLinha } from './helpers/fake-minutas-server';
import { fakeRomaneiosOsServer, romaneioOs } from './helpers/fake-romaneios-os-server';
import { fakeRomaneiosServer, romaneioLinha } from './helpers/fake-romaneios-server';
import { rota, type Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { renderApp } from './helpers/render-app';

// Issue 32 on the URL-driven lists: Alt+Shift+X (and Alt+X, the CSV) export the list shown — its GET's parameters
// (the URL's filter and sort) without page and size — from GET <base>/exportar.

type Rota = (c: Chamada) => Response | Promise<Response> | undefined;

interface Tela {
  nome: string;
  caminho: string;
  roles: string[];
  rotas: () => Rota[];
  /** The list GET's path (without /api's query). */
  lista: string;
  exportar: string;
  pronto: () => Promise<unknown>;
}

const TELAS: Tela[] = [
  {
    nome: 'Faturas',
    caminho: '/faturas?sort=valorTotal,desc',
    roles: ['FRETE_FAT_M'],
    rotas: () => fakeFaturasServer({ linhas: [faturaLinha(1)] }).rotas,
    lista: '/api/faturas',
    exportar: '/api/faturas/exportar',
    pronto: () => screen.findByText('DOCCOB_1.txt', {}, { timeout: 15_000 }),
  },
  {
    nome: 'Minutas',
    caminho: '/minutas',
    roles: ['FRETE_MINU_M'],
    rotas: () => fakeMinutasServer({ linhas: [minutaLinha(1)] }).rotas,
    lista: '/api/minutas',
    exportar: '/api/minutas/exportar',
    pronto: () => screen.findByText('F1', {}, { timeout: 15_000 }),
  },
  {
    nome: 'Romaneios de frete',
    caminho: '/romaneios?pedido=P-7',
    roles: ['FRETE_ROMA_M'],
    rotas: () => fakeRomaneiosServer({ linhas: [romaneioLinha(1)] }).rotas,
    lista: '/api/romaneios/listar-simples',
    exportar: '/api/romaneios/exportar',
    pronto: () => screen.findByRole('grid', { name: 'Romaneios de frete' }, { timeout: 15_000 }),
  },
  {
    nome: 'Romaneios de O.S.',
    caminho: '/romaneios?aba=os',
    roles: ['FRETE_ROMA_M'],
    rotas: () => fakeRomaneiosOsServer({ romaneios: [romaneioOs(1)] }).rotas,
    lista: '/api/romaneios-colacril/listar-simples',
    exportar: '/api/romaneios-colacril/exportar',
    pronto: () => screen.findByRole('grid', { name: 'Romaneios de O.S.' }, { timeout: 15_000 }),
  },
];

const arquivo = (formato: string) =>
  new Response(new Uint8Array(formato === 'xlsx' ? 3000 : 40), {
    headers: { 'Content-Type': formato === 'xlsx' ? TIPO_XLSX : 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="lista.${formato}"`, 'X-Total-Linhas': '1' },
  });

const parametros = (url: string) => [...new URLSearchParams(url.split('?')[1] ?? '').entries()].sort(([a], [b]) => a.localeCompare(b));

function abrir(tela: Tela) {
  const exportar = rota('GET', tela.exportar, (c) => arquivo(new URLSearchParams(c.url.split('?')[1]).get('formato') ?? ''));
  return renderApp({ caminho: tela.caminho, usuario: usuario({ roles: tela.roles }), rotas: [exportar, ...tela.rotas()] });
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:arquivo'), revokeObjectURL: vi.fn() });
});

describe.each(TELAS)('Exportar on $nome', (tela) => {
  it('the palette lists Exportar para Excel (Alt+Shift+X) and Exportar CSV (Alt+X)', async () => {
    const { user } = abrir(tela);
    await tela.pronto();
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    await user.keyboard('Exportar');
    await waitFor(() => expect(within(paleta).getByRole('option', { name: new RegExp(`^${TITULO_EXPORTAR_EXCEL}`) })).toHaveTextContent(TECLA_EXPORTAR_EXCEL));
    expect(within(paleta).getByRole('option', { name: new RegExp(`^${TITULO_EXPORTAR_CSV}`) })).toHaveTextContent('Alt+X');
  });

  it('Alt+Shift+X and Alt+X send the list GET parameters without page and size, with the format', async () => {
    const { user, chamadas } = abrir(tela);
    await tela.pronto();
    const lista = chamadas.filter((c) => c.method === 'GET' && c.url.split('?')[0] === tela.lista).at(-1)!;
    const semPagina = new URLSearchParams(lista.url.split('?')[1] ?? '');
    expect(semPagina.has('page')).toBe(true);
    semPagina.delete('page');
    semPagina.delete('size');

    await user.keyboard('{Alt>}{Shift>}X{/Shift}{/Alt}');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    await user.keyboard('{Alt>}x{/Alt}');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(2));
    const pedidos = chamadas.filter((c) => c.url.split('?')[0] === tela.exportar);
    expect(pedidos.map((c) => c.method)).toEqual(['GET', 'GET']);
    for (const [pedido, formato] of [[pedidos[0], 'xlsx'], [pedidos[1], 'csv']] as const) {
      const esperado = new URLSearchParams(semPagina);
      esperado.set('formato', formato);
      expect(parametros(pedido.url)).toEqual(parametros(`?${esperado.toString()}`));
    }
    const [xlsx, csv] = vi.mocked(URL.createObjectURL).mock.calls.map(([b]) => b as Blob);
    expect(xlsx.type).toBe(TIPO_XLSX);
    expect(csv.type).toMatch(/^text\/csv/);
  });
});
