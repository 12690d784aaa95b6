import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { consoleDaJornada } from './harness';
import { loginAsAdmin } from './keyboard';

// Legible at 1366×768 (docs/style.md rule 14), as the admin on a fresh demo: every screen of the menu and every
// dialog with a list (Fatura, Minuta, the CT-e's notes; the romaneios' items dialogs are not covered yet: the
// demo has no romaneio to open):
// - no date, money, quantity or code cell is cut (scrollWidth > clientWidth on a cell of that data-kind, or,
//   for a cell without one, on a cell whose text reads as a date, an amount or a number);
// - no control is covered (document.elementFromPoint at the centre of each visible button, input, select);
// - the list's first row is above the fold (its bottom < 768).
// Screenshots: /tmp/e2e-1366-<tela>.png.

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
  ['/indicadores', 'Indicadores de Frete'],
  ['/tipos-veiculo', 'Tipos de Veículo'],
  ['/veiculos', 'Veículos'],
  ['/motoristas', 'Motoristas'],
  ['/uf', 'Limites por UF'],
].map(([path, title]) => ({ path, title }));

const LARGURA = 1366;
const ALTURA = 768;

/** What a screen or dialog breaks, as sentences (run in the page). */
function problemasDaPagina(raiz: string | null): string[] {
  const escopo: ParentNode = (raiz ? document.querySelector(raiz) : null) ?? document;
  const visivel = (e: Element) => {
    const r = e.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(e).visibility !== 'hidden';
  };
  const KINDS_INTEIROS = ['date', 'money', 'quantity', 'code'];
  const pareceInteiro = (t: string) => /^\d{2}\/\d{2}\/\d{4}( \d{2}:\d{2}(:\d{2})?)?$|^(R\$\s?)?-?[\d.]+(,\d+)?( ?(%|kg|m³|R\$\/kg))?$|^[A-Z]{3}-?\d[A-Z0-9]\d{2}$/.test(t);
  const problemas: string[] = [];
  // A visually hidden text for screen readers (1 px, clipped) is not a cut value.
  const cortado = (e: Element) => e.clientWidth > 1 && e.scrollWidth > e.clientWidth + 1;
  for (const c of Array.from(escopo.querySelectorAll('[role="gridcell"], td'))) {
    if (!visivel(c)) continue;
    const texto = (c.textContent ?? '').replace(/\s+/g, ' ').trim();
    const kind = (c as HTMLElement).dataset.kind;
    const inteiro = kind ? KINDS_INTEIROS.includes(kind) : pareceInteiro(texto);
    if (!inteiro || !texto) continue;
    const alvos = [c, ...Array.from(c.querySelectorAll('*'))];
    if (alvos.some(cortado)) problemas.push(`célula ${kind ?? '(sem data-kind)'} cortada: "${texto}" (${c.clientWidth}px)`);
  }
  const controles = Array.from(escopo.querySelectorAll('button, input:not([type=hidden]), select, textarea, [role="tab"]')).filter(visivel);
  for (const el of controles) {
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.right > innerWidth + 1 && x < innerWidth) problemas.push(`controle cortado à direita: "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`);
    if (x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
    // Scrolled out of a scrolling ancestor: not covered, just out of view.
    let fora = false;
    for (let p = el.parentElement; p && !fora; p = p.parentElement) {
      const estilo = getComputedStyle(p);
      if (!/(auto|scroll|hidden|clip)/.test(estilo.overflowX + estilo.overflowY)) continue;
      const q = p.getBoundingClientRect();
      fora = x < q.left || x > q.right || y < q.top || y > q.bottom;
    }
    if (fora) continue;
    const topo = document.elementFromPoint(x, y);
    if (topo && (topo === el || el.contains(topo) || (el as HTMLInputElement).labels?.[0]?.contains(topo))) continue;
    const nome = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim() ?? el.tagName;
    const sobre = topo ? `${topo.tagName.toLowerCase()} "${(topo.textContent ?? '').trim().slice(0, 40)}"` : 'nada';
    problemas.push(`controle coberto: ${el.tagName.toLowerCase()} "${nome.slice(0, 40)}" em (${Math.round(x)},${Math.round(y)}) sob ${sobre}`);
  }
  for (const g of Array.from(escopo.querySelectorAll('[role="grid"], table')).filter(visivel)) {
    const primeira = g.querySelector('[role="row"][aria-rowindex="2"], tbody tr');
    if (!primeira) continue;
    // In a dialog the body scrolls (docs/style.md rule 14): the list must show once scrolled to.
    if (raiz) g.scrollIntoView({ block: 'nearest' });
    const fundo = primeira.getBoundingClientRect().bottom;
    const nome = g.getAttribute('aria-label') ?? g.tagName;
    if (fundo >= innerHeight) problemas.push(`primeira linha de "${nome}" abaixo da dobra (fundo em ${Math.round(fundo)}px)`);
    if (g.scrollWidth > g.clientWidth + 1) problemas.push(`"${nome}" rola na horizontal (${g.scrollWidth}px em ${g.clientWidth}px)`);
  }
  return problemas;
}

/** Waits for the screen's lists to settle (no grid busy, rows or the empty message shown). */
async function esperarListas(page: Page, escopo: Locator) {
  await expect.poll(() => escopo.locator('[role="grid"][aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForTimeout(600);
}

async function verificar(page: Page, nome: string, raiz: string | null, achados: Record<string, string[]>) {
  await page.screenshot({ path: `/tmp/e2e-1366-${nome}.png` });
  const p = await page.evaluate(problemasDaPagina, raiz);
  if (p.length) achados[nome] = p;
  console.log(`${nome}: ${p.length ? `\n  ${p.join('\n  ')}` : 'ok'}`);
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
        await page.screenshot({ path: `/tmp/e2e-1366-${rota.path.slice(1)}-erro.png` });
      }
    }

    const dialogo = async (nome: string, passos: () => Promise<void>) => {
      try {
        await passos();
      } catch (e) {
        achados[nome] = [`não abriu: ${(e as Error).message.split('\n')[0]}`];
        await page.screenshot({ path: `/tmp/e2e-1366-${nome}-erro.png` });
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
});
