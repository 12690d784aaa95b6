import { describe, expect, it } from 'vitest';
import { apiDaSessao, consoleDaJornada } from './harness';
import { focused, loginAsAdmin, tabTo } from './keyboard';

// Perfis journey, keyboard only (no clicks, no .focus()): log in, palette → Perfis, create a profile with
// two permissions, find it, clone it, deactivate the clone, show deactivated, log out.

describe('Perfis, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('entra, cria, encontra, clona, desativa, mostra desativados e sai', async () => {
    const { page, url } = app();
    // Login by keyboard; the what's-new dialog of the first login is answered with Enter.
    const auth = await loginAsAdmin(page, url);
    // After the reload the dialog does not come back: the setting was stored.
    await page.waitForTimeout(300);
    expect(await page.getByRole('dialog', { name: 'Novidades da versão' }).count()).toBe(0);

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
    const api = apiDaSessao(url, auth);
    const pagina = await api<{ content: { descricao: string; roles: string[]; ativado: boolean }[] }>(
      `/perfis?search=${encodeURIComponent('descricao~Conferência;ativado=in=(true,false)')}&sort=descricao,asc`,
    );
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
