import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiDaSessao, consoleDaJornada } from './harness';
import { textoDoPdf } from './pdf';
import { autocompletar, escolherOpcao, focused, loginAsAdmin, palette, substituir, tabTo } from './keyboard';

// Tabelas de frete journey, keyboard only: a freight table with two routes and three cost elements is created and
// saved, a shipment simulated with it, the quotation read and printed (a PDF arrives and says so).

/** A table's rows as "cell | cell" (text as in the DOM, before CSS upper-casing). */
const linhasDa = (tabela: Locator) =>
  tabela.evaluate((t: HTMLTableElement) => Array.from(t.rows).map((r) => Array.from(r.cells).map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' | ')));

/** Ctrl+S in a dialog, and the dialog goes away. */
async function salvar(page: Page, nome: string) {
  await page.keyboard.press('Control+s');
  await page.getByRole('dialog', { name: nome }).waitFor({ state: 'detached' });
}

/** A cost element from where the focus is: Alt+E, description, modalidade, then `depois` fills the rest. */
async function elemento(page: Page, descricao: string, modalidade: string, depois: () => Promise<void>) {
  await page.keyboard.press('Alt+e');
  await page.getByRole('dialog', { name: 'Novo elemento de custo' }).waitFor();
  expect(await focused(page)).toBe('Descrição');
  await page.keyboard.type(descricao);
  await tabTo(page, 'Modalidade');
  await escolherOpcao(page, modalidade);
  await depois();
  await salvar(page, 'Novo elemento de custo');
}

/** A route from Campinas to one UF, with a "Frete peso" per kg (integral) at `porKg`. */
async function percurso(page: Page, descricao: string, uf: string, porKg: string) {
  await page.keyboard.press('Alt+r');
  await page.getByRole('dialog', { name: 'Novo percurso' }).waitFor();
  expect(await focused(page)).toBe('Descrição');
  await page.keyboard.type(descricao);
  await page.keyboard.press('Alt+o');
  await page.getByRole('dialog', { name: 'Nova origem' }).waitFor();
  expect(await focused(page)).toBe('Município');
  await autocompletar(page, 'Campinas', 'Campinas/SP');
  await salvar(page, 'Nova origem');
  await page.keyboard.press('Alt+d');
  await page.getByRole('dialog', { name: 'Novo destino' }).waitFor();
  await tabTo(page, 'UF');
  await escolherOpcao(page, uf);
  await salvar(page, 'Novo destino');
  await elemento(page, 'Frete peso', 'Calculado por Kg (integral)', async () => {
    await page.keyboard.press('Alt+f');
    await page.getByRole('dialog', { name: 'Nova faixa de preço' }).waitFor();
    expect(await focused(page)).toBe('Valor (R$/Kg)');
    await page.keyboard.type(porKg);
    await tabTo(page, 'Limite superior');
    await page.keyboard.type('99999');
    await salvar(page, 'Nova faixa de preço');
  });
  await salvar(page, 'Novo percurso');
}

describe('Tabelas de frete, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('cria uma tabela com dois percursos e três elementos, simula um embarque, lê a cotação e a imprime', async () => {
    const { page, url } = app();
    const get = apiDaSessao(url, await loginAsAdmin(page, url));
    // A demo carrier without a table of its own, and a demo customer.
    const comTabela = new Set((await get<{ content: { transportadora: { id: number } }[] }>('/tabelas-frete?size=50')).content.map((t) => t.transportadora.id));
    const carriers = await get<{ content: { id: number; razaoSocial: string }[] }>('/transportadoras/listar-simples?size=50&sort=razaoSocial,asc');
    const transportadora = carriers.content.find((t) => !comTabela.has(t.id))!;
    expect(transportadora).toBeDefined();
    const clientes = await get<{ content: { vwCliente: { razaoSocial: string } }[] }>('/clientes/listar-simples?size=1&sort=razaoSocial,asc');
    const cliente = clientes.content[0].vwCliente.razaoSocial;
    const escapar = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

    await palette(page, 'tabelas de frete', 'Tabelas de Frete');
    await page.waitForURL('**/tabelas-frete');
    await page.getByRole('grid', { name: 'Tabelas de Frete' }).getByRole('row').nth(1).waitFor();

    // The table: carrier, start, a global "Despacho" and two routes.
    await page.keyboard.press('Alt+n');
    const tabela = page.getByRole('dialog', { name: 'Nova tabela de frete' });
    await tabela.waitFor();
    expect(await focused(page)).toBe('Transportadora');
    await autocompletar(page, transportadora.razaoSocial.slice(0, 12), transportadora.razaoSocial);
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Início');
    await page.keyboard.type('01012026');
    await elemento(page, 'Despacho', 'Fixo', async () => {
      await tabTo(page, 'Valor mínimo');
      await page.keyboard.type('25,00');
    });
    await percurso(page, 'Campinas - Paraná', 'PR - Paraná', '0,50');
    await percurso(page, 'Campinas - Rio de Janeiro', 'RJ - Rio de Janeiro', '0,80');
    const percursos = tabela.getByRole('grid', { name: 'Percursos' });
    await percursos.getByRole('gridcell', { name: 'Campinas - Rio de Janeiro', exact: true }).waitFor();
    await salvar(page, 'Nova tabela de frete');
    await page.getByRole('gridcell', { name: transportadora.razaoSocial, exact: true }).waitFor();
    const salvas = await get<{ content: { id: number; transportadora: { id: number } }[] }>(`/tabelas-frete?size=50`);
    const salva = salvas.content.find((t) => t.transportadora.id === transportadora.id)!;
    const lida = await get<{ percursos: { descricao: string; elementosCusto: unknown[] }[]; elementosCusto: { descricao: string }[] }>(`/tabelas-frete/${salva.id}`);
    // A new route goes on top of the grid (spec 02 §4), and is saved in that order.
    expect(lida.percursos.map((p) => [p.descricao, p.elementosCusto.length])).toEqual([
      ['Campinas - Rio de Janeiro', 1],
      ['Campinas - Paraná', 1],
    ]);
    expect(lida.elementosCusto.map((e) => e.descricao)).toEqual(['Despacho']);

    // Simulate: Alt+S, Campinas -> Curitiba, 300 kg of 10,000.00 at 12 % ICMS, this carrier only.
    await page.keyboard.press('Alt+s');
    const simulacao = page.getByRole('dialog', { name: 'Simular frete' });
    await simulacao.waitFor();
    expect(await focused(page)).toBe('Data de despacho');
    await substituir(page, '15062026');
    await tabTo(page, 'Cliente');
    await autocompletar(page, cliente.slice(0, 10), new RegExp(`^${escapar(cliente)}`));
    await tabTo(page, 'Transportadora');
    await autocompletar(page, transportadora.razaoSocial.slice(0, 12), transportadora.razaoSocial);
    await tabTo(page, 'Município de origem');
    await autocompletar(page, 'Campinas', 'Campinas/SP');
    await tabTo(page, 'Município de destino');
    await page.keyboard.press('Control+a');
    await autocompletar(page, 'Curitiba', 'Curitiba/PR');
    await tabTo(page, 'ICMS (%)');
    await substituir(page, '12');
    await tabTo(page, 'Peso (Kg)');
    await substituir(page, '300');
    await tabTo(page, 'Valor da carga');
    await substituir(page, '10000');
    await page.keyboard.press('Control+Enter');

    // Despacho 25.00 + Frete peso 300 kg × 0.50 = 150.00 -> 175.00; ICMS por dentro: 175.00 / 0.88 = 198.86.
    const cotacao = simulacao.getByRole('table', { name: 'Cotação' });
    await cotacao.waitFor();
    expect(await linhasDa(cotacao)).toEqual(['Transportadora | Total', `${transportadora.razaoSocial} | R$ 198,86`]);
    await expect.poll(() => focused(page)).toBe('Imprimir cotação');
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const arquivo = await download.path();
    expect(readFileSync(arquivo).subarray(0, 5).toString()).toBe('%PDF-');
    const texto = await textoDoPdf(arquivo);
    expect(texto).toContain(transportadora.razaoSocial);
    expect(texto).toContain('R$ 198,86');

    // The details: every line of this carrier's calculation.
    await page.keyboard.press('Alt+3');
    const elementos = simulacao.getByRole('table', { name: `Elementos de custo de ${transportadora.razaoSocial}` });
    await elementos.waitFor();
    expect(await linhasDa(elementos)).toEqual(['Descrição | Valor', 'Despacho | R$ 25,00', 'Frete peso | R$ 150,00', 'ICMS | R$ 23,86', 'Total | R$ 198,86']);
    await page.keyboard.press('Escape');
    await simulacao.waitFor({ state: 'detached' });
  });
});
