import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleDaJornada } from './harness';
import { esperarFoco, focused, loginAsAdmin, novoMotorista, palette, tabTo } from './keyboard';

// Issue 28, keyboard only: "Novo motorista" (Alt+M) pressed from another field of a manifest. Once the driver
// is saved the focus is on the Motorista field, with the new driver picked in it: in the freight-cost manifest
// and in the service-order one (which gave it back to Transportadora).

/** The focus on Motorista, the new driver in it, and it stays there (nothing moves it a moment later). */
async function focoNoMotorista(page: Page, dialogo: Locator, nome: string) {
  await esperarFoco(page, 'Motorista');
  const campo = dialogo.getByRole('combobox', { name: 'Motorista' });
  await expect.poll(() => campo.inputValue(), { timeout: 10_000 }).toContain(nome);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 300))));
  expect(await focused(page)).toBe('Motorista');
  expect(await campo.evaluate((el) => el === document.activeElement)).toBe(true);
}

describe('Novo motorista devolve o foco ao campo Motorista, só pelo teclado', () => {
  const app = consoleDaJornada();

  it('no romaneio de frete, vindo do Valor do frete', async () => {
    const { page, url } = app();
    await loginAsAdmin(page, url);
    await palette(page, 'romaneios', 'Romaneios');
    await page.getByRole('grid', { name: 'Romaneios de frete' }).waitFor();
    await page.keyboard.press('Alt+n');
    const novo = page.getByRole('dialog', { name: /^Novo romaneio de frete/ });
    await novo.waitFor();
    await esperarFoco(page, 'Motorista');
    await tabTo(page, 'Valor do frete');
    await novoMotorista(page, 'Rui Foco Frete', '529.982.247-25');
    await focoNoMotorista(page, novo, 'Rui Foco Frete');
    await page.keyboard.press('Escape');
    await page.getByRole('alertdialog', { name: 'Confirmação' }).waitFor();
    await page.keyboard.press('s');
    await novo.waitFor({ state: 'detached' });
  });

  it('no romaneio de O.S., vindo da Transportadora', async () => {
    const { page } = app();
    await page.keyboard.press('Alt+2');
    await page.getByRole('grid', { name: 'Romaneios de O.S.' }).waitFor();
    await page.keyboard.press('Alt+n');
    const novoOs = page.getByRole('dialog', { name: /^Novo romaneio de O\.S\./ });
    await novoOs.waitFor();
    await tabTo(page, 'Transportadora');
    await novoMotorista(page, 'Rui Foco OS', '111.444.777-35');
    await focoNoMotorista(page, novoOs, 'Rui Foco OS');
  });
});
