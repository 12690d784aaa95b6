import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo, mesSaoPaulo } from '../../src/domain/sao-paulo-date';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { escreverOcoren } from '../../src/server/ingest/ocoren/escrever-ocoren';
import { documentoCte } from '../server/ctes-dados';
import { apiDaSessao, consoleDaJornada } from './harness';
import { loginAsAdmin, palette, substituir, tabTo } from './keyboard';

// Issue 31, keyboard only: a carrier bills a re-delivery (a CT-e with a REENTREGA component) under a table whose
// "Reentrega" element is 50 % of the freight, tied to the event. The OCOREN that proves it is read on the
// Ocorrências screen; the CT-e, opened from the palette, shows the occurrence in its timeline; audited, the charge is
// accepted and the trace names the occurrence.

const NUMERO = 770401;
const ARQUIVO = 'OCOREN-E2E-770401.txt';
/** A month four before today's: no demo CT-e there, whatever the day (as in fretes-journey). */
const [ano, mes] = dataSaoPaulo(relogio.agora())!.split('-').map(Number);
const MES = mesSaoPaulo(new Date(Date.UTC(ano, mes - 1 - 4, 15, 15)));
const DIA = `${MES.dataIni.slice(0, 8)}20`;
/** The CT-e's NF-e (São Paulo, 2017-05, issuer 11.222.333/0001-81, model 55, série 1, número 770401). */
const NF = '35170511222333000181550010007704011000770407';
const digitado = (dia: string) => dia.split('-').reverse().join('');

/** Closes the dialog a batch answers with (Esc), after checking it says `texto`. */
async function fecharMensagens(page: Page, texto: RegExp) {
  const dialogo = page.getByRole('alertdialog').or(page.getByRole('dialog')).filter({ hasText: texto }).first();
  await dialogo.waitFor();
  await page.keyboard.press('Escape');
  await dialogo.waitFor({ state: 'detached' });
}

describe('Ocorrências (OCOREN), só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();

  it('lê um OCOREN, vê a ocorrência na linha do tempo do CT-e aberto pela paleta e audita a reentrega que ela justifica', async () => {
    const { page, url, dataDir } = app();
    const authorization = await loginAsAdmin(page, url);
    const api = apiDaSessao(url, authorization);

    // Set-up by the API: a table of a demo carrier in force from DIA, SP → RJ, a fixed freight of R$ 200,00 and the
    // re-delivery at 50 % of it (no ICMS on either: the expected value is exactly R$ 300,00 with the occurrence).
    const tabela = (await api<{ content: { transportadora: { id: number } }[] }>('/tabelas-frete?size=1')).content[0];
    const transportadora = await api<{ cnpjFormatado: string; razaoSocial: string }>(`/transportadoras/${tabela.transportadora.id}`);
    const ufs = (await api<{ content: { id: number; sigla: string }[] }>('/ufs?size=100')).content;
    const uf = (sigla: string) => ({ id: ufs.find((u) => u.sigla === sigla)!.id });
    const criada = await fetch(`${url}/api/tabelas-frete`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({
        transportadora: tabela.transportadora,
        inicio: DIA,
        percursos: [{ descricao: 'SP para RJ (reentrega)', origens: [{ uf: uf('SP') }], destinos: [{ uf: uf('RJ'), incidencias: [] }], elementosCusto: [] }],
        elementosCusto: [
          { descricao: 'Frete fixo', modalidade: 'FIXO', valorMinimo: '200.00', flags: [] },
          { descricao: 'Reentrega', modalidade: 'FIXO', evento: 'REENTREGA', percentualFrete: '50', flags: [] },
        ],
      }),
    });
    expect(criada.status, await criada.clone().text()).toBe(201);

    // The CT-e: R$ 300,00 = FRETE 200,00 + REENTREGA 100,00, in the XML folder; read by the API (the Fretes journey reads by keyboard).
    const doc = documentoCte({
      numero: NUMERO,
      emitente: transportadora.cnpjFormatado.replace(/\D/g, ''),
      emitenteNome: transportadora.razaoSocial,
      remetente: '11222333000181',
      destinatario: '33000167000101',
      dataEmissao: `${DIA}T10:00:00-03:00`,
      origem: [3509502, 'CAMPINAS', 'SP'],
      destino: [3304557, 'RIO DE JANEIRO', 'RJ'],
      valor: '300.00',
      valorCarga: '10000.00',
      pesoCarga: '300',
      notas: [NF],
    });
    doc.prestacao.componentes = [
      { nome: 'FRETE PESO', valor: '200.00' },
      { nome: 'REENTREGA', valor: '100.00' },
    ];
    writeFileSync(join(dataDir, 'xml', 'colacril', 'entrada', `cte-${NUMERO}.xml`), gerarXmlCte(doc));
    expect((await api<{ lidos: number }>('/ctes/ler-arquivos')).lidos).toBe(1);

    // The carrier's OCOREN 3.1: "24 Mercadoria reentregue ao cliente destino" for the CT-e's NF.
    const nf = NF;
    const entrada = join(dataDir, 'edi', 'colacril', 'ocoren', 'entrada');
    mkdirSync(entrada, { recursive: true });
    writeFileSync(
      join(entrada, ARQUIVO),
      escreverOcoren({
        documento: 'OCO31E2E',
        transportadora: { cnpj: transportadora.cnpjFormatado.replace(/\D/g, ''), razaoSocial: transportadora.razaoSocial.slice(0, 40) },
        ocorrencias: [
          {
            cnpjEmissorNf: nf.slice(6, 20),
            serieNf: String(Number(nf.slice(22, 25))),
            numeroNf: String(Number(nf.slice(25, 34))),
            codigo: '24',
            dataHora: `${DIA}T15:30`,
            codigoObservacao: null,
            observacao: 'REENTREGUE APOS AUSENCIA',
            conhecimento: null,
            redespacho: null,
          },
        ],
      }),
    );

    // Ocorrências (palette), Ler arquivos OCOREN (Alt+L): one read, linked.
    await palette(page, 'Ocorrências', /^Ocorrências/);
    await page.getByRole('heading', { name: 'Ocorrências' }).waitFor();
    await page.keyboard.press('Alt+l');
    await fecharMensagens(page, /1 ocorrência\(s\) lida\(s\), 0 já conhecida\(s\), 0 sem CT-e vinculado/);
    await page.getByRole('row').filter({ hasText: 'Mercadoria reentregue ao cliente destino' }).filter({ hasText: String(NUMERO) }).waitFor();

    // The CT-e from the palette; its Ocorrências tab (Alt+5) shows the occurrence with its file.
    await palette(page, String(NUMERO), new RegExp(`^CT-e ${NUMERO}`));
    const detalhe = page.getByRole('dialog', { name: `Frete ${NUMERO}` });
    await detalhe.waitFor({ timeout: 20_000 });
    await page.keyboard.press('Alt+5');
    const linhaDoTempo = detalhe.getByRole('tabpanel');
    await linhaDoTempo.getByText('Mercadoria reentregue ao cliente destino').waitFor();
    expect(await linhaDoTempo.innerText()).toContain(ARQUIVO);
    await page.keyboard.press('Escape');
    await detalhe.waitFor({ state: 'detached' });

    // Fretes, the CT-e's day: process it (palette), select the page (Alt+T) and audit (Alt+A).
    await palette(page, 'Fretes', /^Fretes/);
    await page.getByRole('search', { name: 'Filtros de fretes' }).waitFor();
    await tabTo(page, 'Emissão inicial');
    await substituir(page, digitado(DIA));
    await tabTo(page, 'Emissão final');
    await substituir(page, digitado(DIA));
    await page.keyboard.press('Alt+p');
    const grade = page.getByRole('grid', { name: /fretes/i });
    await grade.getByRole('row').filter({ hasText: String(NUMERO) }).waitFor();
    await palette(page, 'processar ct', /^Processar CT-es/);
    await fecharMensagens(page, /processad/i);
    await grade.getByRole('row').filter({ hasText: /Processado, aguardando auditoria/ }).waitFor();
    await page.keyboard.press('Alt+t');
    await page.keyboard.press('Alt+a');
    await fecharMensagens(page, /1 CT-e\(s\) auditado\(s\)/);
    await grade.getByRole('row').filter({ hasText: String(NUMERO) }).filter({ hasText: /Auditado com sucesso/ }).waitFor();

    // The audit priced the re-delivery (R$ 300,00) and says which occurrence justified it.
    const cte = (await api<{ content: { id: number }[] }>(`/ctes/listar-simples?numeroCte=${NUMERO}&tomadorServico=TODOS&dataIni=${DIA}&dataFim=${DIA}`)).content[0];
    const [auditoria] = await api<{ status: string; valorTotal: string; traco: string[] }[]>(`/auditorias-cte/ctes/${cte.id}`);
    expect(auditoria).toMatchObject({ status: 'SUCESSO', valorTotal: '300.00' });
    expect(auditoria.traco.join('\n')).toMatch(new RegExp(`Reentrega justificada pela ocorrência 24 "Mercadoria reentregue ao cliente destino" de \\d\\d/\\d\\d/\\d{4} 15:30 \\(${ARQUIVO}, linha \\d+\\)`));
  });
});
