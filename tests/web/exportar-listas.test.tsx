import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_NADA_PARA_EXPORTAR, TECLA_EXPORTAR_EXCEL, TITULO_EXPORTAR_CSV, TITULO_EXPORTAR_EXCEL } from '../../src/contracts/exportacao';
import type { Usuario } from '../../src/contracts/usuarios';
import { TIPO_XLSX } from '../../src/web/api/baixar-com-progresso';
import { usuarioCadastro } from './helpers/cadastro-fixtures';
import { fakeCadastroServer } from './helpers/fake-cadastro-server';
import { fakeIndicadoresServer } from './helpers/fake-indicadores-server';
import { json, rota, type Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

// Issue 32: "Exportar para Excel" (Alt+Shift+X) and "Exportar CSV" on the lists, through the command layer: the
// current filter of the list shown (its GET's parameters without page and size), streamed with progress.

type Rota = (c: Chamada) => Response | Promise<Response> | undefined;

/**
 * An export answer streamed in two chunks, the second held until `liberar()`: a workbook of `bytes` bytes
 * (rows announced in X-Total-Linhas), or a CSV with a header and three rows.
 */
function fakeExportacao(caminho: string | RegExp, { total = 12345, vazio = false } = {}) {
  const portoes: (() => void)[] = [];
  const rotaExportar: Rota = rota('GET', caminho, (c) => {
    if (vazio) return json({ mensagens: [MSG_NADA_PARA_EXPORTAR] }, 404);
    const xlsx = new URLSearchParams(c.url.split('?')[1]).get('formato') === 'xlsx';
    const enc = new TextEncoder();
    const [primeiro, resto] = xlsx ? [new Uint8Array(1536), new Uint8Array(512)] : [enc.encode('login;nome\r\nadmin;Administrador\r\n'), enc.encode('bia;Beatriz\r\ncaio;Caio\r\n')];
    const segurar = new Promise<void>((r) => portoes.push(r));
    const corpo = new ReadableStream<Uint8Array>({
      async start(controle) {
        controle.enqueue(primeiro);
        await segurar;
        controle.enqueue(resto);
        controle.close();
      },
    });
    const nome = `lista-2026-12-06.${xlsx ? 'xlsx' : 'csv'}`;
    return new Response(corpo, {
      headers: { 'Content-Type': xlsx ? TIPO_XLSX : 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="${nome}"`, 'X-Total-Linhas': String(xlsx ? total : 3) },
    });
  });
  return { rota: rotaExportar, liberar: () => portoes.splice(0).forEach((abrir) => abrir()) };
}

const parametros = (url: string) => [...new URLSearchParams(url.split('?')[1] ?? '').entries()].sort(([a], [b]) => a.localeCompare(b));
/** The list GET's parameters without page and size, plus formato: what the export must send. */
const esperado = (urlLista: string, formato: string) => {
  const p = new URLSearchParams(urlLista.split('?')[1] ?? '');
  p.delete('page');
  p.delete('size');
  p.set('formato', formato);
  return parametros(`?${p.toString()}`);
};
const excel = '{Alt>}{Shift>}X{/Shift}{/Alt}';
const aviso = () => screen.getByRole('status', { name: 'Aviso' });
/** The Fretes toolbar's own line (the screen shows its export's progress: no notice). */
const exportacaoNaTela = () => screen.getByRole('status', { name: 'Exportação' });

async function opcaoDaPaleta(user: ReturnType<typeof renderApp>['user'], titulo: string) {
  await user.keyboard('{Control>}k{/Control}');
  const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
  const acoes = within(paleta).getByRole('group', { name: /Ações|Tela atual/ });
  return within(acoes).getByRole('option', { name: new RegExp(`^${titulo}`) });
}

beforeEach(() => {
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:arquivo'), revokeObjectURL: vi.fn() });
});
afterEach(() => vi.restoreAllMocks());

describe('Exportar para Excel on Fretes (/ctes)', () => {
  const abrir = (opcoes: { vazio?: boolean } = {}) => {
    const exportacao = fakeExportacao('/api/ctes/exportar', opcoes);
    return { ...renderApp({ caminho: '/ctes?numeroFatura=F9&page=1&size=100', usuario: usuario({ roles: ['FRETE_CTE_M'] }), rotas: [exportacao.rota] }), exportacao };
  };
  const pronto = async () => {
    await screen.findByRole('heading', { name: 'Fretes' });
    await waitFor(() => expect(screen.getByLabelText('Nº da fatura')).toHaveFocus());
  };

  it('is in the palette on Alt+Shift+X; the CSV beside it has no key (Alt+X opens the Indicadores panel)', async () => {
    const { user } = abrir();
    await pronto();
    expect(await opcaoDaPaleta(user, TITULO_EXPORTAR_EXCEL)).toHaveTextContent(`${TITULO_EXPORTAR_EXCEL}${TECLA_EXPORTAR_EXCEL}`);
    const csv = await opcaoDaPaleta(user, TITULO_EXPORTAR_CSV);
    expect(csv).toHaveTextContent(new RegExp(`^${TITULO_EXPORTAR_CSV}$`));
  });

  it('Alt+Shift+X sends the filter just searched (not the one the screen opened with), without page and size; progress in the toolbar status line', async () => {
    const { user, chamadas, exportacao } = abrir();
    await pronto();
    await user.clear(screen.getByLabelText('Nº da fatura'));
    await user.type(screen.getByLabelText('Nº da fatura'), 'F10{Enter}');
    await waitFor(() => expect(chamadas.filter((c) => c.url.startsWith('/api/ctes/listar-simples?')).at(-1)!.url).toContain('numeroFatura=F10'));
    const lista = chamadas.filter((c) => c.url.startsWith('/api/ctes/listar-simples?')).at(-1)!;

    await user.keyboard(excel);
    await waitFor(() => expect(within(exportacaoNaTela()).getByText('Gerando planilha de 12.345 linhas… 1,5 KB recebidos')).toBeInTheDocument(), { timeout: 3000 });
    const pedido = chamadas.find((c) => c.url.startsWith('/api/ctes/exportar'))!;
    expect(pedido.method).toBe('GET');
    expect(parametros(pedido.url)).toEqual(esperado(lista.url, 'xlsx'));
    expect(pedido.url).toContain('numeroFatura=F10');
    expect(pedido.headers.get('Accept')).toContain(TIPO_XLSX);
    exportacao.liberar();
    expect(await within(exportacaoNaTela()).findByText('Arquivo salvo: lista-2026-12-06.xlsx')).toBeInTheDocument();
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    const arquivo = vi.mocked(URL.createObjectURL).mock.calls[0][0] as Blob;
    expect([arquivo.size, arquivo.type]).toEqual([2048, TIPO_XLSX]);
  });

  it('nothing to export: the 404 says MSG_NADA_PARA_EXPORTAR and no file is saved', async () => {
    const { user } = abrir({ vazio: true });
    await pronto();
    await user.keyboard(excel);
    expect(await readMessages(/./)).toEqual([MSG_NADA_PARA_EXPORTAR]);
    expect(URL.createObjectURL).not.toHaveBeenCalled();
  });
});

describe('Exportar on a register (/usuarios, the shared list screen)', () => {
  const abrir = (opcoes: { vazio?: boolean } = {}) => {
    const usuarios = fakeCadastroServer<Usuario>('/api/usuarios', [usuarioCadastro(1, 'admin', 'Administrador'), usuarioCadastro(2, 'bia', 'Beatriz Nunes')]);
    const exportacao = fakeExportacao('/api/usuarios/exportar', opcoes);
    const rotas = [exportacao.rota, rota('GET', '/api/ping', () => json({ status: 'ok' })), ...usuarios.rotas];
    return { ...renderApp({ caminho: '/usuarios', usuario: usuario({ roles: ['____USER_M', 'FRETE_CTE_M'] }), rotas }), exportacao };
  };
  const pronto = () => screen.findByText('Beatriz Nunes', {}, { timeout: 5000 });
  const andamento = () => screen.getByRole('status', { name: 'Exportação' });
  const listagens = (chamadas: Chamada[]) => chamadas.filter((c) => c.url.startsWith('/api/usuarios?'));

  it('both commands are in the palette with their keys', async () => {
    const { user } = abrir();
    await pronto();
    expect(await opcaoDaPaleta(user, TITULO_EXPORTAR_EXCEL)).toHaveTextContent(TECLA_EXPORTAR_EXCEL);
    expect(await opcaoDaPaleta(user, TITULO_EXPORTAR_CSV)).toHaveTextContent('Alt+X');
  });

  it('Alt+Shift+X exports the search applied (typed text and Ctrl+H), with the progress in the screen status line', async () => {
    const { user, chamadas, exportacao } = abrir();
    await pronto();
    await user.type(screen.getByLabelText('Pesquisar por login, nome ou e-mail'), 'bia{Enter}');
    await user.keyboard('{Control>}h{/Control}');
    await waitFor(() => expect(listagens(chamadas).at(-1)!.url).toContain('ativado=in=(true,false)'));
    // Typed but not searched: not part of the list shown, so not of the export either.
    await user.type(screen.getByLabelText('Pesquisar por login, nome ou e-mail'), 'x');
    const lista = listagens(chamadas).at(-1)!;
    expect(lista.url).toContain('bia');

    await user.keyboard(excel);
    expect(await within(andamento()).findByText('Gerando planilha de 12.345 linhas… 1,5 KB recebidos')).toBeInTheDocument();
    const pedido = chamadas.find((c) => c.url.startsWith('/api/usuarios/exportar'))!;
    expect(parametros(pedido.url)).toEqual(esperado(lista.url, 'xlsx'));
    expect(pedido.url).not.toContain('biax');
    exportacao.liberar();
    expect(await within(andamento()).findByText('Arquivo salvo: lista-2026-12-06.xlsx')).toBeInTheDocument();
  });

  it('Alt+X exports the CSV counting its rows; a second press while it comes cancels it', async () => {
    const { user, chamadas, exportacao } = abrir();
    await pronto();
    await user.keyboard('{Alt>}x{/Alt}');
    expect(await within(andamento()).findByText('Baixando… 1 de 3 linhas')).toBeInTheDocument();
    const pedido = chamadas.find((c) => c.url.startsWith('/api/usuarios/exportar'))!;
    expect(new URLSearchParams(pedido.url.split('?')[1]).get('formato')).toBe('csv');
    expect(pedido.headers.get('Accept')).toContain('text/csv');
    await user.keyboard('{Alt>}x{/Alt}');
    expect(await within(andamento()).findByText('Download cancelado.')).toBeInTheDocument();
    exportacao.liberar();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(chamadas.filter((c) => c.url.startsWith('/api/usuarios/exportar'))).toHaveLength(1);
  });

  it('nothing to export: MSG_NADA_PARA_EXPORTAR', async () => {
    const { user } = abrir({ vazio: true });
    await pronto();
    await user.keyboard(excel);
    expect(await readMessages(/./)).toEqual([MSG_NADA_PARA_EXPORTAR]);
  });
});

describe('Exportar para Excel on /indicadores (GET /indicadores/exportar)', () => {
  const abrir = () => {
    const servidor = fakeIndicadoresServer();
    const exportacao = fakeExportacao('/api/indicadores/exportar');
    return { ...renderApp({ caminho: '/indicadores', usuario: usuario({ roles: ['FRETE_IND_FRETE_PESO'] }), rotas: [exportacao.rota, ...servidor.rotas] }), exportacao };
  };
  const pronto = () => waitFor(() => expect(screen.getByLabelText('Período inicial')).toHaveFocus(), { timeout: 15_000 });

  it('is in the palette on Alt+Shift+X beside the CSV on Alt+X', async () => {
    const { user } = abrir();
    await pronto();
    expect(await opcaoDaPaleta(user, TITULO_EXPORTAR_EXCEL)).toHaveTextContent(TECLA_EXPORTAR_EXCEL);
    expect(await opcaoDaPaleta(user, 'Exportar CSV dos indicadores')).toHaveTextContent('Alt+X');
  });

  it('Alt+Shift+X sends the filter as the CSV does, with formato=xlsx', async () => {
    const { user, chamadas, exportacao } = abrir();
    await pronto();
    await user.type(screen.getByLabelText('Nº da fatura'), 'F9');
    await user.keyboard(excel);
    await waitFor(() => expect(chamadas.some((c) => c.url.startsWith('/api/indicadores/exportar?'))).toBe(true));
    const pedido = chamadas.find((c) => c.url.startsWith('/api/indicadores/exportar?'))!;
    const p = new URLSearchParams(pedido.url.split('?')[1]);
    expect([p.get('formato'), p.get('numeroFatura'), p.get('filtroRadioGroup'), p.has('page'), p.has('size')]).toEqual(['xlsx', 'F9', 'NF', false, false]);
    exportacao.liberar();
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
  });
});
