import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { consoleDaJornada } from './harness';
import { esperarFoco, focused, login } from './keyboard';

// The first key of the keyboard-first promise (docs/keyboard.md): for every demo profile, from every screen of
// its menu, F1 lands on the current menu item the first time (the menu is already shown after login), then
// Home, ↓ and Enter open the screen below the first one, and that screen takes the focus (its first control),
// as it does when opened from the palette.

// Each with the screen it lands on after login (/ctes, or the first of its menu without Fretes).
const USUARIOS: [login: string, senha: string, inicio: string][] = [
  ['admin', 'admin', '/ctes'],
  ['diretor', SENHA_DEMO, '/ctes'],
  ['gerente', SENHA_DEMO, '/ctes'],
  ['supervisor', SENHA_DEMO, '/minutas'],
  ['representante', SENHA_DEMO, '/ctes'],
];

const itensDoMenu = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('nav[aria-label="Menu principal"] a[href]')].map((a) => ({
      titulo: a.textContent?.trim() ?? '',
      caminho: new URL(a.href).pathname,
    })),
  );

/** "na tela" when the focus is on a control of the screen area, else where it is (the failure says it). */
const focoNaTela = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement;
    if (a && a.tagName !== 'MAIN' && a.closest('main')) return 'na tela';
    const campos = document.querySelectorAll('main input, main [role=grid]').length;
    return `${a?.tagName ?? 'nada'} "${a?.textContent?.trim().slice(0, 40) ?? ''}" ${a?.closest('nav') ? '(no menu)' : ''} campos=${campos}`;
  });

/** F1, Home, ↓ n times, Enter: the screen at position n of the menu, and its focus. */
async function irPeloMenu(page: Page, n: number, destino: string) {
  await page.keyboard.press('F1');
  await page.keyboard.press('Home');
  for (let i = 0; i < n; i++) await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await page.waitForURL(`**${destino}`);
  await expect.poll(() => focoNaTela(page), { timeout: 15_000, message: `foco ao abrir ${destino} pelo menu` }).toBe('na tela');
}

describe('F1 leva ao menu na primeira tecla, para todo perfil de demonstração', () => {
  const app = consoleDaJornada();

  it.each(USUARIOS)('%s: de cada tela do menu, F1 → Home → ↓ → Enter abre a segunda tela com o foco nela', async (usuario, senha, inicio) => {
    const { page, url } = app();
    await page.goto(url);
    await page.evaluate(() => localStorage.clear());
    await login(page, url, usuario, senha, inicio);
    await page.locator('nav[aria-label="Menu principal"] a').first().waitFor();
    const itens = await itensDoMenu(page);
    expect(itens.length, `menu de ${usuario}`).toBeGreaterThanOrEqual(2);
    for (const [i, item] of itens.entries()) {
      if (new URL(page.url()).pathname !== item.caminho) await irPeloMenu(page, i, item.caminho);
      // The menu is shown: the first F1 must focus the current item, not hide the menu.
      await page.keyboard.press('F1');
      await esperarFoco(page, item.titulo);
      await page.keyboard.press('Home');
      expect(await focused(page)).toBe(itens[0].titulo);
      await page.keyboard.press('ArrowDown');
      expect(await focused(page)).toBe(itens[1].titulo);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${itens[1].caminho}`);
      await expect.poll(() => focoNaTela(page), { timeout: 15_000, message: `${usuario}: foco após abrir ${itens[1].caminho} de ${item.caminho}` }).toBe('na tela');
    }
    await page.keyboard.press('Control+q');
    await page.getByLabel('Usuário').waitFor();
  });
});
