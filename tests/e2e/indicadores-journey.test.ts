import { readFileSync } from 'node:fs';
import Papa from 'papaparse';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { CteCompleto, CtePage } from '../../src/contracts/ctes';
import type { IndicadoresPage } from '../../src/contracts/indicadores';
import { mensagemNotaSemPdf } from '../../src/contracts/relatorios';
import { dataSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { apiDaSessao, consoleDaJornada } from './harness';
import { esperarFoco, focused, loginAsAdmin, palette, substituir, tabTo } from './keyboard';
import { textoDoPdf } from './pdf';
import { relogio } from '../../src/domain/relogio';

// Indicadores journey, keyboard only, as the admin on a fresh demo:
// 1. /indicadores from the palette; a period of the last 60 days by the CT-e's date; a red row and the charts;
//    the CSV exported (Alt+X) and read back: the header, one line per row the server counts;
// 2. on /ctes, the "Indicadores de frete" panel (Alt+X): 'Indicadores-Frete.csv' saved and read back;
// 3. a CT-e's notes grid: the NF's PDF downloaded, and for a note without one the §8 warning.

/** The saved CSV: BOM, ';' and CRLF, parsed back by the CSV library. */
function lerCsv(arquivo: string): string[][] {
  const texto = readFileSync(arquivo, 'utf8');
  expect(texto.charCodeAt(0)).toBe(0xfeff);
  const { data, errors, meta } = Papa.parse<string[]>(texto.slice(1), { delimiter: '', skipEmptyLines: true });
  expect(errors).toEqual([]);
  expect([meta.delimiter, meta.linebreak]).toEqual([';', '\r\n']);
  return data;
}

const ddmmaaaa = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}${iso.slice(0, 4)}`;

type Api = ReturnType<typeof apiDaSessao>;

/** A demo CT-e (taker: the sender, the Fretes screen's default) with a note whose PDF the ERP has, and a note (of any CT-e) whose PDF it lacks. */
async function notasDemo(api: Api, url: string, authorization: string, inicio: string, hoje: string) {
  const ctes = await api<CtePage>(`/ctes/listar-simples?status=AUDITADO&tomadorServico=REMETENTE&dataIni=${inicio}&dataFim=${hoje}&size=50&sort=numero,asc`);
  let comPdf: { cte: number; nota: string } | undefined;
  let semPdf: { cte: number; nota: string } | undefined;
  for (const linha of ctes.content) {
    const cte = await api<CteCompleto>(`/ctes/${linha.id}`);
    for (const n of cte.notas.filter((x) => x.notaFiscalId)) {
      const r = await fetch(`${url}/api/vw-notas-fiscais/pdf?notaFiscalId=${encodeURIComponent(n.notaFiscalId!)}`, { headers: { authorization } });
      const achado = { cte: cte.numero, nota: String(n.numero) };
      if (r.status === 200 && !comPdf) comPdf = achado;
      if (r.status === 404 && !semPdf) semPdf = achado;
    }
    if (comPdf && semPdf) return { comPdf, semPdf };
  }
  throw new Error('a demonstração deveria ter notas com e sem PDF');
}

/** From a filter of Fretes before "Nº do CT-e": that CT-e searched, its detail opened from the grid (Esc comes back to the grid). */
async function abrirCte(page: Page, numero: number) {
  await tabTo(page, 'Nº do CT-e');
  await substituir(page, String(numero));
  await page.keyboard.press('Alt+p');
  const grade = page.getByRole('grid', { name: 'Fretes' });
  await expect.poll(async () => (await grade.getByRole('row').count()) - 1, { timeout: 15_000 }).toBe(1);
  await expect.poll(() => grade.getByRole('row').nth(1).innerText()).toContain(String(numero));
  await page.keyboard.press('Control+g');
  await page.keyboard.press('Enter');
  const detalhe = page.getByRole('dialog', { name: new RegExp(`^Frete ${numero}`) });
  await detalhe.waitFor();
  return detalhe;
}

/** 1. /indicadores from the palette: a period by the CT-e's date, a red row, the charts; the CSV read back. */
async function indicadoresDoPeriodo(page: Page, api: Api, hoje: string) {
  const inicio = somarDias(hoje, -60);
  await palette(page, 'indicadores', 'Indicadores de Frete');
  await page.getByRole('heading', { name: 'Indicadores de Frete' }).waitFor();
  await esperarFoco(page, 'Período inicial');
  await substituir(page, ddmmaaaa(inicio));
  // The radio group is one Tab stop (the checked one, NF); the arrow moves and checks.
  await tabTo(page, 'Data de emissão da NF');
  await page.keyboard.press('ArrowDown');
  await esperarFoco(page, 'Data de emissão do CT-e');
  await page.keyboard.press('Alt+p');
  const esperado = await api<IndicadoresPage>(`/vw/frete-indicadores-peso-valor?filtroRadioGroup=CTE&dataEmissao_inicio=${inicio}&dataEmissao_fim=${hoje}&size=50`);
  expect(esperado.totalElements).toBeGreaterThan(50);
  const grade = page.getByRole('grid', { name: 'Indicadores de frete' });
  await expect.poll(() => grade.locator('[data-situacao="VERMELHO"]').count(), { timeout: 15_000 }).toBeGreaterThan(0);
  expect(await grade.locator('[data-situacao="VERMELHO"]').first().innerText()).toMatch(/acima do limite|igual ao limite/);
  const grafico = page.getByRole('group', { name: 'Frete peso por UF de destino' });
  await grafico.locator('svg').first().waitFor({ timeout: 15_000 });
  expect(await grafico.getByRole('list').first().innerText()).toMatch(/São Paulo: frete peso R\$ [\d.,]+\/kg/);

  // The CSV of that filter: the server's count of rows, every one in the file.
  const [csv] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+x')]);
  expect(csv.suggestedFilename()).toBe('indicadores.csv');
  const [cabecalho, ...linhas] = lerCsv(await csv.path());
  expect(cabecalho.slice(0, 3)).toEqual(['Fatura', 'CT-e', 'Data do CT-e']);
  expect(linhas).toHaveLength(esperado.totalElements);
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Arquivo salvo: indicadores.csv' }).count()).toBe(1);
}

/** 2. The "Indicadores de frete" panel of /ctes (Alt+X): 'Indicadores-Frete.csv' read back; Esc gives the focus back. */
async function csvDoPainel(page: Page) {
  await palette(page, 'fretes', 'Fretes');
  await esperarFoco(page, 'Nº da fatura');
  await page.keyboard.press('Alt+x');
  await esperarFoco(page, 'Período inicial');
  await tabTo(page, 'CSV Indicadores-Frete');
  const [base] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(base.suggestedFilename()).toBe('Indicadores-Frete.csv');
  const [cabBase, ...linhasBase] = lerCsv(await base.path());
  expect(cabBase.slice(0, 3)).toEqual(['dataEmissao', 'dataEmissaoCte', 'numeroFatura']);
  expect(linhasBase.length).toBeGreaterThan(0);
  // The button kept the focus while it was busy; Esc closes the panel and gives the focus back.
  expect(await focused(page)).toBe('CSV Indicadores-Frete');
  await page.keyboard.press('Escape');
  await esperarFoco(page, 'Nº da fatura');
}

/** 3. From Fretes: the NF's PDF from a CT-e's notes grid; a note without one answers the §8 warning. */
async function pdfsDasNotas(page: Page, notas: Awaited<ReturnType<typeof notasDemo>>, inicio: string) {
  await tabTo(page, 'Emissão inicial');
  await substituir(page, ddmmaaaa(inicio));
  let detalhe = await abrirCte(page, notas.comPdf.cte);
  await tabTo(page, `PDF da nota ${notas.comPdf.nota}`);
  const [pdf] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(await textoDoPdf(await pdf.path())).toContain(notas.comPdf.nota);
  await page.keyboard.press('Escape');
  await detalhe.waitFor({ state: 'detached' });
  await esperarFoco(page, 'Fretes');
  await page.keyboard.press('Control+g');

  detalhe = await abrirCte(page, notas.semPdf.cte);
  await tabTo(page, `PDF da nota ${notas.semPdf.nota}`);
  await page.keyboard.press('Enter');
  const aviso = page.getByRole('alertdialog', { name: 'Advertência' });
  await aviso.waitFor();
  expect(await aviso.innerText()).toContain(mensagemNotaSemPdf(notas.semPdf.nota));
  await page.keyboard.press('Enter');
  await aviso.waitFor({ state: 'detached' });
  await esperarFoco(page, `PDF da nota ${notas.semPdf.nota}`);
}

describe('Indicadores, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('procura um período, vê linha vermelha e gráfico, exporta os CSVs e baixa o PDF de uma nota', async () => {
    const { page, url } = app();
    const authorization = await loginAsAdmin(page, url);
    const api = apiDaSessao(url, authorization);
    const hoje = dataSaoPaulo(relogio.agora())!;
    await indicadoresDoPeriodo(page, api, hoje);
    await csvDoPainel(page);
    const notas = await notasDemo(api, url, authorization, somarDias(hoje, -20), hoje);
    await pdfsDasNotas(page, notas, somarDias(hoje, -20));
  });
});
