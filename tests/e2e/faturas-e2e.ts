import type { Locator, Page } from 'playwright-core';
import type { CteLinha, CtePage } from '../../src/contracts/ctes';
import type { FaturaDoccob } from '../../src/contracts/doccob';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo, somarDias } from '../../src/domain/sao-paulo-date';
import { escreverDoccob } from '../../src/server/ingest/doccob/escrever-doccob';
import type { apiDaSessao } from './harness';

// What the faturas journeys share: the grid read as text, the demo CT-es to bill, a DOCCOB billing them.

/** The grid's data rows as text. */
export const linhasDa = (grade: Locator) =>
  grade.evaluate((g: HTMLElement) => Array.from(g.querySelectorAll('[role="row"]')).slice(1).map((r) => (r.textContent ?? '').replace(/\s+/g, ' ').trim()));

/** Waits until the grid has a row with `texto`; answers its index among the data rows. */
export async function linhaCom(grade: Locator, texto: string | RegExp): Promise<number> {
  let linhas: string[] = [];
  for (const fim = Date.now() + 20_000; Date.now() < fim; await new Promise((r) => setTimeout(r, 200))) {
    linhas = await linhasDa(grade).catch(() => []);
    const i = linhas.findIndex((l) => (typeof texto === 'string' ? l.includes(texto) : texto.test(l)));
    if (i >= 0) return i;
  }
  throw new Error(`nenhuma linha com ${String(texto)}; a grade tem:\n${linhas.join('\n')}`);
}

/** Focus the grid and arrow down to the data row `indice`. */
export async function irParaLinha(page: Page, grade: Locator, indice: number) {
  await grade.focus();
  await page.keyboard.press('Home');
  for (let i = 0; i < indice; i++) await page.keyboard.press('ArrowDown');
}

/** Enter on the list's line `indice` (irParaLinha first): the Fatura dialog, once its Conferência shows. */
export async function abrirFaturaDaLinha(page: Page, lista: Locator, indice: number): Promise<Locator> {
  await irParaLinha(page, lista, indice);
  await page.keyboard.press('Enter');
  const modal = page.getByRole('dialog', { name: 'Fatura' });
  await modal.waitFor();
  await modal.getByRole('region', { name: 'Conferência' }).or(modal.getByLabel('Resultado da conferência')).first().waitFor();
  return modal;
}

/** Three AUDITADO_SUCESSO CT-es of one carrier that no fatura bills yet (demo data, last three months), whose
 * taker is the sender: the Fretes screen's default filter, which the end of the journey keeps. Which demo CT-es
 * have another taker depends on the day the demo was seeded. */
export async function ctesParaFaturar(api: ReturnType<typeof apiDaSessao>): Promise<CteLinha[]> {
  const hoje = dataSaoPaulo(relogio.agora())!;
  const inicio = somarDias(hoje, -100);
  const pagina = await api<CtePage>(`/ctes/listar-simples?status=AUDITADO&auditoria=SUCESSO&tomadorServico=REMETENTE&dataIni=${inicio}&dataFim=${hoje}&size=200&sort=numero,asc`);
  const livres = pagina.content.filter((c) => c.numeroFatura === null && c.transportadora !== null);
  const porTransportadora = new Map<number, CteLinha[]>();
  for (const c of livres) porTransportadora.set(c.transportadora!.id, [...(porTransportadora.get(c.transportadora!.id) ?? []), c]);
  const grupo = [...porTransportadora.values()].find((g) => g.length >= 3);
  if (!grupo) throw new Error('a demonstração não tem três CT-es auditados com sucesso de uma transportadora');
  return grupo.slice(0, 3);
}

/** A DOCCOB billing these CT-es as charged, the line `acrescimo` R$ 50,00 above; due today unless `vencimento` says. */
export function doccob(ctes: CteLinha[], cnpj: string, numero: string, acrescimo: number | null, vencimento?: string): string {
  const hoje = dataSaoPaulo(relogio.agora())!;
  const valores = ctes.map((c, i) => (i === acrescimo ? (Number(c.valorTotal) + 50).toFixed(2) : c.valorTotal));
  const total = valores.reduce((s, v) => s + Math.round(Number(v) * 100), 0);
  const fatura: FaturaDoccob = {
    layout: '3.0A',
    remetente: 'TRANSPORTADORA E2E',
    destinatario: 'COLACRIL',
    idIntercambio: `COB${numero}`,
    documento: `COBRA${numero}`,
    transportadora: { cnpj, razaoSocial: 'TRANSPORTADORA E2E' },
    filial: '1',
    tipo: '0',
    serie: '1',
    numero,
    dataEmissao: hoje,
    dataVencimento: vencimento ?? hoje,
    valor: (total / 100).toFixed(2),
    tipoCobranca: 'BCO',
    acao: 'I',
    ctes: ctes.map((c, i) => ({
      linha: 0,
      filial: '1',
      serie: String(Number(c.chave.slice(22, 25))),
      numero: String(c.numero),
      valorFrete: valores[i],
      dataEmissao: c.dataEmissao.slice(0, 10),
      cnpjRemetente: null,
      cnpjDestinatario: null,
      cnpjEmissor: c.chave.slice(6, 20),
      chave: c.chave,
      notas: [],
    })),
    avisos: [],
  } as FaturaDoccob;
  return escreverDoccob([fatura], '3.0A');
}

