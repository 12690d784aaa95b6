import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startConsole, type Console } from './harness';

// Issue 2 journey, keyboard only (no clicks, no .focus()): log in, palette → Perfis, create a profile with
// two permissions, find it, clone it, deactivate the clone, show deactivated, log out.

const focused = (page: Page) =>
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
async function tabTo(page: Page, name: string, max = 40) {
  for (let i = 0; i < max; i++) {
    if ((await focused(page)) === name) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`"${name}" não foi alcançado com Tab; foco em "${await focused(page)}"`);
}

describe('Perfis, só pelo teclado, no Chromium', () => {
  let app: Console;
  beforeAll(async () => {
    app = await startConsole();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('entra, cria, encontra, clona, desativa, mostra desativados e sai', async () => {
    const { page, url } = app;
    await page.goto(url);

    // Login: the user field has focus; Tab to the password; Enter submits.
    await page.getByLabel('Usuário').waitFor();
    expect(await focused(page)).toBe('Usuário');
    await page.keyboard.type('admin');
    await page.keyboard.press('Tab');
    await page.keyboard.type('admin');
    await page.keyboard.press('Enter');

    // First login: the what's-new dialog shows; OK (Enter) stores ultimaVersao and reloads.
    const novidades = page.getByRole('dialog', { name: 'Novidades da versão' });
    await novidades.waitFor();
    await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
    await page.waitForURL('**/ctes');
    await page.getByRole('heading', { name: 'Fretes' }).waitFor();
    // After the reload the dialog does not come back: the setting was stored.
    await page.waitForTimeout(300);
    expect(await novidades.count()).toBe(0);

    // Palette → Perfis.
    await page.keyboard.press('Control+k');
    await page.getByRole('dialog', { name: 'Paleta de comandos' }).waitFor();
    await page.keyboard.type('perfis');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/perfis');
    await page.getByRole('gridcell', { name: 'Administração', exact: true }).waitFor();

    // New profile (Alt+N: Ctrl+N belongs to the browser), two permissions, Ctrl+S.
    await page.keyboard.press('Alt+n');
    const novo = page.getByRole('dialog', { name: 'Novo perfil' });
    await novo.waitFor();
    await page.keyboard.type('Conferência E2E');
    await tabTo(page, 'Perfis: Menu');
    await page.keyboard.press('Space');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Perfis: Criar');
    await page.keyboard.press('Space');
    await page.keyboard.press('Control+s');
    await novo.waitFor({ state: 'detached' });

    // Find it: Alt+P focuses the search, Enter searches.
    await page.keyboard.press('Alt+p');
    await page.keyboard.type('Conferência');
    await page.keyboard.press('Enter');
    await page.getByRole('gridcell', { name: 'Conferência E2E', exact: true }).waitFor();
    await page.getByRole('gridcell', { name: 'Administração', exact: true }).waitFor({ state: 'detached' });

    // Clone the selected row (Alt+C): the dialog opens with " (Cópia)" appended.
    await page.keyboard.press('Alt+c');
    const clone = page.getByRole('dialog', { name: 'Clonar perfil' });
    await clone.waitFor();
    expect(await clone.getByLabel('Descrição').inputValue()).toBe('Conferência E2E (Cópia)');
    await page.keyboard.press('Control+s');
    await clone.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'Conferência E2E (Cópia)', exact: true }).waitFor();

    // Deactivate the clone: to the grid by Tab, End selects the last row, Delete asks, S confirms.
    await tabTo(page, 'Perfis');
    await page.keyboard.press('End');
    await page.keyboard.press('Delete');
    const confirmacao = page.getByRole('alertdialog', { name: 'Confirmação' });
    await confirmacao.waitFor();
    await page.keyboard.press('s');
    await confirmacao.waitFor({ state: 'detached' });
    await page.getByRole('gridcell', { name: 'Conferência E2E (Cópia)', exact: true }).waitFor({ state: 'detached' });

    // Ctrl+H shows the deactivated ones again.
    await page.keyboard.press('Control+h');
    await page.getByRole('gridcell', { name: 'Conferência E2E (Cópia)', exact: true }).waitFor();

    // What the keyboard did is what the server kept.
    const sessao = await page.evaluate(() =>
      Object.values(localStorage).find((v) => v.includes('"token"')),
    );
    const auth = `Bearer ${JSON.parse(sessao ?? '{}').token}`;
    const r = await fetch(`${url}/api/perfis?search=${encodeURIComponent('descricao~Conferência;ativado=in=(true,false)')}&sort=descricao,asc`, {
      headers: { authorization: auth },
    });
    expect(r.status).toBe(200);
    const pagina = (await r.json()) as { content: { descricao: string; roles: string[]; ativado: boolean }[] };
    expect(pagina.content.map((p) => [p.descricao, [...p.roles].sort(), p.ativado])).toEqual([
      ['Conferência E2E', ['____PERF_C', '____PERF_M'], true],
      ['Conferência E2E (Cópia)', ['____PERF_C', '____PERF_M'], false],
    ]);

    // Ctrl+Q logs out: back to the login screen at the root, the token gone.
    await page.keyboard.press('Control+q');
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toContain('eyJ');
  });
});
