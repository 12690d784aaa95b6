import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { cteLinha, fakeCtesServer } from './helpers/fake-ctes-server';
import { usuario } from './helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from './helpers/focar';
import { renderApp } from './helpers/render-app';
import { fakeOcorrenciasServer, ocorrencia } from './ocorrencias-fake-server';

// /ocorrencias (issue 31): the server-paged list, "Só não vinculadas" (Alt+S, in the URL), "Ler arquivos OCOREN"
// (Alt+L) and its result dialog, the upload (Alt+E), Enter on a row opening its CT-e.

const LISTA = [
  ocorrencia(1, { codigo: '24', texto: 'Reentrega solicitada pelo cliente', sentido: 'REENTREGA' }),
  ocorrencia(2, { codigo: '01', ctes: [], notaFiscal: '99888777000166 2/555', transportadoraCnpj: '99888777000166' }),
  ocorrencia(3, { codigo: '76', texto: 'TDE cobrada', sentido: 'TDE', ctes: [{ id: 1, numero: 1001, serie: '1' }, { id: 2, numero: 1002, serie: '1' }] }),
];

function abrir(caminho = '/ocorrencias', roles = ['FRETE_CTE_M']) {
  const ctes = fakeCtesServer({ linhas: [cteLinha(1), cteLinha(2)] });
  return renderApp({ caminho, usuario: usuario({ roles }), rotas: [...fakeOcorrenciasServer({ lista: LISTA }).rotas, ...ctes.rotas] });
}
const consultas = (chamadas: { url: string }[]) =>
  chamadas.filter((c) => c.url.startsWith('/api/ocorrencias?')).map((c) => Object.fromEntries(new URL(c.url, 'http://x').searchParams));
const grade = () => screen.findByRole('grid', { name: 'Ocorrências' }, { timeout: 15_000 });
const linhas = (g: HTMLElement) => within(g).getAllByRole('row').slice(1).map((r) => r.textContent);

describe('Ocorrências screen (/ocorrencias)', () => {
  it('is in the menu for who sees Fretes, lists the occurrences (NF, carrier, file and line, CT-es or "não vinculada")', async () => {
    const { chamadas } = abrir();
    const g = await grade();
    await within(g).findByText('Reentrega solicitada pelo cliente');
    expect(within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name: 'Ocorrências' })).toHaveAttribute('aria-current', 'page');
    expect(consultas(chamadas)[0]).toEqual({ page: '0', size: '50' });
    const [primeira, segunda, terceira] = linhas(g);
    expect(primeira).toContain('10/03/2026 14:30');
    expect(primeira).toContain('Reentrega');
    expect(primeira).toContain('OCO0310.TXT:3');
    expect(primeira).toContain('CT-e 1001');
    expect(segunda).toContain('99888777000166 2/555');
    expect(segunda).toContain('não vinculada');
    expect(terceira).toContain('CT-es 1001, 1002');
  });

  it('Alt+S: only the occurrences no CT-e carries, kept in the URL; Alt+S again lists them all', async () => {
    const { user, chamadas } = abrir();
    const g = await grade();
    await within(g).findByText('Reentrega solicitada pelo cliente');
    await user.keyboard('{Alt>}s{/Alt}');
    await waitFor(() => expect(consultas(chamadas).at(-1)).toEqual({ naoVinculadas: 'true', page: '0', size: '50' }));
    await waitFor(() => expect(within(g).queryByText('Reentrega solicitada pelo cliente')).not.toBeInTheDocument());
    expect(window.location.search).toBe('?naoVinculadas=true');
    expect(screen.getByRole('checkbox', { name: /Só não vinculadas/ })).toBeChecked();
    await user.keyboard('{Alt>}s{/Alt}');
    await within(g).findByText('Reentrega solicitada pelo cliente');
    expect(window.location.search).toBe('');
  });

  it('Alt+L reads the folder: the result dialog with the counts, the refused files and their reasons, the warnings; "Ver as não vinculadas"', async () => {
    const { user, chamadas } = abrir();
    await grade();
    await user.keyboard('{Alt>}l{/Alt}');
    const d = await dialogoPronto('Leitura de ocorrências (OCOREN)', 5000);
    expect(chamadas.filter((c) => c.url === '/api/ocorrencias/ler-arquivos')).toHaveLength(1);
    expect(d).toHaveTextContent('40 ocorrência(s) lida(s), 2 já conhecida(s), 5 sem CT-e vinculado, 1 arquivo(s) recusado(s).');
    const contagens = [...d.querySelectorAll('dl > div')].map((x) => x.textContent);
    expect(contagens).toEqual(['Arquivos3', 'Ocorrências lidas40', 'Já conhecidas2', 'Sem CT-e vinculado5', 'Arquivos recusados1']);
    expect(within(d).getByRole('region', { name: 'Arquivos recusados' })).toHaveTextContent('OCO-QUEBRADO.TXT:Linha 3, campo Código da ocorrência: informe 2 dígitos.');
    expect(within(d).getByRole('region', { name: 'Avisos' })).toHaveTextContent('OCO0310.TXT:Linha 7 com 118 caracteres: completada com espaços.');
    await user.keyboard('{Alt>}s{/Alt}');
    await dialogoFechado('Leitura de ocorrências (OCOREN)');
    await waitFor(() => expect(window.location.search).toBe('?naoVinculadas=true'));
  });

  it('Alt+E sends the picked files (multipart "arquivos") and shows what the upload read; Esc closes', async () => {
    const { user, chamadas } = abrir();
    await grade();
    const seletor = screen.getByLabelText('Arquivos OCOREN') as HTMLInputElement;
    // Alt+E opens the browser's file picker (the hidden input's click); jsdom has no picker, so the pick is uploaded.
    const clique = vi.spyOn(seletor, 'click');
    await user.keyboard('{Alt>}e{/Alt}');
    expect(clique).toHaveBeenCalledTimes(1);
    await user.upload(seletor, new File(['000OCOREN'], 'OCO1103.TXT', { type: 'text/plain' }));
    const d = await dialogoPronto('Leitura de ocorrências (OCOREN)', 5000);
    const envio = chamadas.find((c) => c.method === 'POST' && c.url === '/api/ocorrencias/enviar');
    expect((envio?.body as FormData).getAll('arquivos').map((f) => (f as File).name)).toEqual(['OCO1103.TXT']);
    expect(d).toHaveTextContent('1 ocorrência(s) lida(s).');
    expect(within(d).queryByRole('region', { name: 'Arquivos recusados' })).not.toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: /Ver as não vinculadas/ })).not.toBeInTheDocument();
    await user.keyboard('{Escape}');
    await dialogoFechado('Leitura de ocorrências (OCOREN)');
  });

  it('Enter on a row with one CT-e opens its detail; on a row without one the line under the grid says why; several: the palette opens each', async () => {
    const { user } = abrir();
    const g = await grade();
    await within(g).findByText('Reentrega solicitada pelo cliente');
    await focar(g);
    await user.keyboard('{Enter}');
    await dialogoPronto('Frete 1001', 15_000);
    await user.keyboard('{Escape}');
    await dialogoFechado('Frete 1001');
    await focar(g);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText('Ocorrência não vinculada: nenhum CT-e tem esta NF.')).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: /Paleta de comandos/ });
    await user.keyboard('Abrir o CT-e 1002');
    await user.click(await within(paleta).findByRole('option', { name: /Abrir o CT-e 1002/ }));
    await dialogoPronto('Frete 1002', 15_000);
  });

  it('is not in the menu of a user without Fretes', async () => {
    abrir('/ocorrencias', ['FRETE_FAT_M']);
    await screen.findByRole('navigation', { name: 'Menu principal' }, { timeout: 15_000 });
    expect(within(screen.getByRole('navigation', { name: 'Menu principal' })).queryByRole('link', { name: 'Ocorrências' })).not.toBeInTheDocument();
  });
});
