import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_AVISO_CANCELAR_ROMANEIO } from '../../src/contracts/romaneio-status';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { CAMPO_MOURAO, fakeRomaneiosOsServer, romaneioOs, salvamentos, SAO_PAULO } from './helpers/fake-romaneios-os-server';
import type { Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';

const ROMANEIOS = [romaneioOs(1), romaneioOs(2, { status: 'FINALIZADO' }), romaneioOs(3, { status: 'CANCELADO', motorista: null })];
const TODOS = ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E', 'FRETE_MOTO_C'];

function abrir({ roles = TODOS, imprimir = 200 } = {}) {
  const servidor = fakeRomaneiosOsServer({ romaneios: ROMANEIOS, imprimir });
  return { ...renderApp({ caminho: '/romaneios?aba=os', usuario: usuario({ roles }), rotas: servidor.rotas }), servidor };
}
const grade = () => screen.getByRole('grid', { name: 'Romaneios de O.S.' });
const linha = (numero: string) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[0]?.textContent === numero)!;
const pronto = async () => within(await screen.findByRole('grid', { name: 'Romaneios de O.S.' }, { timeout: 15_000 })).findByText('101');
const listagens = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'GET' && c.url.startsWith('/api/romaneios-colacril/listar-simples'));
const consulta = (c: Chamada) => new URL(c.url, 'http://x').searchParams;

describe('Romaneios de O.S. tab (/romaneios?aba=os)', () => {
  it('lists the current month 50 a page with the columns of spec 03 §2.7', async () => {
    const { chamadas } = abrir();
    await pronto();
    const { dataIni, dataFim } = mesSaoPaulo();
    const q = consulta(listagens(chamadas)[0]);
    expect(Object.fromEntries(q)).toEqual({ inicio: dataIni, fim: dataFim, page: '0', size: '50' });
    const cabecalhos = within(grade()).getAllByRole('columnheader').map((c) => c.textContent);
    expect(cabecalhos).toEqual(['Número', 'Status', 'Emissão', 'Transporte', 'Motorista', 'Ações']);
    const l1 = linha('101');
    // 17:05 UTC is 14:05 in São Paulo.
    for (const texto of ['Expedição', '10/03/2025 14:05', 'Expresso Andrade Ltda', 'João da Silva']) expect(within(l1).getByText(texto)).toBeInTheDocument();
    expect(within(l1).getByRole('button', { name: 'Editar romaneio 101' })).toBeInTheDocument();
    expect(within(l1).getByRole('button', { name: 'Imprimir romaneio 101' })).toBeInTheDocument();
    expect(within(l1).getByRole('button', { name: 'Cancelar romaneio 101' })).toBeEnabled();
    expect(within(linha('102')).getByRole('button', { name: 'Visualizar romaneio 102' })).toBeInTheDocument();
    expect(within(linha('102')).getByRole('button', { name: 'Cancelar romaneio 102' })).toBeEnabled();
    expect(within(linha('103')).getByText('Cancelado')).toBeInTheDocument();
    expect(within(linha('103')).getByRole('button', { name: 'Cancelar romaneio 103' })).toBeDisabled();
  });

  it('sends the filters on Enter and keeps the tab in the URL', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.selectOptions(screen.getByLabelText('Status'), 'Finalizado');
    await user.type(screen.getByLabelText('Nota fiscal'), '9001');
    await user.type(screen.getByLabelText('Pedido'), 'P77{Enter}');
    await waitFor(() => expect(listagens(chamadas).some((c) => consulta(c).get('pedido') === 'P77')).toBe(true));
    const q = consulta(listagens(chamadas).at(-1)!);
    expect(q.get('status')).toBe('FINALIZADO');
    expect(q.get('notaFiscal')).toBe('9001');
    const url = new URLSearchParams(window.location.search);
    expect(url.get('aba')).toBe('os');
    expect(url.get('pedido')).toBe('P77');
    await waitFor(() => expect(within(grade()).queryByText('101')).not.toBeInTheDocument());
    expect(within(grade()).getByText('102')).toBeInTheDocument();
  });

  it('cancels from the list: the warning first (Não focused), then GET, status CANCELADO and POST; the list is read again', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Delete}');
    const pergunta = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(pergunta.querySelector('p')?.textContent).toBe(MSG_AVISO_CANCELAR_ROMANEIO);
    await waitFor(() => expect(within(pergunta).getByRole('button', { name: 'Não' })).toHaveFocus());
    expect(chamadas.some((c) => c.url === '/api/romaneios-colacril/1')).toBe(false);
    const antes = listagens(chamadas).length;
    await user.keyboard('s');
    await waitFor(() => expect(salvamentos(chamadas)).toHaveLength(1));
    expect(chamadas.findIndex((c) => c.url === '/api/romaneios-colacril/1')).toBeLessThan(chamadas.findIndex((c) => c.method === 'POST'));
    expect(salvamentos(chamadas)[0]).toMatchObject({ id: 1, status: 'CANCELADO', versao: 0, transportadora: { id: 7 }, origem: { id: CAMPO_MOURAO.id }, destino: { id: SAO_PAULO.id } });
    await waitFor(() => expect(listagens(chamadas).length).toBeGreaterThan(antes));
    await waitFor(() => expect(within(linha('101')).getByText('Cancelado')).toBeInTheDocument());
    expect(within(linha('101')).getByRole('button', { name: 'Cancelar romaneio 101' })).toBeDisabled();
  });

  it('Não keeps the manifest; a cancelled row takes no Delete', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Delete}');
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('n');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await focar(grade());
    await user.keyboard('{End}{Delete}');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(salvamentos(chamadas)).toHaveLength(0);
  });

  it('Alt+I prints the selected row; a 404 is the warning of spec §8', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const { user, chamadas } = abrir({ imprimir: 404 });
    await pronto();
    await focar(grade());
    await user.keyboard('{ArrowDown}{Alt>}i{/Alt}');
    expect(await readMessages(/Advertência/)).toEqual(['Nenhum PDF encontrado para o romaneio 102.']);
    expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/romaneios-colacril/imprimir/2')).toBe(true);
  });

  it('the PDF downloads from the row button', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const baixados: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      baixados.push(this.download);
    });
    const { user } = abrir();
    await pronto();
    await user.click(within(linha('101')).getByRole('button', { name: 'Imprimir romaneio 101' }));
    await waitFor(() => expect(baixados).toEqual(['romaneio-os-101.pdf']));
  });

  it('Enter opens the row; Alt+N a new manifest with origin and destination preset; without FRETE_ROMA_C no "Novo romaneio"', async () => {
    const { user, chamadas, unmount } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{Enter}');
    const d = await dialogoPronto('Romaneio de O.S. 101 — Expedição');
    expect(within(d).getByRole('combobox', { name: 'Transportadora' })).toHaveValue('Expresso Andrade Ltda');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Romaneio de O.S./ })).not.toBeInTheDocument());
    await focar(grade());
    await user.keyboard('{Alt>}n{/Alt}');
    const novo = await dialogoPronto('Novo romaneio de O.S. — Expedição');
    expect(chamadas.some((c) => c.url === '/api/romaneios-colacril/new')).toBe(true);
    expect(within(novo).getByRole('combobox', { name: 'Município de origem' })).toHaveValue('Campo Mourão/PR');
    expect(within(novo).getByRole('combobox', { name: 'Município de destino' })).toHaveValue('São Paulo/SP');
    unmount();
    abrir({ roles: ['FRETE_ROMA_M'] });
    await pronto();
    expect(screen.queryByRole('button', { name: /Novo romaneio/ })).not.toBeInTheDocument();
  });

  it('the palette opens a manifest of O.S. by its number', async () => {
    const { user } = abrir();
    await pronto();
    await user.keyboard('{Control>}k{/Control}');
    const paleta = await screen.findByRole('dialog', { name: 'Paleta de comandos' });
    expect(within(paleta).getByRole('option', { name: /Novo romaneio de O.S./ })).toBeInTheDocument();
    await user.click(within(paleta).getByRole('option', { name: /Abrir romaneio de O.S. pelo número/ }));
    await dialogoPronto('Abrir romaneio de O.S. pelo número');
    await user.keyboard('102{Enter}');
    await dialogoPronto('Romaneio de O.S. 102 — Finalizado');
  });
});
