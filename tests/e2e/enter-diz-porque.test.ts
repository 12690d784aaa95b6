import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { mensagemCteNaoEncontradoAoAbrir } from '../../src/contracts/conferencia-fatura';
import { mensagemSemAbrir } from '../../src/contracts/erros';
import { FATURAS_DEMO } from '../../src/server/demo/faturas-demo/montar-faturas-demo';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { abrirFaturaDaLinha, linhaCom } from './faturas-e2e';
import { consoleDaJornada } from './harness';
import { esperarFoco, esperarLinhas, login, palette } from './keyboard';

// Issue 28 (focus), keyboard only in Chromium: Enter on a row that cannot open says why instead of nothing.
// The representative (profile "Consulta de Fretes": Tabelas de Frete without Editar) presses Enter on a freight
// table; the manager presses Enter on the line of demo fatura 22914 whose CT-e the console never read.

/** The status line under a grid (the grid's parent holds both). */
const motivoDa = (grade: Locator) => grade.locator('xpath=..').getByRole('status');

/** The text of the focused grid's selected row. */
const linhaEmFoco = (page: Page) =>
  page.evaluate(() => {
    const g = document.activeElement?.closest('[role=grid]');
    const id = g?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent ?? '') : '';
  });

/** The focused grid's selected row's first cell. */
const primeiraCelulaEmFoco = (page: Page) =>
  page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return (id && document.getElementById(id)?.querySelector('[role=gridcell]')?.textContent) || '';
  });

describe('Enter numa linha que não abre diz por quê, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('o representante tecla Enter numa tabela de frete: a grade diz que o perfil não permite abri-la', async () => {
    const { page, url } = app();
    await login(page, url, 'representante', SENHA_DEMO);
    await palette(page, 'tabelas de frete', 'Tabelas de Frete');
    await page.getByRole('heading', { name: 'Tabelas de Frete' }).waitFor();
    const grade = page.getByRole('grid', { name: 'Tabelas de Frete' });
    await esperarLinhas(grade);
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Tabelas de Frete');
    await page.keyboard.press('Home');
    expect(await motivoDa(grade).textContent()).toBe('');
    await page.keyboard.press('Enter');
    await expect.poll(() => motivoDa(grade).textContent(), { timeout: 10_000 }).toBe(mensagemSemAbrir('a tabela de frete', 'Tabelas de Frete'));
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('o gerente tecla Enter na linha de CT-e não encontrado da fatura 22914: a grade diz por quê', async () => {
    const { page, url } = app();
    await page.goto(url);
    await page.evaluate(() => localStorage.clear());
    await login(page, url, 'gerente', SENHA_DEMO);
    await palette(page, 'faturas', 'Faturas');
    await page.getByRole('heading', { name: 'Faturas' }).waitFor();
    const lista = page.getByRole('grid', { name: 'Faturas' });
    const modal = await abrirFaturaDaLinha(page, lista, await linhaCom(lista, FATURAS_DEMO.naoEncontrado.numero));

    // The fatura's only divergence is the CT-e not found: "Ir para o primeiro CT-e divergente" focuses its line.
    await palette(page, 'divergente', /^Ir para o primeiro CT-e divergente/);
    const fretes = modal.getByRole('grid', { name: 'Fretes da fatura' });
    await expect.poll(() => linhaEmFoco(page), { timeout: 10_000 }).toContain('CT-e não encontrado');
    const numero = await primeiraCelulaEmFoco(page);
    expect(numero).not.toBe('');
    await page.keyboard.press('Enter');
    await expect.poll(() => motivoDa(fretes).textContent(), { timeout: 10_000 }).toBe(mensagemCteNaoEncontradoAoAbrir(numero));
    expect(await page.getByRole('dialog', { name: /^Frete / }).count()).toBe(0);
    expect(await modal.isVisible()).toBe(true);
  });
});
