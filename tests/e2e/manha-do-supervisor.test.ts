import { describe, expect, it } from 'vitest';
import { apiDaSessao, consoleDaJornada } from './harness';
import { autocompletar, dialogosVistos, escolherOpcao, esperarFoco, gravarDialogos, loginAsAdmin, palette, substituir, tabTo } from './keyboard';

// Journey: a supervisor's morning, keyboard only, in real Chromium (as admin: the demo profiles that
// can open every step follow docs/decisoes.md §8). No Tab-storm: the palette, the jump key and the dialogs' own focus
// take the user where the work is. After every step the focused element is asserted,
// and at the end the list of every dialog that opened must be exactly the expected one.

describe('A manhã de um supervisor, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('transportadora pela paleta, um CT-e aprovado pela grade, uma tabela salva do Esc e uma simulação com data digitada', async () => {
    const { page, url } = app();
    const get = apiDaSessao(url, await loginAsAdmin(page, url));
    await gravarDialogos(page);
    // Fretes (the landing page) opens on its first filter.
    await esperarFoco(page, 'Nº da fatura');

    // 1. The palette runs "Transportadoras" by name; the screen opens on its search field.
    await palette(page, 'Transportadoras', 'Transportadoras');
    await page.waitForURL('**/transportadora');
    const buscaTransportadora = 'Pesquisar por razão social, nome fantasia, CNPJ ou código';
    await esperarFoco(page, buscaTransportadora);
    const [carrier] = (await get<{ content: { razaoSocial: string }[] }>('/transportadoras/listar-simples?size=1&sort=razaoSocial,asc')).content;
    await page.keyboard.type(carrier.razaoSocial.slice(0, 10));
    await page.keyboard.press('Enter');
    const gradeTransportadoras = page.getByRole('grid', { name: 'Transportadoras' });
    await gradeTransportadoras.getByRole('gridcell', { name: carrier.razaoSocial, exact: true }).first().waitFor();
    await esperarFoco(page, buscaTransportadora);
    // Ctrl+G: from the filter to the grid; Enter opens the carrier; Esc gives the focus back to the grid.
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Transportadoras');
    await page.keyboard.press('Enter');
    const dialogoTransportadora = page.getByRole('dialog', { name: 'Transportadora' });
    await dialogoTransportadora.waitFor();
    await expect.poll(() => dialogoTransportadora.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    expect(await dialogoTransportadora.getByLabel('Razão social').inputValue()).toBe(carrier.razaoSocial);
    await page.keyboard.press('Escape');
    await dialogoTransportadora.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Transportadoras');
    // The pager under it: the last page disables the pressed button, and the grid keeps the focus.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+g');
    await esperarFoco(page, buscaTransportadora);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Transportadoras');
    await page.getByText(/^Página 1 de 2/).waitFor();
    await tabTo(page, 'Última página', 5);
    await page.keyboard.press('Enter');
    await esperarFoco(page, 'Transportadoras');
    await page.getByText(/^Página 2 de 2/).waitFor();

    // 2. Fretes: a failed audit of this month, found with the selects (Enter on a select searches), reached by
    //    the jump key, opened, then reviewed and approved.
    await palette(page, 'Fretes', 'Fretes');
    await page.waitForURL('**/ctes');
    await esperarFoco(page, 'Nº da fatura');
    await tabTo(page, 'Status', 12);
    await escolherOpcao(page, 'Auditado');
    await page.keyboard.press('Tab');
    await esperarFoco(page, 'Status da auditoria');
    await escolherOpcao(page, 'Falha');
    await page.keyboard.press('Enter');
    await page.waitForURL(/auditoria=FALHA/);
    await esperarFoco(page, 'Status da auditoria');
    const grade = page.getByRole('grid', { name: 'Fretes' });
    // The filtered page, not the one before it: every row is a failed audit.
    const statusDasLinhas = () =>
      grade.evaluate((g) => [...g.querySelectorAll('[role=row][aria-rowindex]:not([aria-rowindex="1"])')].map((r) => /Auditado com falha/.test(r.textContent ?? '')));
    await expect.poll(async () => {
      const linhas = await statusDasLinhas();
      return linhas.length > 0 && linhas.every(Boolean) && (await grade.getAttribute('aria-busy')) === null;
    }, { timeout: 20_000 }).toBe(true);
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Fretes');
    // The CT-e column by its header (optional columns may leave the row at this width: docs/decisoes.md §35).
    const coluna = (await grade.getByRole('columnheader').allTextContents()).findIndex((t) => t.trim().startsWith('CT-e'));
    const numero = (await grade.getByRole('row').nth(1).getByRole('gridcell').nth(coluna).textContent())?.trim();
    expect(numero).toMatch(/^\d+$/);
    await page.keyboard.press('Enter');
    const detalhe = page.getByRole('dialog', { name: `Frete ${numero}` });
    await detalhe.waitFor();
    await esperarFoco(page, 'Peso bruto (Kg)');
    await page.keyboard.press('Escape');
    await detalhe.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Fretes');
    await page.keyboard.press('Alt+r');
    const revisao = page.getByRole('dialog', { name: `Revisar auditoria do frete ${numero}` });
    await revisao.waitFor();
    await esperarFoco(page, 'Valor correto');
    await page.keyboard.press('Control+s');
    await revisao.waitFor({ state: 'detached' });
    const resultado = page.getByRole('alertdialog', { name: 'Atenção para as seguintes mensagens do sistema:' });
    await resultado.waitFor();
    expect(await resultado.textContent()).toMatch(/1 CT-e\(s\) aprovado\(s\)/);
    await esperarFoco(page, 'OK');
    await page.keyboard.press('Enter');
    await resultado.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Fretes');

    // 3. A small freight table for a carrier without one; Esc by mistake asks, Não keeps the work, Ctrl+S saves.
    const comTabela = new Set((await get<{ content: { transportadora: { id: number } }[] }>('/tabelas-frete?size=50')).content.map((t) => t.transportadora.id));
    const semTabela = (await get<{ content: { id: number; razaoSocial: string }[] }>('/transportadoras/listar-simples?size=50&sort=razaoSocial,asc')).content.find(
      (t) => !comTabela.has(t.id),
    )!;
    await palette(page, 'Tabelas de Frete', 'Tabelas de Frete');
    await page.waitForURL('**/tabelas-frete');
    await esperarFoco(page, 'Transportadora');
    await page.keyboard.press('Alt+n');
    const tabela = page.getByRole('dialog', { name: 'Nova tabela de frete' });
    await tabela.waitFor();
    await esperarFoco(page, 'Transportadora');
    await autocompletar(page, semTabela.razaoSocial.slice(0, 12), semTabela.razaoSocial);
    await page.keyboard.press('Tab');
    await esperarFoco(page, 'Início');
    await page.keyboard.type('01012026');
    await page.keyboard.press('Alt+r');
    await page.getByRole('dialog', { name: 'Novo percurso' }).waitFor();
    await esperarFoco(page, 'Descrição');
    await page.keyboard.type('Campinas - Bahia');
    await page.keyboard.press('Alt+o');
    await page.getByRole('dialog', { name: 'Nova origem' }).waitFor();
    await esperarFoco(page, 'Município');
    await autocompletar(page, 'Campinas', 'Campinas/SP');
    await page.keyboard.press('Control+s');
    await page.getByRole('dialog', { name: 'Nova origem' }).waitFor({ state: 'detached' });
    await esperarFoco(page, 'Origens');
    await page.keyboard.press('Alt+d');
    await page.getByRole('dialog', { name: 'Novo destino' }).waitFor();
    await esperarFoco(page, 'Município');
    await tabTo(page, 'UF', 5);
    await escolherOpcao(page, 'BA - Bahia');
    await page.keyboard.press('Control+s');
    await page.getByRole('dialog', { name: 'Novo destino' }).waitFor({ state: 'detached' });
    await esperarFoco(page, 'Destinos');
    await page.keyboard.press('Control+s');
    await page.getByRole('dialog', { name: 'Novo percurso' }).waitFor({ state: 'detached' });
    await esperarFoco(page, 'Percursos');
    await tabela.getByRole('gridcell', { name: 'Campinas - Bahia', exact: true }).waitFor();

    await page.keyboard.press('Escape');
    const guarda = page.getByRole('alertdialog', { name: 'Confirmação' });
    await guarda.waitFor();
    expect(await guarda.textContent()).toContain('Descartar as alterações?');
    await esperarFoco(page, 'Não');
    await page.keyboard.press('n');
    await guarda.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Percursos');
    expect(await tabela.getByRole('gridcell', { name: 'Campinas - Bahia', exact: true }).count()).toBe(1);
    await page.keyboard.press('Control+s');
    await tabela.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByRole('status', { name: 'Aviso' }).textContent()).toContain('Tabela de frete salva.');
    await esperarFoco(page, 'Transportadora');
    const salvas = await get<{ content: { transportadora: { id: number } }[] }>('/tabelas-frete?size=50');
    expect(salvas.content.some((t) => t.transportadora.id === semTabela.id)).toBe(true);

    // 4. Simulate: an impossible date is refused with its message; the typed date counts without leaving the
    //    field; "1.500" is 1,500 kg; Ctrl+Enter right after typing the last value.
    const [cliente] = (await get<{ content: { vwCliente: { razaoSocial: string } }[] }>('/clientes/listar-simples?size=1&sort=razaoSocial,asc')).content;
    await page.keyboard.press('Alt+s');
    const simulacao = page.getByRole('dialog', { name: 'Simular frete' });
    await simulacao.waitFor();
    await esperarFoco(page, 'Data de despacho');
    await substituir(page, '31022026');
    await page.keyboard.press('Control+Enter');
    const advertencia = page.getByRole('alertdialog', { name: 'Advertência' });
    await advertencia.waitFor();
    expect(await advertencia.textContent()).toContain('Data de despacho: "31/02/2026" não é uma data válida');
    await page.keyboard.press('Enter');
    await advertencia.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Data de despacho');
    await substituir(page, '16112026');
    await tabTo(page, 'Cliente', 3);
    await autocompletar(page, cliente.vwCliente.razaoSocial.slice(0, 10), new RegExp(`^${cliente.vwCliente.razaoSocial.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
    await tabTo(page, 'Município de origem', 4);
    await autocompletar(page, 'Campinas', 'Campinas/SP');
    await tabTo(page, 'Município de destino', 3);
    await page.keyboard.press('Control+a');
    await autocompletar(page, 'Curitiba', 'Curitiba/PR');
    await tabTo(page, 'Peso (Kg)', 4);
    await page.keyboard.type('1.500');
    await page.keyboard.press('Tab');
    await esperarFoco(page, 'Valor da carga');
    await page.keyboard.type('10.000,00');
    await page.keyboard.press('Control+Enter');
    const cotacao = simulacao.getByRole('table', { name: 'Cotação' });
    await cotacao.waitFor();
    expect(await simulacao.getByLabel('Data da cotação').textContent()).toBe('Cotação para despacho em 16/11/2026');
    await esperarFoco(page, 'Imprimir cotação');
    expect(await cotacao.getByRole('row').count()).toBeGreaterThan(1);
    await page.keyboard.press('Escape');
    await simulacao.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Transportadora');

    // No dialog other than the expected ones ever opened (no error popup over the palette, no "unavailable").
    expect((await dialogosVistos(page)).map((d) => d.nome)).toEqual([
      'Paleta de comandos',
      'Transportadora',
      'Paleta de comandos',
      `Frete ${numero}`,
      `Revisar auditoria do frete ${numero}`,
      'Atenção para as seguintes mensagens do sistema:',
      'Paleta de comandos',
      'Nova tabela de frete',
      'Novo percurso',
      'Nova origem',
      'Novo destino',
      'Confirmação',
      'Simular frete',
      'Advertência',
    ]);
  });
});
