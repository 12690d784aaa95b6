import type { Locator, Page } from 'playwright-core';
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
  return login(page, url, 'admin', 'admin');
}

/** loginAsAdmin for any demo user. */
export async function login(page: Page, url: string, usuario: string, senha: string, inicio = '/ctes'): Promise<string> {
  await page.goto(url);
  await page.getByLabel('Usuário').waitFor();
  expect(await focused(page)).toBe('Usuário');
  await page.keyboard.type(usuario);
  await page.keyboard.press('Tab');
  await page.keyboard.type(senha);
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Novidades da versão' }).waitFor();
  await Promise.all([page.waitForEvent('load'), page.keyboard.press('Enter')]);
  await page.waitForURL(`**${inicio}`);
  if (inicio === '/ctes') await page.getByRole('heading', { name: 'Fretes' }).waitFor();
  const sessao = await page.evaluate(() => Object.values(localStorage).find((v) => v.includes('"token"')));
  return `Bearer ${JSON.parse(sessao ?? '{}').token}`;
}

/** Ctrl+K, type, arrow down to the option named `option`, Enter. */
export async function palette(page: Page, texto: string, option: string | RegExp) {
  await page.keyboard.press('Control+k');
  const paleta = page.getByRole('dialog', { name: 'Paleta de comandos' });
  await paleta.waitFor();
  await page.keyboard.type(texto);
  const alvo = paleta.getByRole('option', { name: option, exact: typeof option === 'string' }).first();
  await alvo.waitFor();
  for (let i = 0; i < 30 && (await alvo.getAttribute('aria-selected')) !== 'true'; i++) await page.keyboard.press('ArrowDown');
  expect(await alvo.getAttribute('aria-selected')).toBe('true');
  await page.keyboard.press('Enter');
  await paleta.waitFor({ state: 'detached' });
}

/** Types into the focused input after selecting what it holds. */
export async function substituir(page: Page, texto: string) {
  await page.keyboard.press('Control+a');
  await page.keyboard.type(texto);
}

/** On the focused native select, arrows until the option `label` is chosen (the closed select changes in place). */
export async function escolherOpcao(page: Page, label: string) {
  const atual = () => page.evaluate(() => (document.activeElement as HTMLSelectElement).selectedOptions?.[0]?.textContent ?? '');
  for (const tecla of ['ArrowDown', 'ArrowUp']) {
    let anterior: string | null = null;
    for (let i = 0; i < 40; i++) {
      const texto = await atual();
      if (texto === label) return;
      if (texto === anterior) break;
      anterior = texto;
      await page.keyboard.press(tecla);
    }
  }
  throw new Error(`opção "${label}" não encontrada; escolhida "${await atual()}"`);
}

/**
 * In the focused autocomplete (Ark combobox): types as a person does, waits for the option `option` and
 * arrows down to it, Enter.
 */
export async function autocompletar(page: Page, texto: string, option: string | RegExp) {
  await page.keyboard.type(texto, { delay: 40 });
  const alvo = page.getByRole('option', { name: option, exact: typeof option === 'string' }).first();
  await alvo.waitFor();
  for (let i = 0; i < 30 && (await alvo.getAttribute('data-highlighted')) === null; i++) await page.keyboard.press('ArrowDown');
  expect(await alvo.getAttribute('data-highlighted')).not.toBeNull();
  await page.keyboard.press('Enter');
  await alvo.waitFor({ state: 'detached' });
}

/** The element with the focus must be `nome`, now or within a moment (a dialog moves it a frame later). */
export const esperarFoco = (page: Page, nome: string | RegExp) =>
  typeof nome === 'string' ? expect.poll(() => focused(page), { timeout: 10_000 }).toBe(nome) : expect.poll(() => focused(page), { timeout: 10_000 }).toMatch(nome);

/**
 * Waits for the grid's data rows: a row the grid can select (the "Carregando…" row while the list loads is a row
 * too, but Home and Enter act on nothing there), and the list settled (no refetch re-rendering its rows).
 */
export async function esperarLinhas(grade: Locator) {
  await grade.locator('[role=row][aria-selected]').first().waitFor({ timeout: 15_000 });
  await expect.poll(() => grade.getAttribute('aria-busy'), { timeout: 15_000 }).toBeNull();
}

export interface DialogoVisto {
  nome: string;
  texto: string;
}

/**
 * From now on, records every dialog that appears, in order, with its name and text (a page-side
 * MutationObserver; both are read again while it is open, so "Frete" becomes "Frete 123" once loaded).
 * `dialogosVistos` answers them.
 */
export async function gravarDialogos(page: Page) {
  await page.evaluate(() => {
    const vistos: { el: Element; nome: string; texto: string }[] = [];
    const nomeDe = (d: Element) => {
      const id = d.getAttribute('aria-labelledby');
      return (id && document.getElementById(id)?.textContent?.trim()) || d.getAttribute('aria-label') || '(sem nome)';
    };
    (window as unknown as { __dialogos: () => { nome: string; texto: string }[] }).__dialogos = () => vistos.map(({ nome, texto }) => ({ nome, texto }));
    new MutationObserver(() => {
      for (const v of vistos) if (v.el.isConnected) Object.assign(v, { nome: nomeDe(v.el), texto: v.el.textContent ?? '' });
      for (const d of document.querySelectorAll('[role=dialog], [role=alertdialog]'))
        if (!vistos.some((v) => v.el === d)) vistos.push({ el: d, nome: nomeDe(d), texto: d.textContent ?? '' });
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

export const dialogosVistos = (page: Page): Promise<DialogoVisto[]> =>
  page.evaluate(() => (window as unknown as { __dialogos: () => { nome: string; texto: string }[] }).__dialogos());

/** Alt+M from where the focus is: the driver dialog, filled by keyboard and saved with Ctrl+S. */
export async function novoMotorista(page: Page, nome: string, cpf: string) {
  await page.keyboard.press('Alt+m');
  const cadastro = page.getByRole('dialog', { name: 'Novo motorista' });
  await cadastro.waitFor();
  const campos: [string, string][] = [
    ['Nome', nome],
    ['CPF', cpf],
    ['RG', '12.345.678-9'],
    ['RNTNC', '77665544'],
    ['Logradouro', 'Rua da Carga, 7'],
    ['CEP', '87300-000'],
    ['Cidade', 'Campo Mourão'],
    ['UF', 'PR'],
  ];
  for (const [rotulo, valor] of campos) {
    await tabTo(page, rotulo);
    await page.keyboard.type(valor);
  }
  await page.keyboard.press('Control+s');
  await cadastro.waitFor({ state: 'detached' });
}
