import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { apiDaSessao, consoleDaJornada } from './harness';
import { autocompletar, dialogosVistos, escolherOpcao, esperarFoco, esperarLinhas, gravarDialogos, login, substituir, tabTo } from './keyboard';

// docs/decisoes.md §8, keyboard only in Chromium: the demo diretor (no vehicle-type profile) opens a CT-e's detail and
// groups two candidates. Both dialogs read the vehicle types; a 403 there used to reload the whole app and
// lose the selection. Asserted: no 403 at all, no reload, no unavailable dialog, no permission message, and
// the two CT-es AGRUPADO through the API.

interface Linha {
  id: number;
  numero: number;
  dataEmissao: string;
  transportadora: { id: number; nome?: string; razaoSocial?: string } | null;
  cobrancaRoteirizada: string | null;
}

const diaSaoPaulo = (iso: string) => dataSaoPaulo(iso)!;
/** YYYY-MM-DD → what is typed in a date field (ddmmyyyy). */
const digitado = (dia: string) => dia.split('-').reverse().join('');

/** The CT-e numbers of the grid's rows, top to bottom (read from each row's checkbox name). */
const numerosDa = (grade: Locator) =>
  grade.evaluate((g: HTMLElement) =>
    Array.from(g.querySelectorAll('[role="row"] input[aria-label^="Selecionar CT-e "]')).map((c) => Number(c.getAttribute('aria-label')!.replace(/\D/g, ''))),
  );

describe('O diretor de demonstração nos Fretes, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('abre o detalhe de um CT-e e agrupa dois candidatos sem 403 nem recarga', async () => {
    const { page, url } = app();
    const get = apiDaSessao(url, await login(page, url, 'diretor', SENHA_DEMO));
    // From here on: every 403, every page load, and a marker a reload would wipe.
    const recusas: string[] = [];
    page.on('response', (r) => r.status() === 403 && recusas.push(`${r.request().method()} ${r.url()}`));
    let cargas = 0;
    page.on('load', () => cargas++);
    await page.evaluate(() => ((window as unknown as { __semRecarga: boolean }).__semRecarga = true));
    await gravarDialogos(page);
    const grade = page.getByRole('grid', { name: 'Fretes' });
    await esperarFoco(page, 'Nº da fatura');

    // 1. The first CT-e of the month: Ctrl+G to the grid, Enter opens its detail, which reads the vehicle types.
    await esperarLinhas(grade);
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Fretes');
    const tipos = page.waitForResponse((r) => r.url().includes('/api/tipos-veiculo'));
    await page.keyboard.press('Enter');
    const detalhe = page.getByRole('dialog', { name: /^Frete \d+/ });
    await detalhe.waitFor();
    expect((await tipos).status()).toBe(200);
    await expect.poll(() => detalhe.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await detalhe.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Fretes');

    // 2. Two grouping candidates of one carrier on one day (the demo seeds clusters of three).
    // The demo's CT-es are in this month and the two before (São Paulo), by the console's clock.
    const inicio = somarDias(dataSaoPaulo(relogio.agora())!, -100);
    const candidatos = (
      await get<{ content: Linha[] }>(`/ctes/listar-simples?agrupamento=CANDIDATO&tomadorServico=REMETENTE&dataIni=${inicio}&dataFim=2099-12-31&size=200`)
    ).content;
    const porGrupo = new Map<string, Linha[]>();
    for (const c of candidatos) {
      if (!c.transportadora) continue;
      const chave = `${c.transportadora.id}|${diaSaoPaulo(c.dataEmissao)}`;
      porGrupo.set(chave, [...(porGrupo.get(chave) ?? []), c]);
    }
    const grupo = [...porGrupo.values()].find((g) => g.length >= 2);
    expect(grupo, 'a demonstração deveria ter candidatos a agrupamento').toBeDefined();
    const dia = diaSaoPaulo(grupo![0].dataEmissao);
    const transportadora = await get<{ razaoSocial: string }>(`/transportadoras/${grupo![0].transportadora!.id}`);
    // The same filters through the API, in the screen's order (newest first): the rows the grid will show.
    const esperadas = (
      await get<{ content: Linha[] }>(
        `/ctes/listar-simples?agrupamento=CANDIDATO&tomadorServico=REMETENTE&dataIni=${dia}&dataFim=${dia}&transportadora=${grupo![0].transportadora!.id}&sort=dataEmissao,desc&size=50`,
      )
    ).content;
    expect(esperadas.length).toBeGreaterThanOrEqual(2);

    // Filters by keyboard: the day, Agrupamento = Candidato, the carrier; Alt+P searches.
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Nº da fatura');
    await tabTo(page, 'Emissão inicial');
    await substituir(page, digitado(dia));
    await tabTo(page, 'Emissão final');
    await substituir(page, digitado(dia));
    await tabTo(page, 'Agrupamento');
    await escolherOpcao(page, 'Candidato');
    await tabTo(page, 'Transportadora');
    await autocompletar(page, transportadora.razaoSocial.slice(0, 12), transportadora.razaoSocial);
    await page.keyboard.press('Alt+p');
    await expect
      .poll(() => numerosDa(grade).catch(() => []), { timeout: 20_000 })
      .toEqual(esperadas.map((e) => e.numero));

    // Space marks the first two rows; Alt+G opens the grouping dialog, which reads the vehicle types.
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Fretes');
    await page.keyboard.press('Home');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('status', { name: 'Totais' }).textContent()).toContain('Selecionados: 2');
    await page.keyboard.press('Alt+g');
    const agrupamento = page.getByRole('dialog', { name: 'Agrupamento de entregas' });
    await agrupamento.waitFor();
    await expect.poll(() => agrupamento.textContent()).toContain('2 CT-e(s) selecionado(s)');
    await esperarFoco(page, 'Tipo de veículo');
    const [tipo] = (await get<{ content: { descricao: string }[] }>('/tipos-veiculo?sort=descricao,asc&size=1')).content;
    await expect.poll(() => agrupamento.getByRole('option', { name: tipo.descricao }).count()).toBe(1);
    await escolherOpcao(page, tipo.descricao);
    await page.keyboard.press('Control+s');
    await agrupamento.waitFor({ state: 'detached' });
    const resumo = page.getByRole('alertdialog').filter({ hasText: '2 CT-e(s) agrupado(s).' });
    await resumo.waitFor();
    await page.keyboard.press('Escape');
    await resumo.waitFor({ state: 'detached' });

    // The two CT-es are AGRUPADO, the other candidates of that day are not: each read by its id (a day of the
    // demo may hold more of that carrier's CT-es than any page: on the first of a month, the whole month's).
    const estado = async (id: number) => (await get<Linha>(`/ctes/${id}`)).cobrancaRoteirizada;
    expect(await Promise.all(esperadas.slice(0, 2).map((c) => estado(c.id)))).toEqual(['AGRUPADO', 'AGRUPADO']);
    for (const c of esperadas.slice(2)) expect(await estado(c.id)).toBe('CANDIDATO');

    // Never reloaded, never a 403, never the unavailable dialog or a permission message.
    expect(recusas).toEqual([]);
    expect(cargas).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __semRecarga?: boolean }).__semRecarga)).toBe(true);
    const vistos = await dialogosVistos(page);
    expect(vistos.map((d) => d.nome)).not.toContain('Serviço Temporariamente Indisponível');
    expect(vistos.filter((d) => d.texto.includes(MSG_SEM_PERMISSAO))).toEqual([]);
    // The detail, the grouping and its summary: nothing else opened.
    expect(vistos.map((d) => d.nome)).toEqual([expect.stringMatching(/^Frete \d+/), 'Agrupamento de entregas', expect.any(String)]);
  });
});
