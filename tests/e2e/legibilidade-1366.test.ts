import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleDaJornada } from './harness';
import { focused, loginAsAdmin } from './keyboard';
import { ALTURA, CAPTURAS, esperarListas, LARGURA, problemasDaTela } from './legibilidade';

// Legible at 1366×768 (docs/style.md rule 14; the check is legibilidade.ts), as the admin on a fresh demo: every
// screen of the menu and every dialog with a list of the demo (Fatura, Minuta, the CT-e's notes; the items of both
// romaneios, which the demo has none of, are checked by the romaneios journey once it has made them).
// Screenshots: test-results/1366/<tela>.png.

/** The admin's menu (src/web/app/routes.ts): path and heading. */
const ROUTES = [
  ['/usuarios', 'Usuários'],
  ['/perfis', 'Perfis'],
  ['/configuracoes', 'Configuração'],
  ['/transportadora', 'Transportadoras'],
  ['/ctes', 'Fretes'],
  ['/tabelas-frete', 'Tabelas de Frete'],
  ['/minutas', 'Minutas'],
  ['/romaneios', 'Romaneios'],
  ['/faturas', 'Faturas'],
  ['/pagamentos', 'Pagamentos'],
  ['/recebimento', 'Recebimento'],
  ['/ocorrencias', 'Ocorrências'],
  ['/indicadores', 'Indicadores de Frete'],
  ['/tipos-veiculo', 'Tipos de Veículo'],
  ['/veiculos', 'Veículos'],
  ['/motoristas', 'Motoristas'],
  ['/uf', 'Limites por UF'],
].map(([path, title]) => ({ path, title }));

async function verificar(page: Page, nome: string, raiz: string | null, achados: Record<string, string[]>) {
  const p = await problemasDaTela(page, nome, raiz);
  if (p.length) achados[nome] = p;
}

/** Focuses the screen's main grid and opens its first row (Enter): the dialog named `dialogo`. */
async function abrirPrimeira(page: Page, grade: Locator, dialogo: RegExp): Promise<Locator> {
  await expect.poll(() => grade.locator('[role="row"][aria-rowindex="2"]').count(), { timeout: 20_000 }).toBe(1);
  // The screen's first filter takes the focus as it opens (use-screen-focus): then the grid.
  await page.waitForTimeout(500);
  await grade.focus();
  await expect.poll(() => grade.evaluate((g) => g === document.activeElement)).toBe(true);
  await page.keyboard.press('Home');
  await page.keyboard.press('Enter');
  const d = page.getByRole('dialog', { name: dialogo }).last();
  await d.waitFor();
  return d;
}

/** Alt+<n> on the dialog: its tab `rotulo`. */
async function aba(page: Page, d: Locator, rotulo: string) {
  const t = d.getByRole('tab', { name: rotulo });
  await t.click();
  await expect.poll(() => t.getAttribute('aria-selected')).toBe('true');
  await esperarListas(page, d);
}

async function fechar(page: Page, d: Locator) {
  await page.keyboard.press('Escape');
  const descartar = page.getByRole('alertdialog');
  if (await descartar.count()) await page.keyboard.press('s');
  await d.waitFor({ state: 'detached' });
}

describe('Legível em 1366×768 (admin, demonstração)', () => {
  const app = consoleDaJornada();

  it('nenhuma data, valor, quantidade ou código cortado; nenhum controle coberto; a lista começa acima da dobra', async () => {
    const { page, url } = app();
    await page.setViewportSize({ width: LARGURA, height: ALTURA });
    await loginAsAdmin(page, url);
    const achados: Record<string, string[]> = {};

    for (const rota of ROUTES) {
      try {
        await page.goto(`${url}${rota.path}`);
        await page.getByRole('heading', { name: rota.title }).first().waitFor({ timeout: 15_000 });
        // /indicadores lists only after a search: Alt+P (the filter's "Pesquisar").
        if (rota.path === '/indicadores') await page.keyboard.press('Alt+p');
        await esperarListas(page, page.locator('main'));
        await verificar(page, rota.path.slice(1), null, achados);
      } catch (e) {
        achados[rota.path] = [`não abriu: ${(e as Error).message.split('\n')[0]}`];
        await page.screenshot({ path: join(CAPTURAS, `${rota.path.slice(1)}-erro.png`) });
      }
    }

    const dialogo = async (nome: string, passos: () => Promise<void>) => {
      try {
        await passos();
      } catch (e) {
        achados[nome] = [`não abriu: ${(e as Error).message.split('\n')[0]}`];
        await page.screenshot({ path: join(CAPTURAS, `${nome}-erro.png`) });
      }
    };
    await dialogo('fatura-fretes', async () => {
      await page.goto(`${url}/faturas`);
      const fatura = await abrirPrimeira(page, page.getByRole('grid', { name: 'Faturas' }), /^Fatura/);
      await aba(page, fatura, 'Fretes');
      await verificar(page, 'fatura-fretes', '[role="dialog"]', achados);
      await fechar(page, fatura);
    });
    await dialogo('minuta', async () => {
      await page.goto(`${url}/minutas`);
      const minuta = await abrirPrimeira(page, page.getByRole('grid', { name: 'Minutas' }), /^Minuta/);
      await esperarListas(page, minuta);
      await verificar(page, 'minuta', '[role="dialog"]', achados);
      await fechar(page, minuta);
    });
    // /pagamentos, Pré-faturas: one made by its dialog (a carrier with audited CT-es, a wide period), the tab
    // with it, and its comparison with the faturas.
    await dialogo('pre-faturas', async () => {
      await page.goto(`${url}/pagamentos?aba=pre-faturas`);
      await page.getByRole('grid', { name: 'Pré-faturas' }).waitFor();
      await page.getByRole('button', { name: /Gerar pré-fatura/ }).click();
      const gerar = page.getByRole('dialog', { name: 'Gerar pré-fatura' });
      await gerar.getByRole('combobox', { name: 'Transportadora' }).fill('Azevedo');
      await page.getByRole('option').first().click();
      await gerar.getByLabel('Data inicial').fill('01/01/2020');
      await gerar.getByLabel('Data final').fill('31/12/2030');
      await page.keyboard.press('Control+s');
      await page.getByRole('alertdialog').getByText(/^Pré-fatura \d+ criada/).waitFor();
      await page.keyboard.press('Enter');
      await gerar.waitFor({ state: 'detached' });
      const grade = page.getByRole('grid', { name: 'Pré-faturas' });
      await expect.poll(() => grade.locator('[role="row"][aria-rowindex="2"]').count(), { timeout: 20_000 }).toBe(1);
      await esperarListas(page, page.locator('main'));
      await verificar(page, 'pre-faturas', null, achados);
      await page.getByRole('button', { name: /Comparar com as faturas/ }).click();
      const comparacao = page.getByRole('dialog', { name: /^Comparar com as faturas/ });
      await comparacao.waitFor();
      await esperarListas(page, comparacao);
      await verificar(page, 'pre-fatura-comparacao', '[role="dialog"]', achados);
      await fechar(page, comparacao);
    });
    await dialogo('cte-notas', async () => {
      await page.goto(`${url}/ctes`);
      const cte = await abrirPrimeira(page, page.getByRole('grid', { name: 'Fretes' }), /^Frete/);
      await esperarListas(page, cte);
      await verificar(page, 'cte-notas', '[role="dialog"]', achados);
    });

    const relato = Object.entries(achados).map(([tela, p]) => `${tela}:\n  ${p.join('\n  ')}`).join('\n');
    if (relato) console.log(relato);
    expect(relato).toBe('');
  });

  it('numa janela baixa (1366×600) os filtros de Fretes dobram numa linha; Alt+Shift+F mostra os outros e os esconde de novo', async () => {
    const { page, url } = app();
    await page.setViewportSize({ width: LARGURA, height: 600 });
    // Logged in by the test above, unless it ran alone.
    if (page.url() === 'about:blank') await loginAsAdmin(page, url);
    await page.goto(`${url}/ctes`);
    const filtros = page.getByRole('search', { name: 'Filtros de fretes' });
    const mais = filtros.getByRole('button', { name: /^Mais filtros \(\d+/ });
    await mais.waitFor();
    await esperarListas(page, page.locator('main'));
    // Folded: the list starts above the fold, nothing is cut or covered.
    expect(await problemasDaTela(page, 'ctes-600-dobrado', null)).toEqual([]);
    const visiveis = () => filtros.locator(':scope > :not([hidden])').count();
    const dobrados = await visiveis();
    await page.keyboard.press('Alt+Shift+F');
    await expect.poll(() => filtros.getByRole('button', { name: /^Menos filtros/ }).getAttribute('aria-expanded')).toBe('true');
    expect(await visiveis()).toBeGreaterThan(dobrados);
    // The focus on the first filter that was hidden.
    expect(await page.evaluate(() => document.activeElement?.closest('[role="search"] > *')?.previousElementSibling !== null)).toBe(true);
    await page.keyboard.press('Alt+Shift+F');
    await expect.poll(visiveis).toBe(dobrados);
    await expect.poll(() => focused(page)).toMatch(/^Mais filtros/);
  });
});
