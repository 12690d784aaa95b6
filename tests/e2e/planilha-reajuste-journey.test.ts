import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { formatDateBr } from '../../src/domain/format-date-br';
import { mesSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { apiDaSessao, consoleDaJornada } from './harness';
import { esperarFoco, focused, loginAsAdmin, palette } from './keyboard';
import { ALTURA, LARGURA, problemasDaTela } from './legibilidade';
import { textoDoPdf } from './pdf';

// Issue 32's journey, keyboard only: export a demo table to Excel, change a band's price and the vigência in the
// file (here, with exceljs, as a spreadsheet program would), import it, read the dry run, confirm, see the new
// version; then a 10 % readjustment of the old version over last month, and its PDF.

interface Linha {
  id: number;
  transportadora: { id: number; razaoSocial: string };
  inicio: string;
  fim: string | null;
}
interface Elemento {
  descricao: string;
  faixas: { faixaLimite: string | null; valor: string }[];
}
interface Tabela extends Linha {
  versao: number;
  elementosCusto: Elemento[];
  percursos: { descricao: string; elementosCusto: Elemento[] }[];
}

/** The first data row (3) of the "Faixas" sheet gets `valor`; the "Tabela" sheet's Início becomes `inicio`. */
async function editarPlanilha(origem: string, destino: string, inicio: string): Promise<{ elemento: number; antes: string; depois: string }> {
  const livro = new ExcelJS.Workbook();
  await livro.xlsx.readFile(origem);
  const colunaDe = (aba: ExcelJS.Worksheet, chave: string) => {
    const chaves = aba.getRow(2).values as unknown[];
    const i = chaves.findIndex((v) => v === chave);
    expect(i, `${aba.name}: coluna ${chave}`).toBeGreaterThan(0);
    return i;
  };
  const faixas = livro.getWorksheet('Faixas')!;
  const valor = faixas.getRow(3).getCell(colunaDe(faixas, 'VALOR'));
  const antes = String(valor.value);
  // A pt-BR number typed as text, as people type it in a spreadsheet: the import reads it exactly.
  const depois = '9,87654';
  valor.value = depois;
  const tabela = livro.getWorksheet('Tabela')!;
  const [a, m, d] = inicio.split('-').map(Number);
  tabela.getRow(3).getCell(colunaDe(tabela, 'INICIO')).value = new Date(Date.UTC(a, m - 1, d));
  await livro.xlsx.writeFile(destino);
  return { elemento: Number(faixas.getRow(3).getCell(colunaDe(faixas, 'ELEMENTO')).value), antes, depois };
}

/** The rows of a result table as "cell | cell". */
const linhasDa = (page: Page, nome: string) =>
  page
    .getByRole('table', { name: nome })
    .evaluate((t: HTMLTableElement) => Array.from(t.rows).map((r) => Array.from(r.cells).map((c) => (c.textContent ?? '').replace(/\s+/g, ' ').trim()).join(' | ')));

/** On the list: the carrier's name in the filter, Enter, then Ctrl+G to the grid (first row selected). */
async function filtrarESelecionar(page: Page, razaoSocial: string, inicio: string) {
  await page.keyboard.press('Alt+p');
  await esperarFoco(page, 'Transportadora');
  await page.keyboard.press('Control+a');
  await page.keyboard.type(razaoSocial);
  await page.keyboard.press('Enter');
  const grade = page.getByRole('grid', { name: 'Tabelas de Frete' });
  await grade.getByRole('gridcell', { name: formatDateBr(inicio), exact: true }).first().waitFor();
  await page.keyboard.press('Control+g');
  await esperarFoco(page, 'Tabelas de Frete');
  // The versions of the carrier's table, newest first or not: arrow to the one starting at `inicio`.
  for (let i = 0; i < 10; i++) {
    const atual = await grade.locator('[role=row][aria-selected=true]').textContent();
    if (atual?.includes(formatDateBr(inicio))) return;
    await page.keyboard.press('ArrowDown');
  }
  throw new Error(`a tabela de ${formatDateBr(inicio)} não foi selecionada`);
}

describe('Tabela de frete em planilha e simulação de reajuste, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('exporta, edita com exceljs, importa (simulação, confirmação, nova versão) e simula 10 % sobre o mês passado com PDF', async () => {
    const { page, url } = app();
    const pasta = mkdtempSync(join(tmpdir(), 'planilha-reajuste-'));
    const auth = await loginAsAdmin(page, url);
    const get = apiDaSessao(url, auth);
    // A demo table in force over last month and beyond (the new version starts next month).
    const mes = mesSaoPaulo();
    const passado = { dataIni: `${somarDias(mes.dataIni, -1).slice(0, 8)}01`, dataFim: somarDias(mes.dataIni, -1) };
    const proximoMes = somarDias(mes.dataFim, 1);
    const tabelas = (await get<{ content: Linha[] }>('/tabelas-frete?size=50')).content;
    const original = tabelas.find((t) => t.inicio <= passado.dataIni && t.fim === null)!;
    expect(original, 'uma tabela de demonstração vigente e sem fim').toBeDefined();
    const razao = original.transportadora.razaoSocial;

    await palette(page, 'tabelas de frete', 'Tabelas de Frete');
    await page.waitForURL('**/tabelas-frete');
    await page.getByRole('grid', { name: 'Tabelas de Frete' }).getByRole('row').nth(1).waitFor();
    await filtrarESelecionar(page, razao, original.inicio);

    // Export (Alt+E): the workbook arrives as a download.
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+e')]);
    expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
    const exportada = join(pasta, download.suggestedFilename());
    await download.saveAs(exportada);
    const editada = join(pasta, 'tabela-editada.xlsx');
    const mudanca = await editarPlanilha(exportada, editada, proximoMes);

    // Import (Alt+I): Enter on the focused button opens the chooser, as a user would press it; the dry run runs at once.
    await page.keyboard.press('Alt+i');
    const dialogo = page.getByRole('dialog', { name: 'Importar tabela de planilha' });
    await dialogo.waitFor();
    await esperarFoco(page, /Escolher planilha/);
    const [escolha] = await Promise.all([page.waitForEvent('filechooser'), page.keyboard.press('Enter')]);
    await escolha.setFiles(editada);
    const resultado = dialogo.getByLabel('Resultado da simulação');
    await resultado.waitFor();
    await esperarFoco(page, 'Resultado da simulação');
    await expect.poll(() => dialogo.getByRole('status').textContent()).toContain('tabela-editada.xlsx: nenhum erro');
    const resumo = await resultado.locator('dl').innerText();
    expect(resumo).toContain(razao);
    expect(resumo).toContain(`Nova versão da tabela de ${formatDateBr(original.inicio)}`);
    expect(resumo).toContain(`a partir de ${formatDateBr(proximoMes)}`);
    expect(resumo).toContain(`passa a terminar em ${formatDateBr(mes.dataFim)}`);
    const alteracoes = dialogo.getByRole('listbox', { name: 'Alterações' });
    expect(await alteracoes.innerText()).toContain('9,87654');
    await page.setViewportSize({ width: LARGURA, height: ALTURA });
    expect(await problemasDaTela(page, 'importar-planilha', '[role="dialog"]')).toEqual([]);
    // Confirm (Ctrl+S): the new version opens.
    await page.keyboard.press('Control+s');
    await dialogo.waitFor({ state: 'detached' });
    const nova = page.getByRole('dialog', { name: 'Editar tabela de frete' });
    await nova.waitFor();
    await expect.poll(() => nova.getByLabel('Início').inputValue()).toBe(formatDateBr(proximoMes));
    await expect.poll(() => page.getByRole('status', { name: 'Aviso' }).textContent()).toMatch(/^Tabela importada: nova versão a partir de \d{2}\/\d{2}\/\d{4}\.$/);
    await page.keyboard.press('Escape');
    await nova.waitFor({ state: 'detached' });

    // Through the API: the old version kept (its end closed), the new one with the band's new price.
    const linhas = (await get<{ content: Linha[] }>(`/tabelas-frete?size=50&transportadora=${encodeURIComponent(razao)}`)).content;
    const velha = linhas.find((t) => t.id === original.id)!;
    expect(velha.fim).toBe(mes.dataFim);
    const novaLinha = linhas.find((t) => t.inicio === proximoMes)!;
    const lida = await get<Tabela>(`/tabelas-frete/${novaLinha.id}`);
    const todas = [...lida.elementosCusto, ...lida.percursos.flatMap((p) => p.elementosCusto)].flatMap((e) => e.faixas.map((f) => f.valor));
    expect(todas.map(Number)).toContain(9.87654);

    // Reajuste of the old version (the one last month's CT-es were audited with): Alt+J, 10 %, Alt+S.
    await filtrarESelecionar(page, razao, original.inicio);
    await page.keyboard.press('Alt+j');
    const reajuste = page.getByRole('dialog', { name: 'Simular reajuste' });
    await reajuste.waitFor();
    await esperarFoco(page, 'Início do período');
    expect(await reajuste.getByLabel('Início do período').inputValue()).toBe(formatDateBr(passado.dataIni));
    expect(await reajuste.getByLabel('Fim do período').inputValue()).toBe(formatDateBr(passado.dataFim));
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('Reajuste geral (%)');
    await page.keyboard.type('10');
    await page.keyboard.press('Alt+s');
    const ctes = reajuste.getByRole('grid', { name: 'CT-es do reajuste' });
    await ctes.waitFor({ timeout: 30_000 });
    await esperarFoco(page, 'CT-es do reajuste');
    const porUf = await linhasDa(page, 'Comparação por UF de destino');
    const total = porUf.at(-1)!.split(' | ');
    expect(total[0]).toBe('Total');
    expect(Number(total[1].replace(/\./g, ''))).toBeGreaterThan(0);
    expect(await problemasDaTela(page, 'simular-reajuste', '[role="dialog"]')).toEqual([]);

    // Enter on the first CT-e: its trace, as the audit shows it.
    await page.keyboard.press('Enter');
    const traco = page.getByRole('dialog', { name: /^CT-e .* com o reajuste$/ });
    await traco.waitFor();
    await traco.getByRole('region', { name: 'Memória de cálculo' }).waitFor();
    await page.keyboard.press('Escape');
    await traco.waitFor({ state: 'detached' });

    // Alt+B: the PDF, with the same total as the screen.
    const [pdf] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+b')]);
    const arquivo = join(pasta, pdf.suggestedFilename());
    await pdf.saveAs(arquivo);
    expect(readFileSync(arquivo).subarray(0, 5).toString()).toBe('%PDF-');
    const texto = await textoDoPdf(arquivo);
    expect(texto).toContain('Simulação de reajuste');
    expect(texto).toContain(razao);
    expect(texto).toContain(`${formatDateBr(passado.dataIni)} a ${formatDateBr(passado.dataFim)}`);
    expect(texto).toContain(total[4]);
    console.log(`reajuste: ${porUf.at(-1)}; faixa do elemento ${mudanca.elemento}: ${mudanca.antes} → ${mudanca.depois}`);
  });
});
