import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import type { Configuracao } from '../../../src/contracts/configuracoes';
import { resumoReleitura, textoProgressoReleitura } from '../../../src/contracts/ctes';
import { json, rota } from '../helpers/fetch-stub';
import { usuario } from '../helpers/fixtures';
import { renderApp } from '../helpers/render-app';
import { focar } from '../helpers/focar';

const configuracao = (): Configuracao => ({
  enderecoEntrada: '/dados/xml/entrada',
  enderecoSaida: '/dados/xml/saida',
  enderecoErro: '/dados/xml/erro',
  dataEmissaoCte: '2026-11-20',
  integrarFaturamento: false,
  entradas: [{ id: 10, razaoSocial: 'Colacril Matriz', cpfCnpjFormatado: '11.222.333/0001-81', clienteId: 'C10' }],
  tomadores: [],
  toleranciaValor: '0.10',
  toleranciaPercentual: '0',
  versao: 3,
});
const vw = (clienteId: string, razaoSocial: string) => ({
  pk: { clienteId },
  razaoSocial,
  nomeFantasia: null,
  cpfCnpjFormatado: null,
  tipo: 'UNICO',
  posicao: 'ATIVO',
  cidade: 'Curitiba',
  estado: 'PR',
  grupoRazaoSocial: null,
  grupoNomeFantasia: null,
  grupoCpfCnpjFormatado: null,
});
const abrir = (roles = ['____CLIE_M', '____CLIE_E', 'FRETE_CTE_M']) =>
  renderApp({
    caminho: '/configuracoes',
    usuario: usuario({ roles }),
    rotas: [
      rota('GET', '/api/configuracoes/completar', () => json(configuracao())),
      rota('POST', '/api/configuracoes', (c) => json({ ...configuracao(), ...(c.body as object), entradas: configuracao().entradas, tomadores: [], versao: 4 })),
      rota('GET', '/api/vw-clientes/listar-simples', () => json({ content: [vw('C20', 'Papelaria Curitiba Ltda')], totalElements: 1, totalPages: 1, number: 0, size: 20 })),
      // vw-clientes hits carry only the ERP key: the register id comes from findByCardCode.
      rota('GET', '/api/clientes/findByCardCode/C20', () => json({ id: 20, descricaoAmigavel: null, ativado: true, vwCliente: vw('C20', 'Papelaria Curitiba Ltda'), versao: 0 })),
      rota('POST', '/api/ctes/carregar-xml-tabela', () => json({ relidos: 2, erros: [], mensagens: [resumoReleitura(2, 180, 0)] })),
    ],
  });

describe('settings screen', () => {
  it('shows the folders and the last CT-e date read-only (dd/mm/yyyy)', async () => {
    abrir();
    expect(await screen.findByLabelText('Pasta de entrada', {}, { timeout: 5000 })).toHaveValue('/dados/xml/entrada');
    expect(screen.getByLabelText('Pasta de entrada')).toHaveAttribute('readonly');
    expect(screen.getByLabelText('Pasta de erro')).toHaveValue('/dados/xml/erro');
    expect(screen.getByLabelText('Data do último CT-e')).toHaveValue('20/11/2026');
  });

  it('adds a Tomador by autocomplete (chosen ones excluded), toggles billing, edits the tolerance and saves with Ctrl+S', async () => {
    const { user, chamadas } = abrir();
    await screen.findByLabelText('Pasta de entrada', {}, { timeout: 5000 });
    await user.click(screen.getByRole('checkbox', { name: 'Integrar faturamento' }));
    const valor = screen.getByLabelText('Tolerância da auditoria (R$)');
    await user.clear(valor);
    await user.type(valor, '0,25');
    await user.type(screen.getByRole('combobox', { name: 'Adicionar cliente em Tomadores' }), 'pap');
    await user.click(await screen.findByRole('option', { name: /Papelaria Curitiba/ }, { timeout: 3000 }));
    expect(await screen.findByRole('list', { name: 'Clientes em Tomadores' })).toHaveTextContent('Papelaria Curitiba Ltda');
    const busca = chamadas.find((c) => c.url.startsWith('/api/vw-clientes/listar-simples'))?.url;
    expect(busca).toContain('cliente=pap');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/configuracoes')).toBe(true));
    expect(chamadas.find((c) => c.url === '/api/configuracoes')?.body).toEqual({
      integrarFaturamento: true,
      entradas: [{ id: 10 }],
      tomadores: [{ id: 20 }],
      toleranciaValor: '0.25',
      toleranciaPercentual: '0',
      versao: 3,
    });
  });

  it('removes a customer only after confirmation', async () => {
    const { user } = abrir();
    await screen.findByLabelText('Pasta de entrada', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Remover Colacril Matriz de Entradas' }));
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(confirmacao).toHaveTextContent('Deseja remover "Colacril Matriz" de Entradas?');
    await user.keyboard('n');
    expect(screen.getByRole('list', { name: 'Clientes em Entradas' })).toHaveTextContent('Colacril Matriz');
    await user.click(screen.getByRole('button', { name: 'Remover Colacril Matriz de Entradas' }));
    await screen.findByRole('alertdialog', { name: 'Confirmação' });
    await user.keyboard('s');
    await waitFor(() => expect(screen.getByText('Nenhum cliente.', { selector: 'section[aria-label="Entradas"] p' })).toBeInTheDocument());
  });

  it('tab Comandos: days default 30, clamped to 0–180; Carregar XML shows the server message (409)', async () => {
    const { user, chamadas } = abrir();
    await screen.findByLabelText('Pasta de entrada', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}2{/Alt}');
    const dias = screen.getByLabelText('Quantidade de dias');
    expect(dias).toHaveValue('30');
    await user.clear(dias);
    await user.type(dias, '500');
    await user.tab();
    expect(dias).toHaveValue('180');
    await user.keyboard('{Alt>}x{/Alt}');
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(resumoReleitura(2, 180, 0));
    expect(chamadas.find((c) => c.url === '/api/ctes/carregar-xml-tabela')?.body).toEqual({ dias: 180 });
  });

  it('opens with the focus on its first useful field; a Tomador picked by keyboard leaves the focus in the add field', async () => {
    const { user } = abrir();
    const tolerancia = await screen.findByLabelText('Tolerância da auditoria (R$)', {}, { timeout: 5000 });
    await waitFor(() => expect(tolerancia).toHaveFocus());
    const adicionar = screen.getByRole('combobox', { name: 'Adicionar cliente em Tomadores' });
    await focar(adicionar);
    await user.keyboard('pap');
    await screen.findByRole('option', { name: /Papelaria Curitiba/ }, { timeout: 3000 });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByRole('list', { name: 'Clientes em Tomadores' })).toHaveTextContent('Papelaria Curitiba Ltda');
    expect(adicionar).toHaveValue('');
    expect(adicionar).toHaveFocus();
  });

  it('Alt+X right after typing the days (without leaving the field) uses the typed number', async () => {
    const { user, chamadas } = abrir();
    await screen.findByLabelText('Pasta de entrada', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}2{/Alt}');
    const dias = screen.getByLabelText('Quantidade de dias');
    await focar(dias);
    await user.keyboard('{Control>}a{/Control}7{Alt>}x{/Alt}');
    await screen.findByRole('alertdialog');
    expect(chamadas.find((c) => c.url === '/api/ctes/carregar-xml-tabela')?.body).toEqual({ dias: 7 });
  });

  it('Carregar XML of many days shows its progress (GET /ctes/carregar-xml-tabela) while it runs, then the summary', async () => {
    let terminar = () => {};
    const fim = new Promise<void>((ok) => (terminar = ok));
    const { user, chamadas } = renderApp({
      caminho: '/configuracoes',
      usuario: usuario({ roles: ['____CLIE_M', '____CLIE_E', 'FRETE_CTE_M'] }),
      rotas: [
        rota('GET', '/api/configuracoes/completar', () => json(configuracao())),
        rota('POST', '/api/ctes/carregar-xml-tabela', () => fim.then(() => json({ relidos: 3500, erros: [], mensagens: [resumoReleitura(3500, 180, 0)] }))),
        rota('GET', '/api/ctes/carregar-xml-tabela', () => json({ progresso: { feitos: 1500, total: 3500 } })),
      ],
    });
    await screen.findByLabelText('Pasta de entrada', {}, { timeout: 5000 });
    await user.keyboard('{Alt>}2{/Alt}');
    await user.keyboard('{Alt>}x{/Alt}');
    expect(await screen.findByText(textoProgressoReleitura('1.500', '3.500'), {}, { timeout: 5000 })).toHaveAttribute('role', 'status');
    // Busy, not disabled: it keeps the focus of the user who pressed it, and a second Alt+X starts nothing.
    const botao = screen.getByRole('button', { name: /Carregar XML/ });
    expect(botao).toHaveAttribute('aria-busy', 'true');
    expect(botao).not.toBeDisabled();
    await user.keyboard('{Alt>}x{/Alt}');
    await user.click(botao);
    expect(chamadas.filter((c) => c.url === '/api/ctes/carregar-xml-tabela' && c.method === 'POST')).toHaveLength(1);
    terminar();
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(resumoReleitura(3500, 180, 0));
    expect(screen.queryByText(textoProgressoReleitura('1.500', '3.500'))).not.toBeInTheDocument();
  });

  it('hides Salvar without ____CLIE_E', async () => {
    abrir(['____CLIE_M', 'FRETE_CTE_M']);
    await screen.findByLabelText('Pasta de entrada', {}, { timeout: 5000 });
    expect(screen.queryByRole('button', { name: /Salvar/ })).not.toBeInTheDocument();
  });
});
