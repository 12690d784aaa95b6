import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Decimal from 'decimal.js';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { CteLinha } from '../../src/contracts/ctes';
import type { FaturaCompleta, FaturaLinha, ResultadoLeituraFaturas } from '../../src/contracts/faturas';
import { dataSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { relogio } from '../../src/domain/relogio';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { doccob } from './faturas-e2e';
import { apiDaSessao, consoleDaJornada } from './harness';
import { esperarFoco, escolherOpcao, login, loginAsAdmin, palette, substituir, tabTo } from './keyboard';
import { textoDoPdf } from './pdf';

// From verdict to payment (issue 29), keyboard only, as the gerente (alçada R$ 500 per CT-e): a carrier bills one
// CT-e the audit found overcharged by more than R$ 500 → the fatura is Bloqueada; his approval of the difference is
// refused for his alçada; from the palette over the CT-e he opens a dispute and downloads its letter; he sends it and
// records the carrier's partial acceptance; the fatura is released for the rest; on /pagamentos he exports it to
// payables and the CSV read back pays the billed value less the credit.

const NUMERO = '990529';

type Pagina = { content: CteLinha[] };
const diferenca = (c: CteLinha) => new Decimal(c.valorTotal).minus(c.valorAuditoria ?? c.valorTotal);

/** The demo's AUDITADO_FALHA CT-e no fatura bills, taken by its sender (the Fretes screen's default), most overcharged. */
async function cteCobradoAMais(api: ReturnType<typeof apiDaSessao>): Promise<CteLinha> {
  const hoje = dataSaoPaulo(relogio.agora())!;
  const pagina = await api<Pagina>(
    `/ctes/listar-simples?status=AUDITADO&auditoria=FALHA&tomadorServico=REMETENTE&dataIni=${somarDias(hoje, -100)}&dataFim=${hoje}&size=200&sort=valorTotal,desc`,
  );
  const livres = pagina.content.filter((c) => c.numeroFatura === null && c.transportadora !== null && c.valorAuditoria !== null);
  const [maior] = livres.sort((a, b) => diferenca(b).comparedTo(diferenca(a)));
  expect(maior, 'a demonstração deveria ter um CT-e com falha de auditoria').toBeDefined();
  expect(diferenca(maior).gt(500), `diferença ${diferenca(maior).toFixed(2)}: acima da alçada do gerente`).toBe(true);
  return maior;
}

describe('Do veredito ao pagamento, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('fatura bloqueada, aprovação acima da alçada recusada, contestação com carta, aceite parcial, liberação e exportação', async () => {
    const { page, url, dataDir } = app();
    // Set-up as the admin (through the API): the DOCCOB billing the CT-e as charged, due in 30 days, read.
    const admin = apiDaSessao(url, await loginAsAdmin(page, url));
    const cte = await cteCobradoAMais(admin);
    const hoje = dataSaoPaulo(relogio.agora())!;
    const entrada = join(dataDir, 'edi', 'colacril', 'doccob', 'entrada');
    writeFileSync(join(entrada, `DOCCOB-E2E-${NUMERO}.txt`), doccob([cte], cte.chave.slice(6, 20), NUMERO, null, somarDias(hoje, 30)));
    // The demo leaves a DOCCOB of its own in the folder: ours is found by its número.
    const leitura = await admin<ResultadoLeituraFaturas>('/faturas/ler-arquivos');
    expect(leitura.erros, JSON.stringify(leitura)).toEqual([]);
    const faturaId = (await admin<{ content: FaturaLinha[] }>(`/faturas?numeroDocumento=${NUMERO}`)).content[0].id;
    const fatura = () => admin<FaturaCompleta>(`/faturas/${faturaId}`);
    expect((await fatura()).situacaoPagamento).toBe('BLOQUEADA');
    expect((await fatura()).bloqueios.map((b) => b.regra)).toContain('AUDITORIA_FALHA');

    // The gerente, from the login page.
    await page.evaluate(() => localStorage.clear());
    await login(page, url, 'gerente', SENHA_DEMO);
    await page.getByRole('search', { name: 'Filtros de fretes' }).waitFor();
    await esperarFoco(page, 'Nº da fatura');
    await page.keyboard.type(NUMERO);
    // The demo's CT-es span three months: the period opens 100 days back.
    const inicio = somarDias(hoje, -100);
    await tabTo(page, 'Emissão inicial');
    await substituir(page, `${inicio.slice(8, 10)}${inicio.slice(5, 7)}${inicio.slice(0, 4)}`);
    await page.keyboard.press('Alt+p');
    const grade = page.getByRole('grid', { name: 'Fretes' });
    await expect.poll(async () => (await grade.getByRole('row').allInnerTexts()).slice(1).join('\n')).toContain(String(cte.numero));
    await page.keyboard.press('Control+g');
    await esperarFoco(page, 'Fretes');

    // 1. Approval above his alçada: Alt+R reviews the selected CT-e, Ctrl+S approves → refused with the message.
    await page.keyboard.press('Alt+r');
    const revisao = page.getByRole('dialog', { name: new RegExp(`^Revisar auditoria do frete ${cte.numero}`) });
    await revisao.waitFor();
    await page.keyboard.press('Control+s');
    const recusa = page.getByRole('alertdialog').filter({ hasText: 'Sua alçada permite aprovar diferenças até R$ 500,00; encaminhe a um aprovador com alçada maior.' });
    await recusa.waitFor();
    await page.keyboard.press('Escape');
    await recusa.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await revisao.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Fretes');
    expect((await admin<{ status: string }>(`/ctes/${cte.id}`)).status).toBe('AUDITADO_FALHA');

    // 2. The dispute, from the palette over the CT-e's detail; its letter downloaded.
    await page.keyboard.press('Enter');
    const detalhe = page.getByRole('dialog', { name: `Frete ${cte.numero}` });
    await detalhe.waitFor();
    await palette(page, 'contestar', /^Contestar CT-e/);
    const contestacao = page.getByRole('dialog', { name: 'Contestação' });
    await contestacao.waitFor();
    await tabTo(page, 'Motivo');
    await escolherOpcao(page, 'Valor acima da tabela');
    await page.keyboard.press('Control+s');
    const linhas = contestacao.getByRole('table', { name: 'CT-es contestados' });
    await linhas.waitFor();
    const [carta] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Alt+b')]);
    const texto = await textoDoPdf(await carta.path());
    expect(texto).toContain(String(cte.numero));
    expect(texto).toContain(diferenca(cte).toFixed(2).replace('.', ','));

    // 3. Sent (Alt+E), then the carrier's answer: accepted in part, 60 % of the disputed value as a credit note.
    await page.keyboard.press('Alt+e');
    await contestacao.getByText('Enviada', { exact: true }).waitFor();
    const credito = diferenca(cte).times(0.6).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
    await page.keyboard.press('Alt+r');
    await esperarFoco(page, 'Resposta');
    await escolherOpcao(page, 'Aceita em parte');
    await tabTo(page, 'Valor aceito');
    await substituir(page, credito.toFixed(2).replace('.', ','));
    await tabTo(page, 'Nota de crédito / desconto');
    await page.keyboard.type('NC-2026-77');
    await page.keyboard.press('Control+s');
    await contestacao.getByText('Aceita em parte', { exact: true }).waitFor();
    await page.keyboard.press('Escape');
    await contestacao.waitFor({ state: 'detached' });
    await page.keyboard.press('Escape');
    await detalhe.waitFor({ state: 'detached' });

    // The line is settled: the fatura is released for the billed value less the credit.
    const liberada = await fatura();
    expect(liberada.situacaoPagamento).toBe('LIBERADA');
    const aPagar = new Decimal(cte.valorTotal).minus(credito);
    expect(liberada.valorAPagar).toBe(aPagar.toFixed(2));
    expect(liberada.descontoContestacoes).toBe(credito.toFixed(2));

    // 4. /pagamentos from the palette: export (Alt+E); the message offers the CSV, Enter downloads it.
    await palette(page, 'pagamentos', 'Pagamentos');
    await page.getByRole('grid', { name: 'Faturas a pagar' }).waitFor();
    await page.keyboard.press('Alt+e');
    const resultado = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: /exportada\(s\) para o contas a pagar/ }).first();
    await resultado.waitFor();
    await esperarFoco(page, 'Baixar o CSV');
    const [arquivo] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
    const csv = Papa.parse<Record<string, string>>(readFileSync(await arquivo.path(), 'utf8').replace(/^\uFEFF/, ''), { header: true, delimiter: ';', skipEmptyLines: true });
    const linha = csv.data.find((l) => l['Nº da fatura'] === NUMERO);
    expect(linha, JSON.stringify(csv.data)).toBeDefined();
    expect(linha!['Valor a pagar']).toBe(aPagar.toFixed(2).replace('.', ','));
    expect(linha!['Desconto de contestações']).toBe(credito.toFixed(2).replace('.', ','));
    expect((await fatura()).situacaoPagamento).toBe('EXPORTADA');
  });
});
