import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { zipSync } from 'fflate';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import {
  ARQUIVOS_POR_ENVIO_RECEBIMENTO,
  contagemVazia,
  FALHAS_PARA_AVISO,
  MSG_ANEXO_DESCONHECIDO,
  MSG_FONTE_NAO_CONFIGURADA,
  MSG_RECEBIMENTO_ARQUIVOS_DEMAIS,
  MSG_RECEBIMENTO_EM_ANDAMENTO,
  MSG_RECEBIMENTO_NAO_MULTIPART,
  MSG_RECEBIMENTO_SEM_ARQUIVO,
  mensagemFonteFalhando,
  type ExecucaoRecebimento,
  type ItemRecebimento,
  type PainelRecebimento,
} from '../../src/contracts/recebimento';
import type { Page } from '../../src/contracts/common';
import { createAppComContexto } from '../../src/server/app';
import { cte } from '../../src/server/db/schema/cte';
import { fatura } from '../../src/server/db/schema/fatura';
import { recebimentoExecucao, recebimentoFonte } from '../../src/server/db/schema/recebimento';
import { MSG_EXECUCAO_INTERROMPIDA } from '../../src/server/recebimento/agendador';
import { arquivoDoccob, numeroTeste, type CteDemo } from './faturas-dados';
import { createHarness, criarEdiDirTeste, json, type Harness } from './harness';

// Issue 30, the intake's shared piece through the API: POST /recebimento/enviar classifies by content (a .zip
// expanded, CT-es before the DOCCOB that bills them, anything else ignored and said), every run is recorded and
// paged, "Ler agora", failures in a row warn, the folder readings of Fretes/Faturas are runs too, one runner per
// source across connections (the lock), permissions and bad input.

const edi = criarEdiDirTeste();
const XML = readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml'));
const CHAVE = '41171099999999999999570020000024631000000108';
const doCte: CteDemo = { id: 0, chave: CHAVE, serie: '2', numero: 2463, emitente: '99999999999999', valorTotal: '3334.32', status: 'LIDO', numeroFatura: null, versao: 0 };

let h: Harness;
let admin: string;
let operador: string;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  h = await createHarness({ ediDir: edi.ediDir });
  admin = await h.adminToken();
  operador = await h.tokenCom(['FRETE_RECEB_M'], 'SUPERVISOR');
});
afterAll(async () => {
  await h.close();
  edi.remover();
});

function enviar(token: string, arquivos: Record<string, Uint8Array>) {
  const form = new FormData();
  for (const [nome, bytes] of Object.entries(arquivos)) form.append('arquivos', new Blob([new Uint8Array(bytes)]), nome);
  return h.request('POST', '/api/recebimento/enviar', { token, body: form });
}

const itens = async (id: number, query = '') => json<Page<ItemRecebimento>>(await h.request('GET', `/api/recebimento/execucoes/${id}/itens${query}`, { token: operador }));

describe('POST /recebimento/enviar', () => {
  it('reads a zip of a CT-e and the DOCCOB billing it (named wrongly, an entry name with a control character cleaned), ignores what is not a document, refuses a broken XML', async () => {
    const numero = numeroTeste();
    const zip = zipSync({ 'fatura.xml': arquivoDoccob([{ numero, cnpj: doCte.emitente, linhas: [{ cte: doCte }] }]), 'pasta/c\u0007te.txt': new Uint8Array(XML) });
    const r = await enviar(operador, { 'lote.zip': zip, 'nota.xml': new TextEncoder().encode('<nfeProc><NFe/></nfeProc>'), 'quebrado.xml': new TextEncoder().encode('<cteProc><CTe>') });
    expect(r.status).toBe(200);
    const ex = await json<ExecucaoRecebimento>(r);
    expect([ex.fonte, ex.situacao, ex.contagem]).toEqual(['ENVIO', 'PARCIAL', { ctes: 1, cancelamentos: 0, faturas: 1, minutas: 0, ocorrencias: 0, repetidos: 0, recusados: 1, ignorados: 1 }]);
    const [lido] = await db().select({ id: cte.id, numeroFatura: cte.numeroFatura }).from(cte).where(eq(cte.chave, CHAVE));
    expect(lido?.numeroFatura).toBe(numero);
    expect(await db().select({ id: fatura.id }).from(fatura).where(eq(fatura.numeroDocumento, numero))).toHaveLength(1);

    const todos = await itens(ex.id);
    expect(todos.content.map((i) => [i.arquivo, i.tipo, i.resultado])).toEqual([
      ['lote.zip/pasta/cte.txt', 'CTE', 'NOVO'],
      ['lote.zip/fatura.xml', 'DOCCOB', 'NOVO'],
      ['nota.xml', 'DESCONHECIDO', 'IGNORADO'],
      ['quebrado.xml', 'CTE', 'RECUSADO'],
    ]);
    expect(todos.content[0].referencia).toBe(CHAVE);
    expect(todos.content.map((i) => i.cteId)).toEqual([lido.id, null, null, null]);
    expect(todos.content[1].referencia).toBe(`Fatura ${numero}`);
    const problemas = await itens(ex.id, '?problemas=true');
    expect(problemas.content.map((i) => i.motivo?.length ? i.arquivo : null)).toEqual(['nota.xml', 'quebrado.xml']);
    expect(problemas.content[0].motivo).toBe(MSG_ANEXO_DESCONHECIDO);

    // The same again: nothing stored twice, each document said to be known.
    const outra = await json<ExecucaoRecebimento>(await enviar(operador, { 'de-novo.zip': zip }));
    expect(outra.contagem).toMatchObject({ ctes: 0, faturas: 0, repetidos: 2 });
    expect(await db().select({ id: fatura.id }).from(fatura).where(eq(fatura.numeroDocumento, numero))).toHaveLength(1);
  });

  it('refuses what is not an upload, with nothing recorded', async () => {
    const antes = (await json<Page<ExecucaoRecebimento>>(await h.request('GET', '/api/recebimento/execucoes', { token: operador }))).totalElements;
    const naoMultipart = await h.request('POST', '/api/recebimento/enviar', { token: operador, body: { arquivos: [] } });
    expect([naoMultipart.status, await naoMultipart.json()]).toEqual([400, { mensagens: [MSG_RECEBIMENTO_NAO_MULTIPART] }]);
    const vazio = new FormData();
    vazio.append('outro', 'x');
    const semArquivo = await h.request('POST', '/api/recebimento/enviar', { token: operador, body: vazio });
    expect([semArquivo.status, await semArquivo.json()]).toEqual([400, { mensagens: [MSG_RECEBIMENTO_SEM_ARQUIVO] }]);
    const muitos = Object.fromEntries(Array.from({ length: ARQUIVOS_POR_ENVIO_RECEBIMENTO + 1 }, (_, i) => [`a${i}.txt`, new Uint8Array([65])]));
    const demais = await enviar(operador, muitos);
    expect([demais.status, await demais.json()]).toEqual([400, { mensagens: [MSG_RECEBIMENTO_ARQUIVOS_DEMAIS] }]);
    expect((await json<Page<ExecucaoRecebimento>>(await h.request('GET', '/api/recebimento/execucoes', { token: operador }))).totalElements).toBe(antes);
  });
});

describe('runs, sources and permissions', () => {
  it('pages the history newest first, by source, and the panel shows each source', async () => {
    const pagina = await json<Page<ExecucaoRecebimento>>(await h.request('GET', '/api/recebimento/execucoes?fonte=ENVIO&size=1', { token: operador }));
    expect(pagina.content).toHaveLength(1);
    expect(pagina.totalElements).toBeGreaterThanOrEqual(2);
    const painel = await json<PainelRecebimento>(await h.request('GET', '/api/recebimento', { token: operador }));
    expect(painel.fontes.map((f) => [f.fonte, f.configurada])).toEqual([
      ['PASTA', true],
      ['ENVIO', true],
      ['CAIXA_POSTAL', false],
      ['SEFAZ', false],
    ]);
    expect(painel.fontes[1].ultima?.id).toBe(pagina.content[0].id);
  });

  it('a folder reading of Faturas is a PASTA run; "Ler agora" runs the folders, and a mailbox not set up is refused', async () => {
    expect((await h.request('GET', '/api/faturas/ler-arquivos', { token: admin })).status).toBe(200);
    const [ultima] = (await json<Page<ExecucaoRecebimento>>(await h.request('GET', '/api/recebimento/execucoes?fonte=PASTA', { token: operador }))).content;
    expect(ultima.situacao).toBe('SUCESSO');
    const semCaixa = await h.request('POST', '/api/recebimento/CAIXA_POSTAL/ler', { token: operador });
    expect([semCaixa.status, await semCaixa.json()]).toEqual([409, { mensagens: [MSG_FONTE_NAO_CONFIGURADA] }]);
    const agora = await h.request('POST', '/api/recebimento/PASTA/ler', { token: operador });
    expect(agora.status).toBe(202);
    const iniciada = await json<ExecucaoRecebimento>(agora);
    expect(iniciada.situacao).toBe('EM_ANDAMENTO');
    // Until it ends, the source is busy.
    const outra = await h.request('POST', '/api/recebimento/PASTA/ler', { token: operador });
    expect([outra.status, await outra.json()]).toEqual([409, { mensagens: [MSG_RECEBIMENTO_EM_ANDAMENTO] }]);
    let fim = iniciada;
    for (let i = 0; i < 500 && fim.situacao === 'EM_ANDAMENTO'; i++) {
      await new Promise((ok) => setTimeout(ok, 20));
      fim = await json<ExecucaoRecebimento>(await h.request('GET', `/api/recebimento/execucoes/${iniciada.id}`, { token: operador }));
    }
    expect(fim.situacao).toBe('SUCESSO');
  });

  it('only FRETE_RECEB_M sees the intake, only the admin its settings; an unknown source is 400', async () => {
    const outro = await h.tokenCom(['FRETE_CTE_M'], 'SUPERVISOR');
    for (const [metodo, caminho, token] of [
      ['GET', '/api/recebimento', outro],
      ['POST', '/api/recebimento/PASTA/ler', outro],
      ['GET', '/api/recebimento/caixa-postal', operador],
      ['PUT', '/api/recebimento/sefaz', operador],
    ] as const) {
      const r = await h.request(metodo, caminho, { token, body: metodo === 'PUT' ? {} : undefined });
      expect([caminho, r.status, await r.json()]).toEqual([caminho, 403, { mensagens: [MSG_SEM_PERMISSAO] }]);
    }
    expect((await h.request('POST', '/api/recebimento/ENVIO/ler', { token: operador })).status).toBe(400);
  });
});

describe('the runner', () => {
  it('a source failing three times in a row warns; a success clears it', async () => {
    // A company whose folders cannot be read: the PASTA source switched on, EDI_DIR pointing nowhere.
    const { ctx } = createAppComContexto({ bancos: h.bancos, ediDir: join(edi.ediDir, 'nao-existe'), logError: () => {}, recebimento: { agora: () => Date.now() } });
    const { agendador } = ctx.recebimento;
    await db().insert(recebimentoFonte).values({ fonte: 'PASTA', ativa: true }).onConflictDoUpdate({ target: recebimentoFonte.fonte, set: { ativa: true, proximaEm: null } });
    for (let i = 0; i < FALHAS_PARA_AVISO; i++) {
      await db().update(recebimentoFonte).set({ proximaEm: null }).where(eq(recebimentoFonte.fonte, 'PASTA'));
      await agendador.tick();
    }
    await agendador.parar();
    const painel = await json<PainelRecebimento>(await h.request('GET', '/api/recebimento', { token: operador }));
    const pasta = painel.fontes.find((f) => f.fonte === 'PASTA')!;
    expect([pasta.ativa, pasta.falhasSeguidas, pasta.aviso, pasta.ultima?.situacao]).toEqual([true, FALHAS_PARA_AVISO, `${mensagemFonteFalhando('PASTA', FALHAS_PARA_AVISO)} Nenhuma das pastas pôde ser lida.`, 'FALHA']);
    expect(new Date(pasta.proxima!).getTime()).toBeGreaterThan(Date.now());
    // The app's own runner reads the real folders: success clears the count.
    await db().update(recebimentoFonte).set({ proximaEm: null }).where(eq(recebimentoFonte.fonte, 'PASTA'));
    const { ctx: certo } = createAppComContexto({ bancos: h.bancos, ediDir: edi.ediDir, logError: () => {} });
    await certo.recebimento.agendador.tick();
    const depois = (await json<PainelRecebimento>(await h.request('GET', '/api/recebimento', { token: operador }))).fontes.find((f) => f.fonte === 'PASTA')!;
    expect([depois.falhasSeguidas, depois.aviso]).toEqual([0, null]);
  });

  it('a run a dead process left "em andamento" is closed as interrupted by the next holder of the source', async () => {
    const [orfa] = await db().insert(recebimentoExecucao).values({ fonte: 'PASTA', contagem: contagemVazia() }).returning({ id: recebimentoExecucao.id });
    await db().insert(recebimentoFonte).values({ fonte: 'PASTA', ativa: true }).onConflictDoUpdate({ target: recebimentoFonte.fonte, set: { ativa: true, proximaEm: null } });
    const { ctx } = createAppComContexto({ bancos: h.bancos, ediDir: edi.ediDir, logError: () => {} });
    await ctx.recebimento.agendador.tick();
    const fechada = await json<ExecucaoRecebimento>(await h.request('GET', `/api/recebimento/execucoes/${orfa.id}`, { token: operador }));
    expect([fechada.situacao, fechada.mensagens, fechada.fim !== null]).toEqual(['FALHA', [MSG_EXECUCAO_INTERROMPIDA], true]);
  });

  it('one runner per source: a second holder of the lock is refused until the first lets go', async () => {
    const banco = h.bancos.COLACRIL;
    const liberar = await banco.travar('recebimento:SEFAZ');
    expect(liberar).not.toBeNull();
    expect(await banco.travar('recebimento:SEFAZ')).toBeNull();
    const daOutraEmpresa = await h.bancos.RRE.travar('recebimento:SEFAZ');
    expect(daOutraEmpresa).not.toBeNull();
    await daOutraEmpresa!();
    await liberar!();
    const outra = await banco.travar('recebimento:SEFAZ');
    expect(outra).not.toBeNull();
    await outra!();
  });
});
