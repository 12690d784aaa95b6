import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** The accessible name of the focused element, as a user hears it. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const a = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
    if (!a || a === document.body) return '';
    const porId = a.getAttribute('aria-labelledby');
    return (
      a.getAttribute('aria-label') ??
      a.labels?.[0]?.textContent?.trim() ??
      (porId ? document.getElementById(porId)?.textContent?.trim() : undefined) ??
      a.textContent?.trim() ??
      ''
    );
  });

/** Tab forward until the focused element is named `name` (a user tabbing to a control). */
export async function tabTo(page: Page, name: string, max = 40) {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`"${name}" não foi alcançado com Tab; foco em "${await focused(page)}"`);
}

/**
 * Logs in as admin by keyboard on a fresh database: the user field has focus, Tab to the password, Enter;
 * the first login shows the what's-new dialog, whose OK (Enter) stores ultimaVersao and reloads on /ctes.
 * Answers the Authorization header value of the stored session, for checks through the API.
 */
export async function loginAsAdmin(page: Page, url: string): Promise<string> {
  await page.goto(url);
  await page.getByLabel('Usuário').waitFor();
  expect(await focused(page)).toBe('Usuário');
  await page.keyboard.type('admin');
  await page.keyboard.press('Tab');
  await page.keyboard.type('admin');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Novidades da versão' }).waitFor();
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
  await page.waitForURL('**/ctes');
  await page.getByRole('heading', { name: 'Fretes' }).waitFor();
  const sessao = await page.evaluate(() => Object.values(localStorage).find((v) => v.includes('"token"')));
  return `Bearer ${JSON.parse(sessao ?? '{}').token}`;
}
