import type { Locator, Page } from 'playwright-core';
import { join } from 'node:path';
import { expect } from 'vitest';

// The legibility check at 1366×768 (docs/style.md rule 14), run in the page on a screen or a dialog:
// - no date, money, quantity or code cell is cut (scrollWidth > clientWidth on a cell of that data-kind, or,
//   for a cell without one, on a cell whose text reads as a date, an amount or a number);
// - no control is covered (document.elementFromPoint at the centre of each visible button, input, select), nor
//   cut by the edge of its scrolling box (half under the page footer or a dialog's buttons; a list's rows are
//   scrolled content and may be);
// - the line naming the columns left out and the pager of a screen's list are never half under the footer;
// - the list's first row is above the fold (its bottom < 768).
// Used by legibilidade-1366.test.ts (every screen, the Fatura, Minuta and CT-e dialogs) and the romaneios journey
// (the items of both manifests, the O.S. picker).

export const LARGURA = 1366;
export const ALTURA = 768;

/** What a screen or dialog breaks, as sentences (run in the page). */
export function problemasDaPagina(raiz: string | null): string[] {
  // The last match: a dialog opened over another is the one in view.
  const escopo: ParentNode = (raiz ? Array.from(document.querySelectorAll(raiz)).at(-1) : null) ?? document;
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
    // Scrolled out of a scrolling ancestor: not covered, just out of view. Half out of it (under the page footer,
    // under a dialog's buttons): cut.
    let fora = false;
    let meio = '';
    for (let p = el.parentElement; p && !fora; p = p.parentElement) {
      const estilo = getComputedStyle(p);
      if (!/(auto|scroll|hidden|clip)/.test(estilo.overflowX + estilo.overflowY)) continue;
      const q = p.getBoundingClientRect();
      fora = x < q.left || x > q.right || y < q.top || y > q.bottom;
      // A row of a list is scrolled content: cut at an edge like any list's last row.
      if (!fora && !meio && !el.closest('[role="row"]') && (r.bottom > q.bottom + 1 || r.top < q.top - 1)) meio = `${Math.round(Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top))} de ${Math.round(r.height)}px à vista`;
    }
    if (fora) continue;
    if (meio) problemas.push(`controle cortado pela borda da rolagem: "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}" (${meio})`);
    const topo = document.elementFromPoint(x, y);
    if (topo && (topo === el || el.contains(topo) || (el as HTMLInputElement).labels?.[0]?.contains(topo))) continue;
    const nome = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim() ?? el.tagName;
    const sobre = topo ? `${topo.tagName.toLowerCase()} "${(topo.textContent ?? '').trim().slice(0, 40)}"` : 'nada';
    problemas.push(`controle coberto: ${el.tagName.toLowerCase()} "${nome.slice(0, 40)}" em (${Math.round(x)},${Math.round(y)}) sob ${sobre}`);
  }
  // A notice (pointer-events: none, so elementFromPoint sees through it) must not lie over a control.
  for (const aviso of Array.from(document.querySelectorAll('[data-aviso]')).filter(visivel)) {
    const a = aviso.getBoundingClientRect();
    for (const el of controles) {
      const r = el.getBoundingClientRect();
      if (r.left < a.right && a.left < r.right && r.top < a.bottom && a.top < r.bottom)
        problemas.push(`aviso "${(aviso.textContent ?? '').trim().slice(0, 30)}" sobre o controle "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 30)}"`);
    }
  }
  // The line that names the columns left out, and a pager, under a screen's list: wholly in view or wholly scrolled
  // out of it (the main area scrolls), never half under the footer.
  if (!raiz) {
    const principal = document.querySelector('main')!.getBoundingClientRect();
    for (const linha of Array.from(document.querySelectorAll('main [data-fora-da-largura], main [data-paginador]')).filter(visivel)) {
      const r = linha.getBoundingClientRect();
      if (r.bottom > principal.bottom + 1 && r.top < principal.bottom - 1) problemas.push(`linha sob a lista cortada: "${(linha.textContent ?? '').trim().slice(0, 50)}" (fundo em ${Math.round(r.bottom)}px, área até ${Math.round(principal.bottom)}px)`);
    }
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
export async function esperarListas(page: Page, escopo: Locator) {
  await expect.poll(() => escopo.locator('[role="grid"][aria-busy="true"]').count(), { timeout: 20_000 }).toBe(0);
  await page.waitForTimeout(600);
}

/** Where the screenshots go: the repository's test output (git ignores test-results/). */
export const CAPTURAS = join(import.meta.dirname, '../../test-results/1366');

/** Screenshot test-results/1366/<nome>.png, then what the screen (raiz null) or the dialog `raiz` breaks. */
export async function problemasDaTela(page: Page, nome: string, raiz: string | null): Promise<string[]> {
  await page.screenshot({ path: join(CAPTURAS, `${nome}.png`) });
  const p = await page.evaluate(problemasDaPagina, raiz);
  console.log(`${nome}: ${p.length ? `\n  ${p.join('\n  ')}` : 'ok'}`);
  return p;
}
