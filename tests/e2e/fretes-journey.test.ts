import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo, mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { AMOSTRA, documentoCte } from '../server/ctes-dados';
import { apiDaSessao, consoleDaJornada } from './harness';
import { focused, loginAsAdmin, palette, substituir, tabTo } from './keyboard';

// Fretes journey, keyboard only: five CT-e XMLs of a demo carrier are read from the input folder,
// processed and audited (four overcharged, one right); a failed audit is opened and approved with an
// observation and shows AUDITADO_REVISADO; then the other three are selected and approved from the palette.

const CAMPINAS: [number, string, string] = [3509502, 'CAMPINAS', 'SP'];
const RIO: [number, string, string] = [3304557, 'RIO DE JANEIRO', 'RJ'];
/**
 * The month four before today's (São Paulo, by the console's clock): the demo tables are in force
 * (anoTabelasDemo), and the demo CT-es (this month and the two before) are elsewhere, whatever the day.
 */
const [ano, mes] = dataSaoPaulo(relogio.agora())!.split('-').map(Number);
const MES = mesSaoPaulo(new Date(Date.UTC(ano, mes - 1 - 4, 15, 15)));
const DIA = `${MES.dataIni.slice(0, 8)}20`;
const EMISSAO = `${DIA}T10:00:00-03:00`;
/** YYYY-MM-DD → what is typed in a date field (ddmmyyyy). */
const digitado = (dia: string) => dia.split('-').reverse().join('');

/** The grid's rows as text, header first. */
const linhasDa = (grade: Locator) =>
  grade.evaluate((g: HTMLElement) => Array.from(g.querySelectorAll('[role="row"]')).map((r) => (r.textContent ?? '').replace(/\s+/g, ' ').trim()), undefined, { timeout: 2000 });

/** Waits for the grid's data rows to be `n`, each matching its pattern, in any order. */
async function esperarLinhas(grade: Locator, padroes: RegExp[]) {
  const confere = (linhas: string[]) =>
    linhas.length === padroes.length && padroes.every((p) => linhas.filter((l) => p.test(l)).length === padroes.filter((q) => q === p).length);
  let linhas: string[] = [];
  for (const fim = Date.now() + 20_000; Date.now() < fim; await new Promise((r) => setTimeout(r, 200))) {
    linhas = (await linhasDa(grade).catch(() => ['(grade inacessível)', '(grade inacessível)'])).slice(1);
    if (confere(linhas)) return;
  }
  await grade.page().screenshot({ path: '/tmp/e2e-fretes.png' });
  throw new Error(`a grade não chegou a ${padroes.map(String).join(', ')}; tem:\n${linhas.join('\n')}`);
}

/** Closes the message list a batch answers with (Esc), after checking it says `texto`. */
async function fecharMensagens(page: Page, texto: RegExp) {
  const dialogo = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: texto }).first();
  await dialogo.waitFor().catch(async (e) => {
    await page.screenshot({ path: '/tmp/e2e-fretes.png' });
    throw new Error(`${e.message}\n${(await page.locator('body').innerText()).slice(0, 3000)}`);
  });
  await page.keyboard.press('Escape');
  await dialogo.waitFor({ state: 'detached' });
}

describe('Fretes (CT-e), só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('lê XMLs, processa, audita, aprova uma auditoria com falha e depois três pela paleta', async () => {
    const { page, url, dataDir } = app();
    const pastas = join(dataDir, 'xml', 'colacril');
    const api = apiDaSessao(url, await loginAsAdmin(page, url));

    // Set-up: five XMLs of a demo carrier with a table, Campinas -> Rio de Janeiro, 300 kg of R$ 10.000,00,
    // dropped in the input folder (as the carriers' mail robot does).
    // The folders are the server's (XML_DIR, default <DATA_DIR>/xml): read-only in the settings.
    const cfg = await api<{ enderecoEntrada: string; enderecoSaida: string }>('/configuracoes/completar');
    expect(cfg.enderecoEntrada).toBe(join(pastas, 'entrada'));
    const tabela = (await api<{ content: { transportadora: { id: number; razaoSocial: string } }[] }>('/tabelas-frete?size=1')).content[0];
    const transportadora = await api<{ id: number; cnpjFormatado: string; razaoSocial: string }>(`/transportadoras/${tabela.transportadora.id}`);
    const destinatario = '33000167000101';
    const aliquota = AMOSTRA.icms?.aliquota ?? '0';
    const [calculo] = await api<{ status: string; valorTotal: string }[]>('/tabelas-frete/calcular', {
      dataDespacho: DIA,
      transportadora: transportadora.id,
      cliente: destinatario,
      valor: '10000.00',
      peso: '300',
      codigoOrigem: CAMPINAS[0],
      codigoDestino: RIO[0],
      tipoVeiculo: 0,
      icms: (Number(aliquota) / 100).toString(),
    });
    expect(calculo.status).toBe('SUCESSO');
    const esperado = Number(calculo.valorTotal);
    // Four overcharged by R$ 25,00 + n, one charged exactly the table's value.
    const cobrados = [0, 26, 27, 28, 29].map((a) => (esperado + a).toFixed(2));
    cobrados.forEach((valor, i) => {
      const doc = documentoCte({
        numero: 880001 + i,
        emitente: transportadora.cnpjFormatado.replace(/\D/g, ''),
        emitenteNome: transportadora.razaoSocial,
        remetente: '11222333000181',
        destinatario,
        dataEmissao: EMISSAO,
        origem: CAMPINAS,
        destino: RIO,
        valor,
        valorCarga: '10000.00',
        pesoCarga: '300',
      });
      writeFileSync(join(pastas, 'entrada', `cte-${880001 + i}.xml`), gerarXmlCte(doc));
    });

    // The Fretes screen (landing page): that month; the payer stays REMETENTE (the default).
    const filtros = page.getByRole('search', { name: 'Filtros de fretes' });
    await filtros.waitFor();
    expect(await focused(page)).toBe('Nº da fatura');
    await tabTo(page, 'Emissão inicial');
    await substituir(page, digitado(MES.dataIni));
    await tabTo(page, 'Emissão final');
    await substituir(page, digitado(MES.dataFim));

    // Read the XMLs (Alt+L): five read, the files moved to the output folder.
    await page.keyboard.press('Alt+l');
    await fecharMensagens(page, /5 CT-e\(s\) lido\(s\)/);
    expect(readdirSync(join(pastas, 'entrada'))).toEqual([]);
    expect(readdirSync(join(pastas, 'saida')).sort()).toHaveLength(5);

    const grade = page.getByRole('grid', { name: /fretes/i });
    await page.keyboard.press('Alt+p');
    await esperarLinhas(grade, Array(5).fill(/○Lido/));

    // Process them from the palette.
    await palette(page, 'processar ct', /^Processar CT-es/);
    await fecharMensagens(page, /processad/i);
    await esperarLinhas(grade, Array(5).fill(/Processado, aguardando auditoria/));

    // Select every row of the page (Alt+T) and audit the selection (Alt+A).
    await page.keyboard.press('Alt+t');
    await page.keyboard.press('Alt+a');
    await fecharMensagens(page, /5 CT-e\(s\) auditado\(s\)/);
    await esperarLinhas(grade, [/Auditado com sucesso/, ...Array(4).fill(/Auditado com falha/)]);

    // Open a failed audit: the first row of number 880002, then review it (Alt+R).
    await grade.getByRole('row').filter({ hasText: '880002' }).first().waitFor();
    await page.keyboard.press('Alt+p');
    const linhas = await linhasDa(grade);
    const alvo = linhas.slice(1).findIndex((l) => l.includes('880002'));
    expect(alvo).toBeGreaterThanOrEqual(0);
    await grade.focus();
    await page.keyboard.press('Home');
    for (let i = 0; i < alvo; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Alt+r');
    const revisao = page.getByRole('dialog', { name: /Revisar auditoria do frete 880002/ });
    await revisao.waitFor();
    await tabTo(page, 'Observações');
    await page.keyboard.type('Cobrança conferida com a transportadora.');
    await page.keyboard.press('Control+s');
    await revisao.waitFor({ state: 'detached' });
    await fecharMensagens(page, /1 CT-e\(s\) aprovado\(s\)/);
    await esperarLinhas(grade, [/Auditado com sucesso/, /Auditoria revisada \(aprovado\)/, ...Array(3).fill(/Auditado com falha/)]);
    const revisado = (await api<{ content: { id: number; numero: number; status: string }[] }>(
      `/ctes/listar-simples?numeroCte=880002&tomadorServico=TODOS&dataIni=${MES.dataIni}&dataFim=${MES.dataFim}`,
    )).content[0];
    expect(revisado.status).toBe('AUDITADO_REVISADO');
    const auditoria = await api<{ status: string; observacoes: string; responsavel: { nome: string } }[]>(`/auditorias-cte/ctes/${revisado.id}`);
    expect(auditoria[0]).toMatchObject({ status: 'REVISADO', observacoes: 'Cobrança conferida com a transportadora.' });

    // The other three: select the page from the palette, approve by the audit value from the palette.
    await palette(page, 'marcar todos', /^Marcar ou desmarcar todos os fretes da página/);
    await palette(page, 'pelo valor da auditoria', /^Aprovar selecionados pelo valor da auditoria/);
    const aprovacao = page.getByRole('dialog', { name: /Aprova/ });
    await aprovacao.waitFor();
    await page.keyboard.press('Control+s');
    await aprovacao.waitFor({ state: 'detached' });
    // Four selected: the one already approved is reported, the three failed ones approved.
    await fecharMensagens(page, /3 CT-e\(s\) aprovado\(s\)/);
    await esperarLinhas(grade, [/Auditado com sucesso/, ...Array(4).fill(/Auditoria revisada \(aprovado\)/)]);
    const todos = await api<{ content: { numero: number; status: string; valorCorreto: string | null; valorAuditoria: string | null }[] }>(
      `/ctes/listar-simples?tomadorServico=TODOS&dataIni=${MES.dataIni}&dataFim=${MES.dataFim}&sort=numero,asc`,
    );
    expect(todos.content.map((c) => [c.numero, c.status])).toEqual([
      [880001, 'AUDITADO_SUCESSO'],
      [880002, 'AUDITADO_REVISADO'],
      [880003, 'AUDITADO_REVISADO'],
      [880004, 'AUDITADO_REVISADO'],
      [880005, 'AUDITADO_REVISADO'],
    ]);
    // Approved by the audit value: the correct value is the table's.
    for (const c of todos.content.slice(2)) expect(c.valorCorreto).toBe(calculo.valorTotal);
  });
});
