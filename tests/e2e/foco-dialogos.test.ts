import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { consoleDaJornada } from './harness';
import { esperarFoco, esperarLinhas, login, palette } from './keyboard';

// Issue 28 (focus), keyboard only in Chromium at 1366 wide, with demo users who only read: a read-only dialog
// never opens on its × (a reflex Enter closed it), and Ctrl+K then Esc over a dialog gives the focus back to
// exactly the control that had it (it used to land on "Reprocessar dados fiscais" of a read-only CT-e).

/** What has the focus: its role, its name and whether it is a dialog's close button (×). */
const emFoco = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as HTMLElement | null;
    return {
      role: a?.getAttribute('role') ?? a?.tagName.toLowerCase() ?? '',
      nome: a?.getAttribute('aria-label') ?? a?.textContent?.trim().slice(0, 40) ?? '',
      fechar: a?.hasAttribute('data-fechar-dialogo') ?? false,
      noDialogo: !!a?.closest('[role=dialog]'),
    };
  });

/** Opens the first row of the grid `nome` by keyboard: Ctrl+G to the grid, Home, Enter. */
async function abrirPrimeiraLinha(page: Page, grade: Locator, nome: string) {
  await esperarLinhas(grade);
  await page.keyboard.press('Control+g');
  await esperarFoco(page, nome);
  await page.keyboard.press('Home');
  await expect.poll(() => grade.locator('[role="row"][aria-rowindex="2"]').getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
}

/** The dialog opened: once its content is in, the focus is in it and settled (not the ×: the first tab or content). */
async function focoInicialNaoEhFechar(page: Page, dialogo: Locator) {
  await dialogo.waitFor();
  await expect.poll(() => dialogo.evaluate((d) => d.contains(document.activeElement)), { timeout: 10_000 }).toBe(true);
  // The form may arrive late (loaded from the server): a few frames for it to take the focus.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 500)));
  const foco = await emFoco(page);
  expect(foco.fechar, `foco inicial no ×: ${JSON.stringify(foco)}`).toBe(false);
  expect(foco.noDialogo).toBe(true);
  return foco;
}

/** A fresh start for another user: the stored session forgotten. */
async function semSessao(page: Page, url: string) {
  await page.goto(url);
  await page.evaluate(() => localStorage.clear());
}

/** Ctrl+K over the dialog, Esc: the focus ends on exactly the element that had it, and stays there. */
async function paletaEEsc(page: Page, dialogo: Locator) {
  const antes = await emFoco(page);
  expect(await dialogo.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.evaluate(() => ((window as unknown as { __alvo: Element | null }).__alvo = document.activeElement));
  await page.keyboard.press('Control+k');
  const paleta = page.getByRole('dialog', { name: 'Paleta de comandos' });
  await paleta.waitFor();
  await esperarFoco(page, 'Paleta de comandos');
  await page.keyboard.press('Escape');
  await paleta.waitFor({ state: 'detached' });
  const deVolta = () => page.evaluate(() => document.activeElement === (window as unknown as { __alvo: Element | null }).__alvo);
  await expect.poll(deVolta, { message: `o foco estava em ${JSON.stringify(antes)}`, timeout: 10_000 }).toBe(true);
  // Nothing (the dialog's trap resuming, the focus keeper) moves it afterwards.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 300)));
  expect(await deVolta(), `foco em ${JSON.stringify(await emFoco(page))}, estava em ${JSON.stringify(antes)}`).toBe(true);
}

describe('Foco nos diálogos, só pelo teclado, com usuários que só consultam', () => {
  const app = consoleDaJornada();

  it('Fatura e Minuta somente leitura não abrem no ×', async () => {
    const { page, url } = app();
    await login(page, url, 'gerente', SENHA_DEMO);

    await palette(page, 'faturas', 'Faturas');
    await page.getByRole('heading', { name: 'Faturas' }).waitFor();
    await abrirPrimeiraLinha(page, page.getByRole('grid', { name: 'Faturas' }), 'Faturas');
    const fatura = page.getByRole('dialog', { name: 'Fatura' });
    const focoFatura = await focoInicialNaoEhFechar(page, fatura);
    expect(focoFatura.role).toBe('tab');
    await page.keyboard.press('Escape');
    await fatura.waitFor({ state: 'detached' });

    await palette(page, 'minutas', 'Minutas');
    await page.getByRole('heading', { name: 'Minutas' }).waitFor();
    await abrirPrimeiraLinha(page, page.getByRole('grid', { name: 'Minutas' }), 'Minutas');
    const minuta = page.getByRole('dialog', { name: /^Minuta/ });
    await focoInicialNaoEhFechar(page, minuta);
    await page.keyboard.press('Escape');
    await minuta.waitFor({ state: 'detached' });
  });

  it('Ctrl+K e Esc sobre o detalhe de um CT-e devolvem o foco exatamente ao controle que o tinha', async () => {
    const { page, url } = app();
    await semSessao(page, url);
    await login(page, url, 'representante', SENHA_DEMO);
    await esperarFoco(page, 'Nº da fatura');
    await abrirPrimeiraLinha(page, page.getByRole('grid', { name: 'Fretes' }), 'Fretes');
    const detalhe = page.getByRole('dialog', { name: /^Frete \d+/ });
    await focoInicialNaoEhFechar(page, detalhe);
    const reprocessar = detalhe.getByRole('button', { name: 'Reprocessar dados fiscais' });
    await reprocessar.waitFor();

    // 1. Where the dialog opened, untouched: Ctrl+K, Esc, the focus is back there.
    await paletaEEsc(page, detalhe);
    expect(await reprocessar.evaluate((b) => b === document.activeElement)).toBe(false);

    // 2. Somewhere the user went with Tab: Ctrl+K, Esc, the focus is back exactly there.
    for (let i = 0; i < 3; i++) await page.keyboard.press('Tab');
    expect((await emFoco(page)).nome).not.toBe('Reprocessar dados fiscais');
    await paletaEEsc(page, detalhe);
  });
});
