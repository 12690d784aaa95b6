import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASTA_COM_ERRO } from '../../src/contracts/recebimento';
import { relogio } from '../../src/domain/relogio';
import { dataSaoPaulo } from '../../src/domain/sao-paulo-date';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { documentoCte } from '../server/ctes-dados';
import { entregar, iniciarDovecot, listarPasta, type Dovecot } from '../server/dovecot';
import { apiDaSessao, consoleDaJornada } from './harness';
import { esperarFoco, loginAsAdmin, palette, substituir, tabTo } from './keyboard';

// Issue 30, keyboard only: the admin sets the company's mailbox (a real dovecot started here) in Configuração ›
// Recebimento; the scheduled reading brings a message with a CT-e and a broken one; /recebimento shows the run on
// the mailbox's card, its documents, and the refused attachment's reason; the CT-e is then found from the palette.

const NUMERO = 770301;
const QUEBRADO = 'cte-quebrado.xml';

/** An IMAP look that never hangs the journey: rejected after 10 s. */
const comPrazo = <T>(p: Promise<T>) => Promise.race([p, new Promise<never>((_, rejeitar) => setTimeout(() => rejeitar(new Error('IMAP sem resposta em 10 s')), 10_000))]);

describe('Recebimento pela caixa postal, só pelo teclado, no Chromium', () => {
  const app = consoleDaJornada();
  let d: Dovecot;
  beforeAll(async () => {
    d = await iniciarDovecot();
  });
  afterAll(async () => {
    await d?.parar();
  });

  it('configura a caixa postal, vê a primeira leitura, abre o motivo do anexo recusado e acha o CT-e pela paleta', async () => {
    const { page, url } = app();
    const api = apiDaSessao(url, await loginAsAdmin(page, url));
    // Set-up: a message from a demo carrier with its CT-e and a CT-e cut in the middle (the reader refuses it).
    const tabela = (await api<{ content: { transportadora: { id: number } }[] }>('/tabelas-frete?size=1')).content[0];
    const transportadora = await api<{ cnpjFormatado: string; razaoSocial: string }>(`/transportadoras/${tabela.transportadora.id}`);
    const hoje = dataSaoPaulo(relogio.agora())!;
    const doc = documentoCte({
      numero: NUMERO,
      emitente: transportadora.cnpjFormatado.replace(/\D/g, ''),
      emitenteNome: transportadora.razaoSocial,
      remetente: '11222333000181',
      destinatario: '33000167000101',
      dataEmissao: `${hoje}T10:00:00-03:00`,
      valor: '432.10',
    });
    const xml = gerarXmlCte(doc);
    await entregar(d, [
      { assunto: 'CT-es da semana', anexos: [{ nome: `cte-${NUMERO}.xml`, bytes: xml, tipo: 'application/xml' }, { nome: QUEBRADO, bytes: xml.slice(0, 400), tipo: 'application/xml' }] },
    ]);

    // Configuração › Recebimento (Alt+5): the mailbox form, by keyboard; Ctrl+S saves it.
    await palette(page, 'Configuração', 'Configuração');
    await page.getByRole('heading', { name: 'Configuração' }).waitFor();
    await page.getByLabel('Tolerância da auditoria (R$)').waitFor();
    await page.keyboard.press('Alt+5');
    const caixa = page.getByRole('region', { name: 'Caixa postal' });
    await caixa.waitFor();
    await tabTo(page, 'Ler a caixa postal');
    if (!(await caixa.getByRole('checkbox', { name: 'Ler a caixa postal' }).isChecked())) await page.keyboard.press('Space');
    await tabTo(page, 'Servidor');
    await substituir(page, '127.0.0.1');
    await tabTo(page, 'Porta');
    await substituir(page, String(d.porta));
    await tabTo(page, 'Conexão segura (TLS)');
    if (await caixa.getByRole('checkbox', { name: 'Conexão segura (TLS)' }).isChecked()) await page.keyboard.press('Space');
    await tabTo(page, 'Usuário');
    await substituir(page, d.usuario);
    await tabTo(page, 'Senha');
    await page.keyboard.type(d.senha);
    await tabTo(page, 'Pasta');
    await substituir(page, 'INBOX');
    await tabTo(page, 'Intervalo (minutos)');
    await substituir(page, '1');
    await page.keyboard.press('Control+s');
    await page.getByText('Caixa postal salva.').waitFor();
    // The password went in and never comes back: the form says it is stored.
    await expect.poll(() => caixa.getByLabel('Senha').getAttribute('placeholder')).toBe('senha guardada');
    expect(await caixa.getByLabel('Senha').inputValue()).toBe('');

    // /recebimento: the scheduled reading (due as soon as it was saved) shows on the mailbox's card.
    await palette(page, 'Recebimento', 'Recebimento');
    const cartao = page.getByRole('article', { name: 'Caixa postal' });
    await cartao.waitFor();
    const contagens = cartao.getByLabel('O que chegou na última leitura de Caixa postal');
    await expect
      .poll(
        async () => {
          await page.keyboard.press('Alt+u');
          return (await contagens.count()) > 0 && !(await cartao.innerText()).includes('Em andamento') ? (await contagens.innerText()).replace(/\s+/g, ' ') : '';
        },
        { timeout: 90_000, interval: 2000 },
      )
      .toMatch(/^1 CT-es .* 1 Recusados$/);
    expect(await cartao.innerText()).toContain('Sucesso parcial');
    // A message with a refused attachment is moved to "Com erro" (its reasons are in the intake log).
    await expect.poll(() => comPrazo(listarPasta(d, PASTA_COM_ERRO)), { timeout: 20_000 }).toEqual([{ assunto: 'CT-es da semana', vista: true }]);

    // Its documents (Enter on the card's button): only the problems (Alt+S), the refused one's reason (Enter); Esc, Esc.
    await tabTo(page, 'Documentos da última leitura: Caixa postal');
    await page.keyboard.press('Enter');
    const leitura = page.getByRole('dialog', { name: /^Leitura \d+: Caixa postal/ });
    await leitura.waitFor();
    await esperarFoco(page, 'Documentos da leitura');
    await leitura.getByRole('row').filter({ hasText: `cte-${NUMERO}.xml` }).waitFor();
    await page.keyboard.press('Alt+s');
    await expect.poll(() => leitura.getByRole('row').filter({ hasText: `cte-${NUMERO}.xml` }).count()).toBe(0);
    await leitura.getByRole('row').filter({ hasText: QUEBRADO }).waitFor();
    await page.keyboard.press('Enter');
    const motivo = page.getByRole('dialog', { name: `Motivo: ${QUEBRADO}` });
    await motivo.waitFor();
    expect(await motivo.innerText()).toContain('Recusado');
    const texto = await motivo.getByLabel('Motivo').innerText();
    expect(texto.length, texto).toBeGreaterThan(10);
    expect(texto).not.toBe('Sem motivo registrado.');
    await page.keyboard.press('Escape');
    await motivo.waitFor({ state: 'detached' });
    await esperarFoco(page, 'Documentos da leitura');
    await page.keyboard.press('Escape');
    await leitura.waitFor({ state: 'detached' });

    // The CT-e that came by mail, from the palette: its detail on the Fretes screen.
    await palette(page, String(NUMERO), new RegExp(`^CT-e ${NUMERO}`));
    await page.getByRole('dialog', { name: `Frete ${NUMERO}` }).waitFor({ timeout: 20_000 });
  });
});
