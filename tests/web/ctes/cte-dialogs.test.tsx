import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../../src/contracts/common';
import { MSG_CONFIRMAR_DESCONSIDERAR, TOOLTIP_NOTA_SEM_DADOS, type CteLinha } from '../../../src/contracts/ctes';
import { buscas, rotaBusca } from '../helpers/fake-busca';
import { json, rota } from '../helpers/fetch-stub';
import { cteLinha, fakeCtesServer } from '../helpers/fake-ctes-server';
import { usuario } from '../helpers/fixtures';
import { dialogoFechado, dialogoPronto, focar } from '../helpers/focar';
import { readMessages } from '../helpers/read-messages';
import { renderApp } from '../helpers/render-app';

const TODAS = ['FRETE_CTE_M', 'FRETE_CTE_E'];
const abrir = (linhas: CteLinha[], roles = TODAS, extras: Parameters<typeof renderApp>[0] = {}) => {
  const servidor = fakeCtesServer({ linhas });
  return { ...renderApp({ usuario: usuario({ roles }), ...extras, rotas: [...(extras.rotas ?? []), ...servidor.rotas] }), servidor };
};
const grade = () => screen.getByRole('grid', { name: 'Fretes' });
const verFrete = async (user: ReturnType<typeof abrir>['user'], numero: number) => {
  await screen.findByText(String(numero), {}, { timeout: 15_000 });
  await user.click(screen.getByRole('button', { name: `Visualizar frete ${numero}` }));
  return dialogoPronto(`Frete ${numero}`, 15_000);
};
const revisar = async (user: ReturnType<typeof abrir>['user'], numero: number) => {
  await screen.findByText(String(numero), {}, { timeout: 15_000 });
  await user.click(screen.getByRole('button', { name: `Revisar auditoria do frete ${numero}` }));
  return dialogoPronto(`Revisar auditoria do frete ${numero}`, 15_000);
};

let baixados: string[];
beforeEach(() => {
  baixados = [];
  Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    baixados.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('CT-e detail dialog', () => {
  it('PROCESSADO with FRETE_CTE_E: four tabs (audit disabled), notes with the tooltip, Ctrl+S saves the weights', async () => {
    const { user, chamadas } = abrir([cteLinha(1, { status: 'PROCESSADO' })]);
    const d = await verFrete(user, 1001);
    const abas = within(d).getAllByRole('tab').map((t) => t.textContent);
    expect(abas).toEqual(['Dados Principais', 'Tomador/Transportadora', 'Carga/Prestação', 'Resultado da Auditoria', 'Ocorrências']);
    expect(within(d).getByRole('tab', { name: 'Resultado da Auditoria' })).toBeDisabled();
    expect(within(d).getByRole('button', { name: /Desconsiderar/ })).toBeInTheDocument();
    expect(within(d).getByLabelText('Peso bruto (Kg)')).toBeEnabled();
    expect(within(d).getAllByRole('img', { name: TOOLTIP_NOTA_SEM_DADOS })).toHaveLength(1);
    // A numeric weight is editable; an empty one is not.
    const peso = within(d).getByRole('textbox', { name: 'Peso bruto da nota 1234' });
    expect(within(d).queryByRole('textbox', { name: 'Peso bruto da nota 1235' })).not.toBeInTheDocument();
    await user.clear(peso);
    await user.type(peso, '1100,5');
    await user.keyboard('{Control>}s{/Control}');
    await waitFor(() => expect(chamadas.find((c) => c.method === 'POST' && c.url === '/api/ctes')).toBeDefined());
    expect(chamadas.find((c) => c.method === 'POST' && c.url === '/api/ctes')?.body).toEqual({
      id: 1,
      versao: 0,
      pesoBruto: '1000.000',
      tipoVeiculo: null,
      notas: [
        { id: 101, pesoBruto: '1100.5', pesoLiquido: '900.000' },
        { id: 102, pesoBruto: null, pesoLiquido: null },
      ],
    });
    await dialogoFechado('Frete 1001');
  });

  it('LIDO: no Save, gross weight disabled; Desconsiderar asks first and posts {id, versao}', async () => {
    const { user, chamadas } = abrir([cteLinha(2, { status: 'LIDO', versao: 4 })]);
    const d = await verFrete(user, 1002);
    expect(within(d).queryByRole('button', { name: /Salvar/ })).not.toBeInTheDocument();
    expect(within(d).getByLabelText('Peso bruto (Kg)')).toBeDisabled();
    await user.click(within(d).getByRole('button', { name: /Desconsiderar/ }));
    const confirmacao = await screen.findByRole('alertdialog', { name: 'Confirmação' });
    expect(confirmacao).toHaveTextContent(MSG_CONFIRMAR_DESCONSIDERAR);
    await waitFor(() => expect(within(confirmacao).getByRole('button', { name: 'Não' })).toHaveFocus());
    await user.keyboard('s');
    await waitFor(() => expect(chamadas.find((c) => c.url === '/api/ctes/desconsiderar')?.body).toEqual({ id: 2, versao: 4 }));
  });

  it.each([
    ['AUDITADO_SUCESSO', TODAS, false, true],
    ['DESCONSIDERADO', TODAS, false, false],
    ['CANCELADO', TODAS, false, false],
    ['AUDITADO_FALHA', TODAS, true, true],
    ['AUDITADO_FALHA', ['FRETE_CTE_M'], false, false],
  ] as const)('%s with %j: Salvar %s, Desconsiderar %s', async (status, roles, salvar, desconsiderar) => {
    const { user } = abrir([cteLinha(3, { status })], [...roles]);
    const d = await verFrete(user, 1003);
    expect(within(d).queryByRole('button', { name: /Salvar/ }) !== null).toBe(salvar);
    expect(within(d).queryByRole('button', { name: /Desconsiderar/ }) !== null).toBe(desconsiderar);
  });

  it('shows the audit result tab and prints the calculation; a stale save shows the server message', async () => {
    const { user, chamadas } = abrir([cteLinha(3, { status: 'AUDITADO_FALHA', valorAuditoria: '120.00' })], TODAS, {
      rotas: [
        rota('POST', '/api/ctes', () => json({ mensagens: [MENSAGEM_VERSAO_OBSOLETA] }, 409)),
        rota('GET', '/api/tabelas-frete/imprimir/cte/3', () => new Response('%PDF-1.4 fake', { headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="calculo-1003.pdf"' } })),
      ],
    });
    const d = await verFrete(user, 1003);
    await user.keyboard('{Alt>}4{/Alt}');
    const aba = within(d).getByRole('tab', { name: 'Resultado da Auditoria' });
    await waitFor(() => expect(aba).toHaveAttribute('aria-selected', 'true'));
    expect(within(d).getByRole('table', { name: 'Elementos de custo' })).toHaveTextContent('Frete peso');
    expect(within(d).getByRole('table', { name: 'Elementos de custo' })).toHaveTextContent('TotalR$ 120,00');
    expect(within(d).getByText('Valor cobrado acima da tolerância.')).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Imprimir cálculo' }));
    await waitFor(() => expect(baixados).toEqual(['calculo-1003.pdf']));
    await user.keyboard('{Control>}s{/Control}');
    expect(await readMessages()).toEqual([MENSAGEM_VERSAO_OBSOLETA]);
    expect(chamadas.some((c) => c.method === 'POST' && c.url === '/api/ctes')).toBe(true);
  });
});

describe('review, approval and grouping', () => {
  it('AUDITADO_FALHA: redo, approve with value and observation, change table (the carrier tables in force)', async () => {
    const { user, chamadas } = abrir([cteLinha(3, { status: 'AUDITADO_FALHA', valorAuditoria: '120.00' })]);
    const d = await revisar(user, 1003);
    for (const b of [/Refazer auditoria/, /^Aprovar/, /Trocar tabela/]) expect(within(d).getByRole('button', { name: b })).toBeEnabled();
    await waitFor(() => expect(chamadas.some((c) => c.url.startsWith('/api/tabelas-frete/cte?'))).toBe(true));
    expect(chamadas.find((c) => c.url.startsWith('/api/tabelas-frete/cte?'))?.url).toContain('transportadora=7&dataDespacho=2025-03-10');
    await user.selectOptions(within(d).getByLabelText('Tabela de frete'), '4');
    await user.click(within(d).getByRole('button', { name: /Trocar tabela/ }));
    expect(await readMessages()).toEqual(['Auditado com a tabela escolhida.']);
    expect(chamadas.find((c) => c.url === '/api/auditorias-cte/trocar-tabela')?.body).toEqual({ cte: 3, tabelaFrete: 4 });
    await user.keyboard('{Enter}');
    const r = await dialogoPronto('Revisar auditoria do frete 1003');
    const valor = within(r).getByLabelText('Valor correto');
    await user.clear(valor);
    await user.type(valor, '130,00');
    await user.type(within(r).getByLabelText('Observações'), 'Acordo comercial');
    await user.click(within(r).getByRole('button', { name: /^Aprovar/ }));
    await waitFor(() =>
      expect(chamadas.find((c) => c.url === '/api/auditorias-cte/aprovar')?.body).toEqual({ ctes: [3], base: 'AUDITORIA', valorCorreto: '130.00', observacoes: 'Acordo comercial' }),
    );
  });

  it.each([
    ['AUDITADO_OBSERVACOES', false],
    ['AUDITADO_REVISADO', false],
    ['AUDITADO_ERRO', true],
  ] as const)('%s: review actions enabled %s (podeTransitar); value and observation locked unless approving is allowed', async (status, habilitado) => {
    const { user } = abrir([cteLinha(3, { status })]);
    const d = await revisar(user, 1003);
    for (const b of [/Refazer auditoria/, /^Aprovar/, /Trocar tabela/]) expect(within(d).getByRole('button', { name: b }).hasAttribute('disabled')).toBe(!habilitado);
    expect(within(d).getByLabelText('Valor correto').hasAttribute('disabled')).toBe(!habilitado);
    expect(within(d).getByLabelText('Observações').hasAttribute('disabled')).toBe(!habilitado);
  });

  it('a supervisor approves a batch by the carrier value from the palette, without the mouse', async () => {
    const { user, chamadas } = abrir([cteLinha(3, { status: 'AUDITADO_FALHA' }), cteLinha(5, { status: 'AUDITADO_ERRO' }), cteLinha(6, { status: 'AUDITADO_OBSERVACOES' })]);
    await screen.findByText('1003', {}, { timeout: 15_000 });
    await focar(grade());
    await user.keyboard('{Alt>}t{/Alt}');
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(3);
    await user.keyboard('{Control>}k{/Control}');
    await dialogoPronto('Paleta de comandos');
    await user.keyboard('pelo valor da transportadora');
    await screen.findByRole('option', { name: /Aprovar selecionados pelo valor da transportadora/ });
    await user.keyboard('{Enter}');
    const d = await dialogoPronto('Aprovação de fretes');
    expect(within(d).getByRole('radio', { name: 'Valor da transportadora' })).toBeChecked();
    await user.keyboard('{Control>}s{/Control}');
    const mensagens = await readMessages();
    // AUDITADO_OBSERVACOES cannot be approved: it is left out and said so.
    expect(mensagens[0]).toBe('Fretes aprovados.');
    expect(mensagens[1]).toMatch(/^CT-e 1006: /);
    expect(chamadas.find((c) => c.url === '/api/auditorias-cte/aprovar')?.body).toEqual({ ctes: [3, 5], base: 'TRANSPORTADORA' });
  });

  it('Agrupar Selecionados (Alt+G) takes a vehicle type and posts the ids', async () => {
    const { user, chamadas } = abrir([cteLinha(1, { status: 'PROCESSADO' }), cteLinha(3, { status: 'AUDITADO_FALHA' })]);
    await screen.findByText('1003', {}, { timeout: 15_000 });
    await focar(grade());
    await user.keyboard('{Alt>}t{/Alt}{Alt>}g{/Alt}');
    const d = await dialogoPronto('Agrupamento de entregas');
    expect(d).toHaveTextContent('2 CT-e(s) selecionado(s) para agrupar.');
    await user.click(within(d).getByRole('button', { name: 'Agrupar' }));
    // Spec 03 §8: validation on the freight screens shows in a dialog titled 'Advertência'.
    expect(await readMessages(/^Advertência$/)).toEqual(['Informe o tipo de veículo.']);
    await user.keyboard('{Enter}');
    const d2 = await dialogoPronto('Agrupamento de entregas');
    await waitFor(() => expect(within(d2).getByRole('option', { name: 'Truck' })).toBeInTheDocument());
    await user.selectOptions(within(d2).getByLabelText('Tipo de veículo'), '5');
    await user.click(within(d2).getByRole('button', { name: 'Agrupar' }));
    expect(await readMessages()).toEqual(['Entregas agrupadas.']);
    expect(chamadas.find((c) => c.url === '/api/ctes/confirmar-agrupamento')?.body).toEqual({ ctes: [1, 3], tipoVeiculo: { id: 5 } });
  });

  it('the palette finds a CT-e by number from another screen and opens its detail dialog', async () => {
    const busca = rotaBusca((q) => (q === '1002' ? [{ tipo: 'ctes', hits: [{ id: 2, rotulo: 'CT-e 1002', detalhe: 'Expresso Andrade Ltda' }] }] : []));
    const perfis = rota('GET', '/api/perfis', () => json({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 50 }));
    const { user, chamadas } = abrir([cteLinha(1), cteLinha(2)], [...TODAS, '____PERF_M'], { caminho: '/perfis', rotas: [busca, perfis] });
    await screen.findByRole('heading', { name: 'Perfis' }, { timeout: 15_000 });
    await user.keyboard('{Control>}k{/Control}');
    await dialogoPronto('Paleta de comandos');
    await user.keyboard('1002');
    await screen.findByRole('option', { name: /CT-e 1002/ });
    expect(buscas(chamadas)).toContain('/api/busca?q=1002');
    await user.click(screen.getByRole('option', { name: /CT-e 1002/ }));
    await dialogoPronto('Frete 1002', 15_000);
    expect(window.location.pathname).toBe('/ctes');
    expect(new URLSearchParams(window.location.search).get('ver')).toBeNull();
  });
});
