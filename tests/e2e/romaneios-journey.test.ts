import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { ListagemPicker, NotaFiscalListagem } from '../../src/contracts/ordens-servico';
import { MSG_AVISO_CANCELAR_ROMANEIO, PERGUNTA_ENVIAR_FATURAMENTO, PERGUNTA_FINALIZAR_ROMANEIO } from '../../src/contracts/romaneio-status';
import { MSG_LIMITE_PESO_VEICULO, type RomaneioFrete, type RomaneioLinha, type RomaneioOs } from '../../src/contracts/romaneios';
import { apiDaSessao, consoleDaJornada } from './harness';
import { autocompletar, esperarFoco, loginAsAdmin, novoMotorista, palette, substituir, tabTo } from './keyboard';
import { ALTURA, esperarListas, LARGURA, problemasDaTela } from './legibilidade';
import { textoDoPdf } from './pdf';

// Romaneios journey, keyboard only, as the admin on a fresh demo:
// 1. a freight-cost manifest: a new driver created from inside it (Alt+M), two invoices of the demo ERP
//    (Alt+A, the number, Enter: the ERP lookups fill it), the freight value, saved; sent to billing and
//    finalized, each after its question; its PDF printed (the driver and both invoices in it);
// 2. a service-order manifest: carrier, driver, seal and a small vehicle type; O.S. lines picked (Alt+A, Space,
//    Ctrl+S) until the weight warning shows; saved; "Finalizar" without an invoice answers the message; the
//    invoice typed into the item; finalized;
// 3. a third manifest cancelled from the list, after the warning.

type Api = ReturnType<typeof apiDaSessao>;

/** The yes/no question: its text, then S (yes). */
async function responderSim(page: Page, pergunta: string) {
  const dialogo = page.getByRole('alertdialog', { name: 'Confirmação' });
  await dialogo.waitFor();
  expect(await dialogo.innerText()).toContain(pergunta);
  await esperarFoco(page, 'Não');
  await page.keyboard.press('s');
  await dialogo.waitFor({ state: 'detached' });
}

/** The message dialog (Atenção / Advertência) saying `texto`, closed with Enter. */
async function lerAviso(page: Page, texto: string | RegExp): Promise<string> {
  const aviso = page.getByRole('alertdialog').filter({ hasText: texto }).first();
  await aviso.waitFor().catch(async (e) => {
    await page.screenshot({ path: '/tmp/e2e-romaneios.png' });
    throw new Error(`${e.message}\n${(await page.locator('body').innerText()).slice(0, 3000)}`);
  });
  const conteudo = await aviso.innerText();
  await page.keyboard.press('Enter');
  await aviso.waitFor({ state: 'detached' });
  return conteudo;
}

/** Two invoices of one carrier of the demo ERP (the register id of the first demo carrier that has two). */
async function notasDemo(api: Api) {
  const ts = await api<{ content: { id: number }[] }>('/transportadoras/listar-simples?size=50');
  for (const { id } of ts.content) {
    const r = await api<ListagemPicker<NotaFiscalListagem>>(`/ordens-servico/notas-fiscais-transportadora?transportadora=${id}&inicio=2000-01-01&fim=2999-12-31`);
    if (r.linhas.length >= 4) return { transportadoraId: id, notas: r.linhas.map((l) => l.notaFiscalId) };
  }
  throw new Error('o ERP de demonstração não tem notas fiscais de uma transportadora');
}

/**
 * The legibility check of the dialog in view at 1366×768 (legibilidade.ts; the demo has no manifest, so
 * legibilidade-1366.test.ts leaves the items to this journey), then back to the journey's window.
 */
async function legivelEm768(page: Page, dialogo: Locator, nome: string) {
  const antes = page.viewportSize()!;
  await page.setViewportSize({ width: LARGURA, height: ALTURA });
  await esperarListas(page, dialogo);
  expect(await problemasDaTela(page, nome, '[role="dialog"]')).toEqual([]);
  await page.setViewportSize(antes);
}

/** The grid's data rows, each as "cell | cell | …". */
const linhasDa = (grade: Locator) =>
  grade.evaluate((g: HTMLElement) =>
    Array.from(g.querySelectorAll('[role="row"]'))
      .slice(1)
      .map((r) => Array.from(r.querySelectorAll('[role="gridcell"]')).map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' | ')),
  );
/** The row of the manifest `numero` (its first cell). */
const daLinha = (numero: number) => (l: string) => l.startsWith(`${numero} | `);

/** Moves the grid's selection (Home, then ArrowDown) to the row of the manifest `numero`. */
async function irParaLinha(page: Page, grade: Locator, numero: number) {
  await expect.poll(async () => (await linhasDa(grade)).some(daLinha(numero)), { timeout: 20_000 }).toBe(true).catch(async (e) => {
    throw new Error(`${e.message}: ${numero} não está em\n${(await linhasDa(grade)).join('\n')}`);
  });
  const indice = (await linhasDa(grade)).findIndex(daLinha(numero));
  await grade.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < indice; i++) await page.keyboard.press('ArrowDown');
}

/** Alt+A in the freight-cost dialog: the invoice number, Enter (the lookups), then Ctrl+S. */
async function adicionarNota(page: Page, nf: string) {
  await page.keyboard.press('Alt+a');
  const item = page.getByRole('dialog', { name: 'Novo item' });
  await item.waitFor();
  await esperarFoco(page, 'Nº da nota fiscal');
  await page.keyboard.type(nf);
  await page.keyboard.press('Enter');
  await expect.poll(async () => item.getByLabel('Peso (Kg)').inputValue(), { timeout: 15_000 }).not.toBe('');
  await page.keyboard.press('Control+s');
  await item.waitFor({ state: 'detached' });
}

describe('Romaneios, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('monta um romaneio de frete com motorista novo e duas notas, fatura, finaliza e imprime', async () => {
    const { page, url } = app();
    const token = await loginAsAdmin(page, url);
    const api = apiDaSessao(url, token);
    const { notas, transportadoraId } = await notasDemo(api);

    await palette(page, 'romaneios', 'Romaneios');
    await page.getByRole('grid', { name: 'Romaneios de frete' }).waitFor();
    await page.keyboard.press('Alt+n');
    const novo = page.getByRole('dialog', { name: /^Novo romaneio de frete/ });
    await novo.waitFor();
    await esperarFoco(page, 'Motorista');

    // A driver who is not registered yet: Alt+M opens the driver dialog; saved, it comes back picked.
    await novoMotorista(page, 'Ivo E2E Romaneio', '390.533.447-05');
    await esperarFoco(page, 'Motorista');
    expect(await novo.getByRole('combobox', { name: 'Motorista' }).inputValue()).toContain('Ivo E2E Romaneio');

    await tabTo(page, 'Valor do frete');
    await substituir(page, '450');
    await adicionarNota(page, notas[0]);
    await adicionarNota(page, notas[1]);
    const itens = novo.getByRole('grid', { name: 'Itens do romaneio' });
    expect((await linhasDa(itens)).map((l) => l.split(' | ')[1])).toEqual(notas.slice(0, 2));
    await page.keyboard.press('Control+s');
    const salvo = page.getByRole('dialog', { name: /^Romaneio de frete \d+ — Expedição/ });
    await salvo.waitFor();
    const numero = Number(/Romaneio de frete (\d+)/.exec((await salvo.getAttribute('aria-label')) ?? (await salvo.innerText()))?.[1]);
    // The saved manifest's items, legible at 1366×768, each customer by its name (not its CNPJ's digits).
    await legivelEm768(page, salvo, 'romaneio-itens');
    expect((await linhasDa(salvo.getByRole('grid', { name: 'Itens do romaneio' }))).join('\n')).not.toMatch(/\d{14}/);

    // Send to billing and finalize, each after its question.
    await page.keyboard.press('Alt+f');
    await responderSim(page, PERGUNTA_ENVIAR_FATURAMENTO);
    await page.getByRole('dialog', { name: /— Faturamento/ }).waitFor();
    await page.keyboard.press('Alt+l');
    await responderSim(page, PERGUNTA_FINALIZAR_ROMANEIO);
    const finalizado = page.getByRole('dialog', { name: /— Finalizado/ });
    await finalizado.waitFor();

    // The PDF: the driver, both invoices and the freight.
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+i')]);
    const texto = await textoDoPdf(await download.path());
    for (const t of ['Ivo E2E Romaneio', notas[0], notas[1], '450,00']) expect(texto).toContain(t);
    await page.keyboard.press('Escape');
    await finalizado.waitFor({ state: 'detached' });

    const linhas = await api<{ content: RomaneioLinha[] }>(`/romaneios/listar-simples?numero=${numero}`);
    const gravado = await api<RomaneioFrete>(`/romaneios/${linhas.content[0].id}`);
    expect([gravado.status, gravado.valorFrete, gravado.motorista?.nome, gravado.itens.map((i) => i.notaFiscalId)]).toEqual(['FINALIZADO', '450.00', 'Ivo E2E Romaneio', notas.slice(0, 2)]);

    // 2. The service-order manifest, on its tab (Alt+2), with a vehicle type of 1 kg so the O.S. exceed it.
    const tipo = await criar<{ id: number }>(url, token, '/tipos-veiculo', { descricao: 'Moto E2E', codigo: 'MOTOE2E', capacidade: '1' });
    expect(tipo.id).toBeGreaterThan(0);
    const carrier = await api<{ razaoSocial: string }>(`/transportadoras/${transportadoraId}`);
    await page.keyboard.press('Alt+2');
    const listaOs = page.getByRole('grid', { name: 'Romaneios de O.S.' });
    await listaOs.waitFor();
    await page.keyboard.press('Alt+n');
    const novoOs = page.getByRole('dialog', { name: /^Novo romaneio de O\.S\./ });
    await novoOs.waitFor();
    await tabTo(page, 'Transportadora');
    await autocompletar(page, carrier.razaoSocial.slice(0, 6), new RegExp(carrier.razaoSocial.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    await tabTo(page, 'Motorista');
    await autocompletar(page, 'Ivo E2E', /Ivo E2E Romaneio/);
    await tabTo(page, 'Número do lacre');
    await page.keyboard.type('LACRE-E2E-1');
    await tabTo(page, 'Tipo de veículo');
    await autocompletar(page, 'Moto E2E', /Moto E2E/);
    await page.keyboard.press('Alt+a');
    const picker = page.getByRole('dialog', { name: /^Adicionar itens/ });
    await picker.waitFor();
    const ordens = picker.getByRole('grid', { name: 'Ordens de serviço' });
    await expect.poll(async () => (await linhasDa(ordens)).filter((l) => /\d/.test(l)).length, { timeout: 20_000 }).toBeGreaterThan(0);
    await legivelEm768(page, picker, 'romaneio-os-adicionar-itens');
    await ordens.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press(' ');
    await page.keyboard.press('Control+s');
    await picker.waitFor({ state: 'detached' });
    await novoOs.getByText(MSG_LIMITE_PESO_VEICULO).first().waitFor();
    await page.keyboard.press('Control+s');
    await lerAvisoSeHouver(page, MSG_LIMITE_PESO_VEICULO);
    await novoOs.waitFor({ state: 'detached' });
    const [os] = (await api<{ content: RomaneioLinha[] }>('/romaneios-colacril/listar-simples')).content;

    // Finalize without an invoice: the message; the invoice typed into the item; finalize.
    await irParaLinha(page, listaOs, os.numero);
    await page.keyboard.press('Enter');
    const dialogoOs = page.getByRole('dialog', { name: new RegExp(`^Romaneio de O\\.S\\. ${os.numero} — Expedição`) });
    await dialogoOs.waitFor();
    await page.keyboard.press('Alt+l');
    expect(await lerAviso(page, /Nota fiscal não informada a O\.S \d+\./)).toMatch(/Nota fiscal não informada a O\.S \d+\./);
    await page.keyboard.press('Alt+2');
    const itensOs = dialogoOs.getByRole('grid', { name: 'Itens' });
    await itensOs.waitFor();
    await legivelEm768(page, dialogoOs, 'romaneio-os-itens');
    // The picked O.S.'s customer, kept by the saved item (it came back blank once reopened).
    const [primeiroItem] = await linhasDa(itensOs);
    expect(primeiroItem.split(' | ')[4]).toMatch(/\p{L}{3}/u);
    await itensOs.focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('Enter');
    const item = page.getByRole('dialog', { name: 'Item 1' });
    await item.waitFor();
    await tabTo(page, 'Nota fiscal');
    await page.keyboard.type(notas[2]);
    await page.keyboard.press('Tab');
    await expect.poll(() => item.getByLabel('Valor da nota fiscal').inputValue(), { timeout: 15_000 }).not.toBe('');
    await page.keyboard.press('Control+s');
    await item.waitFor({ state: 'detached' });
    await page.keyboard.press('Alt+l');
    await responderSim(page, PERGUNTA_FINALIZAR_ROMANEIO);
    await lerAvisoSeHouver(page, MSG_LIMITE_PESO_VEICULO);
    await dialogoOs.waitFor({ state: 'detached' });
    const osGravado = await api<RomaneioOs>(`/romaneios-colacril/${os.id}`);
    expect([osGravado.status, osGravado.lacre, osGravado.itens[0].notaFiscalId, osGravado.itens[0].status]).toEqual(['FINALIZADO', 'LACRE-E2E-1', notas[2], 'FATURADO']);

    // 3. A third manifest, saved by another user (the API), cancelled from the freight-cost list.
    const terceiro = await criar<{ romaneio: RomaneioFrete }>(url, token, '/romaneios', {
      motorista: { id: gravado.motorista!.id },
      itens: [{ notaFiscalId: notas[3], peso: '10', valorNotaFiscal: '100' }],
    });
    await page.keyboard.press('Alt+1');
    const listaFrete = page.getByRole('grid', { name: 'Romaneios de frete' });
    await listaFrete.waitFor();
    await page.keyboard.press('Alt+p'); // Procurar: the list as it is now
    await irParaLinha(page, listaFrete, terceiro.romaneio.numero!);
    await page.keyboard.press('Delete');
    await responderSim(page, MSG_AVISO_CANCELAR_ROMANEIO);
    await expect.poll(async () => (await linhasDa(listaFrete)).find(daLinha(terceiro.romaneio.numero!)), { timeout: 15_000 }).toMatch(/Cancelado/);
    expect((await api<RomaneioFrete>(`/romaneios/${terceiro.romaneio.id}`)).status).toBe('CANCELADO');
  });
});

/** POST as the session's user, expecting 201 (a new record). */
async function criar<T>(url: string, authorization: string, caminho: string, corpo: unknown): Promise<T> {
  const r = await fetch(`${url}/api${caminho}`, { method: 'POST', headers: { authorization, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
  expect(r.status, `${caminho}: ${await r.clone().text()}`).toBe(201);
  return (await r.json()) as T;
}

/** The server's warning after a save (the weight limit), if it shows: closed with Enter. */
async function lerAvisoSeHouver(page: Page, texto: string) {
  const aviso = page.getByRole('alertdialog').filter({ hasText: texto }).first();
  if (await aviso.waitFor({ timeout: 3_000 }).then(() => true, () => false)) {
    await page.keyboard.press('Enter');
    await aviso.waitFor({ state: 'detached' });
  }
}
