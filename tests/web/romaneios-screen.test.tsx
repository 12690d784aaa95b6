import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG_AVISO_CANCELAR_ROMANEIO } from '../../src/contracts/romaneio-status';
import { mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { fakeRomaneiosServer, romaneioLinha } from './helpers/fake-romaneios-server';
import { rota, type Chamada } from './helpers/fetch-stub';
import { usuario } from './helpers/fixtures';
import { dialogoPronto, focar } from './helpers/focar';
import { readMessages } from './helpers/read-messages';
import { renderApp } from './helpers/render-app';
import { typeSlowly } from './helpers/type-slowly';

const LINHAS = [
  romaneioLinha(1),
  romaneioLinha(2, { status: 'FATURAMENTO', transportadora: 'Expresso Andrade Ltda', origem: { nome: 'Curitiba', siglaUf: 'PR' }, destino: { nome: 'São Paulo', siglaUf: 'SP' } }),
  romaneioLinha(3, { status: 'FINALIZADO' }),
  romaneioLinha(4, { status: 'CANCELADO', motorista: null }),
];
const ROLES = ['FRETE_ROMA_M', 'FRETE_ROMA_C', 'FRETE_ROMA_E'];
const abrir = ({ roles = ROLES, caminho = '/romaneios', rotas = [] as ReturnType<typeof rota>[] } = {}) => {
  const servidor = fakeRomaneiosServer({ linhas: LINHAS });
  return { ...renderApp({ caminho, usuario: usuario({ roles }), rotas: [...rotas, ...servidor.rotas] }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Romaneios de frete' });
const linha = (numero: string) => within(grade()).getAllByRole('row').find((r) => within(r).queryAllByRole('gridcell')[0]?.textContent === numero)!;
const listagens = (chamadas: Chamada[]) => chamadas.filter((c) => c.method === 'GET' && c.url.startsWith('/api/romaneios/listar-simples'));
const pronto = () => screen.findByText('101', {}, { timeout: 15_000 });
const paleta = async (user: ReturnType<typeof abrir>['user']) => {
  await user.keyboard('{Control>}k{/Control}');
  return screen.findByRole('dialog', { name: 'Paleta de comandos' });
};

describe('Romaneios screen (/romaneios), freight-cost tab', () => {
  it('lists the current month 50 a page with the columns of spec 03 §2.7 and the row actions per status', async () => {
    const { chamadas } = abrir();
    await pronto();
    const { dataIni, dataFim } = mesSaoPaulo();
    const q = new URL(listagens(chamadas)[0].url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ inicio: dataIni, fim: dataFim, page: '0', size: '50' });
    expect(screen.getByRole('tab', { name: 'Romaneios de frete' })).toHaveAttribute('aria-selected', 'true');
    const cabecalhos = within(grade()).getAllByRole('columnheader').map((c) => c.textContent);
    expect(cabecalhos).toEqual(['Número', 'Status', 'Emissão', 'Transporte', 'Motorista', 'Ações']);
    const l1 = linha('101');
    for (const texto of ['Expedição', '10/03/2025 14:05', 'João da Silva', '— → —']) expect(within(l1).getByText(texto)).toBeInTheDocument();
    expect(within(linha('102')).getByText('Curitiba/PR → São Paulo/SP')).toBeInTheDocument();
    expect(within(l1).getByRole('button', { name: 'Editar romaneio 101' })).toBeInTheDocument();
    expect(within(linha('103')).getByRole('button', { name: 'Visualizar romaneio 103' })).toBeInTheDocument();
    expect(within(linha('103')).getByRole('button', { name: 'Cancelar romaneio 103' })).toBeEnabled();
    expect(within(linha('104')).getByRole('button', { name: 'Cancelar romaneio 104' })).toBeDisabled();
    expect(within(linha('104')).getByRole('button', { name: 'Imprimir romaneio 104' })).toBeEnabled();
    expect(screen.getByRole('button', { name: /Novo romaneio/ })).toHaveAttribute('aria-keyshortcuts', 'Alt+N');
  });

  it('sends the filters as the contract names them; Enter in a field searches', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await user.click(screen.getByRole('combobox', { name: 'Transportadora' }));
    await typeSlowly(user, 'Expr');
    await user.click(await screen.findByRole('option', { name: 'Expresso Andrade Ltda' }));
    await user.selectOptions(screen.getByLabelText('Status'), 'Faturamento');
    const inicio = screen.getByLabelText('Emissão inicial');
    await user.clear(inicio);
    await user.type(inicio, '01022025');
    await user.type(screen.getByLabelText('Pedido'), '700');
    await user.type(screen.getByLabelText('Nota fiscal'), '5001{Enter}');
    await waitFor(() => expect(listagens(chamadas).some((c) => c.url.includes('notaFiscal=5001'))).toBe(true));
    const q = new URL(listagens(chamadas).at(-1)!.url, 'http://x').searchParams;
    expect(Object.fromEntries(q)).toEqual({ inicio: '2025-02-01', fim: mesSaoPaulo().dataFim, pedido: '700', notaFiscal: '5001', status: 'FATURAMENTO', transportadora: '7', page: '0', size: '50' });
    expect(new URLSearchParams(window.location.search).get('transportadoraNome')).toBe('Expresso Andrade Ltda');
    await waitFor(() => expect(within(grade()).getAllByRole('row')).toHaveLength(2));
  });

  it('Alt+2 and Alt+1 switch the tabs; only the open tab registers its commands', async () => {
    const { user } = abrir();
    await pronto();
    await user.keyboard('{Alt>}2{/Alt}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Romaneios de O.S.' })).toHaveAttribute('aria-selected', 'true'));
    expect(new URLSearchParams(window.location.search).get('aba')).toBe('os');
    expect(screen.queryByRole('grid', { name: 'Romaneios de frete' })).not.toBeInTheDocument();
    expect(await screen.findByRole('grid', { name: 'Romaneios de O.S.' })).toBeInTheDocument();
    await user.keyboard('{Alt>}1{/Alt}');
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Romaneios de frete' })).toHaveAttribute('aria-selected', 'true'));
    expect(await screen.findByRole('grid', { name: 'Romaneios de frete' })).toBeInTheDocument();
    await user.keyboard('{Alt>}2{/Alt}');
    await screen.findByRole('grid', { name: 'Romaneios de O.S.' });
    let p = await paleta(user);
    expect(within(p).queryByRole('option', { name: /Procurar romaneios de frete/ })).not.toBeInTheDocument();
    // From the other tab the palette still offers a new freight-cost manifest: it comes back to this tab.
    await user.click(within(p).getByRole('option', { name: /Novo romaneio de frete/ }));
    await dialogoPronto('Novo romaneio de frete — Expedição');
    expect(window.location.search).toBe('');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('tab', { name: 'Romaneios de frete' })).toHaveAttribute('aria-selected', 'true');
    p = await paleta(user);
    for (const nome of [/Procurar romaneios de frete/, /Novo romaneio de frete/, /Abrir romaneio de frete pelo número/, /Despesas dos romaneios/]) {
      expect(within(p).getByRole('option', { name: nome })).toBeInTheDocument();
    }
    expect(within(p).getByRole('option', { name: /Novo romaneio de frete/ })).toHaveTextContent('Alt+N');
  });

  it('Delete on a row warns that cancelling cannot be undone, then loads the manifest and saves it CANCELADO', async () => {
    const { user, chamadas } = abrir();
    await pronto();
    await focar(grade());
    await user.keyboard('{ArrowDown}{Delete}');
    const aviso = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(aviso.querySelector('p')?.textContent).toBe(MSG_AVISO_CANCELAR_ROMANEIO);
    await waitFor(() => expect(within(aviso).getByRole('button', { name: 'Não' })).toHaveFocus());
    const antes = listagens(chamadas).length;
    await user.keyboard('s');
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/romaneios')).toBe(true));
    const i = chamadas.findIndex((c) => c.url === '/api/romaneios/2');
    const post = chamadas.findIndex((c) => c.method === 'POST');
    expect(i).toBeGreaterThan(-1);
    expect(i).toBeLessThan(post);
    expect(chamadas[post].body).toMatchObject({ id: 2, status: 'CANCELADO', versao: 0, motorista: { id: 5 }, valorFrete: '400.00' });
    await waitFor(() => expect(listagens(chamadas).length).toBeGreaterThan(antes));
    await waitFor(() => expect(within(linha('102')).getByText('Cancelado')).toBeInTheDocument());
    expect(await screen.findByText('Romaneio 102 cancelado.')).toBeInTheDocument();
    // A cancelled one takes no second cancel: Delete does nothing.
    await focar(grade());
    await user.keyboard('{Delete}{ArrowDown}{ArrowDown}{Delete}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('Alt+I prints the selected row; a 404 is the warning of spec 03 §8', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const sumido = rota('POST', '/api/romaneios/imprimir/3', () => new Response(JSON.stringify({ mensagens: ['Romaneio não encontrado.'] }), { status: 404 }));
    const { user, chamadas } = abrir({ rotas: [sumido] });
    await pronto();
    await focar(grade());
    await user.keyboard('{Alt>}i{/Alt}');
    await waitFor(() => expect(URL.createObjectURL).toHaveBeenCalledTimes(1));
    expect(chamadas.find((c) => c.url === '/api/romaneios/imprimir/1')?.method).toBe('POST');
    await user.keyboard('{ArrowDown}{ArrowDown}{Alt>}i{/Alt}');
    expect(await readMessages(/Advertência/)).toEqual(['Nenhum PDF encontrado para o romaneio 103.']);
    expect(screen.queryByRole('dialog', { name: /indisponível/i })).not.toBeInTheDocument();
  });

  it('the palette opens a manifest by its number and asks the period of the expenses PDF', async () => {
    Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
    const { user, chamadas } = abrir();
    await pronto();
    let p = await paleta(user);
    await user.click(within(p).getByRole('option', { name: /Abrir romaneio de frete pelo número/ }));
    await dialogoPronto('Abrir romaneio de frete pelo número');
    await user.keyboard('999{Enter}');
    expect(await readMessages(/Advertência/)).toEqual(['Nenhum romaneio de frete com o número 999.']);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Número do romaneio')).toHaveFocus());
    await user.clear(screen.getByLabelText('Número do romaneio'));
    await user.keyboard('103{Enter}');
    await dialogoPronto('Romaneio de frete 103 — Finalizado');
    expect(chamadas.some((c) => c.url === '/api/romaneios/listar?numero=103')).toBe(true);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    p = await paleta(user);
    await user.click(within(p).getByRole('option', { name: /Despesas dos romaneios/ }));
    const d = await dialogoPronto('Despesas dos romaneios');
    const inicio = within(d).getByLabelText('Emissão inicial');
    await user.clear(inicio);
    await user.type(inicio, '01032025');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Despesas dos romaneios' })).not.toBeInTheDocument());
    expect(chamadas.find((c) => c.url.startsWith('/api/romaneios/despesas'))?.url).toBe(`/api/romaneios/despesas?inicio=2025-03-01&fim=${mesSaoPaulo().dataFim}`);
  });

  it('without FRETE_ROMA_C there is no "Novo romaneio"; without FRETE_ROMA_E the rows open read-only', async () => {
    const { user } = abrir({ roles: ['FRETE_ROMA_M'] });
    await pronto();
    expect(screen.queryByRole('button', { name: /Novo romaneio/ })).not.toBeInTheDocument();
    expect(within(linha('101')).getByRole('button', { name: 'Visualizar romaneio 101' })).toBeInTheDocument();
    await focar(grade());
    await user.keyboard('{Alt>}n{/Alt}');
    await user.keyboard('{Enter}');
    const d = await dialogoPronto('Romaneio de frete 101 — Expedição');
    expect(within(d).queryByRole('button', { name: /Salvar/ })).not.toBeInTheDocument();
    expect(within(d).queryByRole('button', { name: /Enviar para faturamento/ })).not.toBeInTheDocument();
    expect(within(d).getByRole('combobox', { name: 'Motorista' })).toBeDisabled();
  });
});
