import type { Page } from 'playwright-core';

interface Pedido {
  metodo: string;
  caminho: string;
  inicio: number;
  fim?: number;
  status?: number;
}

/**
 * What a journey that failed was looking at, printed with the failure (CI keeps only the log): the last
 * requests (those still without an answer marked as such, with their age), the focused element, the open
 * dialogs and the live status lines. A keyboard journey that times out says whether the key was lost or
 * the server had not answered.
 */
export function diagnosticoDaPagina(page: Page) {
  const pedidos: Pedido[] = [];
  const porRequisicao = new WeakMap<object, Pedido>();
  page.on('request', (r) => {
    const p = { metodo: r.method(), caminho: r.url().replace(/^https?:\/\/[^/]+/, ''), inicio: Date.now() };
    porRequisicao.set(r, p);
    pedidos.push(p);
    if (pedidos.length > 40) pedidos.shift();
  });
  page.on('response', (r) => {
    const p = porRequisicao.get(r.request());
    if (p) Object.assign(p, { fim: Date.now(), status: r.status() });
  });
  page.on('requestfailed', (r) => {
    const p = porRequisicao.get(r);
    if (p) Object.assign(p, { fim: Date.now(), status: -1 });
  });
  return async (): Promise<string> => {
    const agora = Date.now();
    const linhas = pedidos.slice(-15).map((p) =>
      p.fim === undefined
        ? `  ${p.metodo} ${p.caminho} — sem resposta há ${agora - p.inicio} ms`
        : `  ${p.metodo} ${p.caminho} — ${p.status} em ${p.fim - p.inicio} ms, há ${agora - p.fim} ms`,
    );
    const tela = await page
      .evaluate(() => {
        const a = document.activeElement as (HTMLElement & { labels?: NodeListOf<HTMLLabelElement> }) | null;
        const nome = a?.getAttribute('aria-label') ?? a?.labels?.[0]?.textContent?.trim() ?? a?.textContent?.trim().slice(0, 40);
        const foco = a ? `${a.tagName.toLowerCase()} role=${a.getAttribute('role') ?? ''} «${nome ?? ''}»` : '(nada)';
        const dialogos = Array.from(document.querySelectorAll('[role="dialog"],[role="alertdialog"]')).map((d) => d.getAttribute('aria-label') ?? d.textContent?.slice(0, 60));
        const status = Array.from(document.querySelectorAll('[role="status"],[role="alert"]'))
          .map((s) => s.textContent?.trim())
          .filter(Boolean);
        return `foco: ${foco}\ndiálogos: ${JSON.stringify(dialogos)}\nstatus: ${JSON.stringify(status)}\nendereço: ${location.pathname}${location.search}`;
      })
      .catch((e: Error) => `(a página não respondeu: ${e.message})`);
    return `${tela}\nÚltimos pedidos:\n${linhas.join('\n')}`;
  };
}
