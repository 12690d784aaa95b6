import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FaturaCompleta, FaturaLinha } from '../../src/contracts/faturas';
import { dataSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { abrirFaturaDaLinha, ctesParaFaturar, doccob, linhaCom, linhasDa } from './faturas-e2e';
import { apiDaSessao, consoleDaJornada } from './harness';
import { esperarFoco, loginAsAdmin, palette, substituir, tabTo } from './keyboard';
import { relogio } from '../../src/domain/relogio';

// Faturas journey, keyboard only: a carrier's DOCCOB dropped in the input folder bills three audited CT-es,
// one of them R$ 50,00 above its charged value; "Ler faturas" on the Fretes screen reads it; /faturas from
// the palette lists it with one divergence; the fatura opens, the palette (over the modal) goes to the divergent CT-e, its detail
// opens and closes back to that line; then the Fretes screen filters by the fatura number.

const NUMERO = '990417';

describe('Faturas, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('lê um DOCCOB da pasta, abre a fatura pela paleta, vê o CT-e divergente e filtra os fretes pela fatura', async () => {
    const { page, url, dataDir } = app();
    const api = apiDaSessao(url, await loginAsAdmin(page, url));
    const entrada = join(dataDir, 'edi', 'colacril', 'doccob', 'entrada');
    const cfg = await api<{ pastasDoccob: { entrada: string } | null }>('/configuracoes/completar');
    expect(cfg.pastasDoccob?.entrada).toBe(entrada);
    const ctes = await ctesParaFaturar(api);
    writeFileSync(join(entrada, `DOCCOB-E2E-${NUMERO}.txt`), doccob(ctes, ctes[0].chave.slice(6, 20), NUMERO, 1));

    // Fretes (landing page): read the faturas from the palette.
    await page.getByRole('search', { name: 'Filtros de fretes' }).waitFor();
    await palette(page, 'ler faturas', /^Ler faturas/);
    const resumo = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: /fatura\(s\) lida\(s\)/ }).first();
    await resumo.waitFor();
    expect(await resumo.innerText()).toMatch(/[1-9] fatura\(s\) lida\(s\)/);
    await page.keyboard.press('Escape');
    await resumo.waitFor({ state: 'detached' });
    expect(readdirSync(entrada)).toEqual([]);

    // /faturas from the palette: the current month lists it, with one divergence.
    await palette(page, 'faturas', 'Faturas');
    await page.getByRole('heading', { name: 'Faturas' }).waitFor();
    const lista = page.getByRole('grid', { name: 'Faturas' });
    const indice = await linhaCom(lista, NUMERO);
    expect((await linhasDa(lista))[indice]).toMatch(/1 divergência/);
    const modal = await abrirFaturaDaLinha(page, lista, indice);

    // From the palette over the modal (Ctrl+K lists its commands; Alt+D does the same): the Fretes tab, on the overbilled CT-e.
    await palette(page, 'divergente', /^Ir para o primeiro CT-e divergente/);
    const fretes = modal.getByRole('grid', { name: 'Fretes da fatura' });
    await fretes.waitFor();
    const divergente = String(ctes[1].numero);
    // The grid has the focus and its selected row is the divergent CT-e.
    const linhaEmFoco = () =>
      page.evaluate(() => {
        const g = document.activeElement?.closest('[role=grid]');
        const id = g?.getAttribute('aria-activedescendant');
        return g?.getAttribute('aria-label') === 'Fretes da fatura' && id ? (document.getElementById(id)?.textContent ?? '') : '';
      });
    await expect.poll(linhaEmFoco, { timeout: 10_000 }).toContain(divergente);
    const linhas = await linhasDa(fretes);
    expect(linhas.filter((l) => /cobrado/i.test(l))).toHaveLength(1);
    expect(linhas.find((l) => /cobrado/i.test(l))).toContain(divergente);

    // Its detail (Enter), then Esc back to the fatura, the focus on the Fretes grid.
    await page.keyboard.press('Enter');
    const detalhe = page.getByRole('dialog', { name: `Frete ${divergente}` });
    await detalhe.waitFor();
    await page.keyboard.press('Escape');
    await detalhe.waitFor({ state: 'detached' });
    await expect.poll(linhaEmFoco, { timeout: 10_000 }).toContain(divergente);
    expect(await modal.isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });

    // Fretes filtered by the fatura number: the three CT-es.
    await palette(page, 'fretes', 'Fretes');
    await page.getByRole('search', { name: 'Filtros de fretes' }).waitFor();
    await esperarFoco(page, 'Nº da fatura');
    await page.keyboard.type(NUMERO);
    await tabTo(page, 'Emissão inicial');
    const inicio = somarDias(dataSaoPaulo(relogio.agora())!, -100);
    await substituir(page, `${inicio.slice(8, 10)}${inicio.slice(5, 7)}${inicio.slice(0, 4)}`);
    await page.keyboard.press('Alt+p');
    const grade = page.getByRole('grid', { name: /fretes/i });
    for (const c of ctes) await linhaCom(grade, String(c.numero));
    await expect.poll(async () => (await linhasDa(grade)).length, { timeout: 10_000 }).toBe(3);

    const lidas = await api<{ content: FaturaLinha[] }>(`/faturas?numeroDocumento=${NUMERO}`);
    const fatura = await api<FaturaCompleta>(`/faturas/${lidas.content[0].id}`);
    expect(fatura.conferencia).toMatchObject({ ctes: 3, encontrados: 3, divergencias: 1, valorDivergente: 1 });
  });
});
