import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CHAVE_SEGREDOS_AUSENTE, MSG_MENSAGEM_SEM_ANEXO, PASTA_COM_ERRO, PASTA_PROCESSADOS } from '../../src/contracts/recebimento';
import { cte } from '../../src/server/db/schema/cte';
import { fatura, faturaCte } from '../../src/server/db/schema/fatura';
import { recebimentoExecucao, recebimentoFonte, recebimentoItem } from '../../src/server/db/schema/recebimento';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { gerarXmlCte } from '../../src/server/ingest/gerar-xml-cte';
import { MENSAGEM_VERSAO_OBSOLETA } from '../../src/contracts/common';
import {
  contaDaEmpresa,
  lerConfigCaixaPostal,
  MSG_SENHA_CAIXA_POSTAL_AUSENTE,
  salvarConfigCaixaPostal,
  trabalhoCaixaPostal,
} from '../../src/server/recebimento/caixa-postal/config-caixa-postal';
import { chaveDeSegredos } from '../../src/server/recebimento/segredos';
import { contaDaUrl, type ContaImap } from '../../src/server/recebimento/caixa-postal/conta';
import { lerCaixaPostal, type OpcoesLeitura } from '../../src/server/recebimento/caixa-postal/ler-caixa-postal';
import { MSG_ANEXO_JA_LIDO } from '../../src/server/recebimento/caixa-postal/mensagem';
import { vigiar } from '../../src/server/recebimento/caixa-postal/vigiar';
import { execucaoDaLinha } from '../../src/server/recebimento/consultar-recebimento';
import { abrirExecucao } from '../../src/server/recebimento/execucao';
import { criarAgendador } from '../../src/server/recebimento/fontes';
import { relogio } from '../../src/domain/relogio';
import { documentoCte } from './ctes-dados';
import { entregar, iniciarDovecot, listarPasta, type Dovecot } from './dovecot';
import { arquivoDoccob, numeroTeste, type CteDemo } from './faturas-dados';
import { createHarness, type Harness } from './harness';

// Issue 30, mailbox intake against a real dovecot: each message's attachments classified by content and read by the
// project's readers, the message moved to Processados / Com erro only after they are stored, and a crash in between
// storing nothing twice (Message-ID + attachment hash), on both databases.

let d: Dovecot;
let h: Harness;
let conta: ContaImap;
let cnpj: string;
const db = () => h.bancos.COLACRIL.db;
const enc = (s: string) => new TextEncoder().encode(s);

beforeAll(async () => {
  [d, h] = await Promise.all([iniciarDovecot(), createHarness()]);
  const c = contaDaUrl(d.url);
  if ('erro' in c) throw new Error(c.erro);
  conta = c;
  const [t] = await db().select({ cnpj: transportadora.cnpj }).from(transportadora).where(isNotNull(transportadora.cnpj)).limit(1);
  cnpj = t.cnpj!;
});
afterAll(async () => {
  await Promise.all([d?.parar(), h?.close()]);
});

/** A CT-e of the test carrier as a cteProc, and what a DOCCOB line needs of it. */
function novoCte(numero: number): { xml: string; demo: CteDemo } {
  const doc = documentoCte({ numero, emitente: cnpj, remetente: '11222333000181', destinatario: '44555666000172', dataEmissao: '2026-11-20T10:00:00-03:00', valor: '321.45' });
  const demo: CteDemo = { id: 0, chave: doc.chave, serie: doc.identificacao.serie, numero, emitente: cnpj, valorTotal: doc.prestacao.valorTotal, status: 'LIDO', numeroFatura: null, versao: 0 };
  return { xml: gerarXmlCte(doc), demo };
}

/** One run of the mailbox job, opened and closed as the agendador does. */
async function ler(opcoes: OpcoesLeitura = {}) {
  const execucao = await abrirExecucao(db(), 'CAIXA_POSTAL');
  try {
    const resumo = await lerCaixaPostal({ banco: h.bancos.COLACRIL, execucao, sinal: new AbortController().signal }, conta, opcoes);
    return { resumo, execucao: await execucao.concluir(), id: execucao.id };
  } catch (e) {
    return { erro: (e as Error).message, execucao: await execucao.falhar((e as Error).message), id: execucao.id };
  }
}

const itens = (execucaoId: number) => db().select().from(recebimentoItem).where(eq(recebimentoItem.execucaoId, execucaoId)).orderBy(recebimentoItem.id);
const contar = async () => {
  const [r] = await db().select({ ctes: sql<number>`(select count(*) from cte)::int`, faturas: sql<number>`(select count(*) from fatura)::int` }).from(sql`(select 1) as um`);
  return r;
};

describe('lerCaixaPostal', () => {
  it('reads CT-e + DOCCOB, a .zip, a Latin-1 CONEMB, a message without attachments and a broken file, run by the agendador', async () => {
    const a = novoCte(880_001);
    const [b, c] = [novoCte(880_002), novoCte(880_003)];
    const numeroFatura = numeroTeste();
    const conemb = readFileSync(join(__dirname, '../fixtures/proceda/CONEMB-3.0-sample.txt'), 'latin1').replace('DLB SERVICOS', 'DLB SERVIÇOS');
    await entregar(d, [
      { assunto: 'CT-e e fatura', anexos: [{ nome: 'fatura.txt', bytes: arquivoDoccob([{ numero: numeroFatura, cnpj, linhas: [{ cte: a.demo }] }]) }, { nome: 'cte.dat', bytes: a.xml }] },
      { assunto: 'Lote zipado', anexos: [{ nome: 'lote.zip', bytes: zipSync({ 'b.xml': enc(b.xml), 'pasta/c.xml': enc(c.xml) }) }] },
      { assunto: 'Minutas', anexos: [{ nome: 'conemb.txt', bytes: Buffer.from(conemb, 'latin1') }] },
      { assunto: 'Só texto', texto: 'Bom dia, segue depois.' },
      { assunto: 'Arquivo quebrado', anexos: [{ nome: 'quebrado.xml', bytes: '<cteProc versao="3.00"><CTe><infCte' }, { nome: 'foto.png', bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) }] },
    ]);
    const antes = await contar();
    // Through the agendador, as IMAP_URL_COLACRIL sets it up: its first tick finds the mailbox due.
    const avisos: string[] = [];
    const agendador = criarAgendador({ bancos: h.bancos, chaveSegredos: null, imapUrls: { COLACRIL: d.url }, ediDir: undefined, agora: () => relogio.agoraMs(), log: (m) => avisos.push(m) });
    await agendador.tick();
    await agendador.parar();
    expect(avisos).toEqual([]);
    const [ultima] = await db().select({ id: recebimentoExecucao.id }).from(recebimentoExecucao).where(eq(recebimentoExecucao.fonte, 'CAIXA_POSTAL')).orderBy(desc(recebimentoExecucao.id)).limit(1);
    const r = { id: ultima.id, execucao: await execucaoDaLinha(db(), ultima.id) };
    expect(r.execucao).toMatchObject({ situacao: 'PARCIAL', mensagens: ['5 mensagens lidas'], contagem: { ctes: 3, faturas: 1, recusados: 1, ignorados: 2 } });
    expect(r.execucao.contagem.minutas).toBeGreaterThan(0);
    expect(await contar()).toEqual({ ctes: antes.ctes + 3, faturas: antes.faturas + 1 });

    // The fatura bills the CT-e that came in the same message.
    const [f] = await db().select({ id: fatura.id }).from(fatura).where(eq(fatura.numeroDocumento, numeroFatura));
    const vinculados = await db().select({ chave: cte.chave }).from(faturaCte).innerJoin(cte, eq(cte.id, faturaCte.cteId)).where(eq(faturaCte.faturaId, f.id));
    expect(vinculados).toEqual([{ chave: a.demo.chave }]);

    const log = await itens(r.id);
    const porArquivo = Object.fromEntries(log.map((i) => [i.arquivo, [i.tipo, i.resultado]]));
    expect(porArquivo).toMatchObject({
      'cte.dat': ['CTE', 'NOVO'],
      'fatura.txt': ['DOCCOB', 'NOVO'],
      'lote.zip/b.xml': ['CTE', 'NOVO'],
      'lote.zip/pasta/c.xml': ['CTE', 'NOVO'],
      'conemb.txt': ['CONEMB', 'NOVO'],
      '(mensagem)': ['DESCONHECIDO', 'IGNORADO'],
      'quebrado.xml': ['CTE', 'RECUSADO'],
      'foto.png': ['DESCONHECIDO', 'IGNORADO'],
    });
    expect(log.find((i) => i.arquivo === '(mensagem)')).toMatchObject({ motivo: MSG_MENSAGEM_SEM_ANEXO, origem: expect.stringMatching(/^De: .*edi@transportadora\.test.* — Assunto: Só texto$/) });
    expect(log.find((i) => i.arquivo === 'quebrado.xml')?.motivo).toBeTruthy();
    expect(log.every((i) => i.chaveOrigem?.endsWith('@transportadora.test>'))).toBe(true);

    expect(await listarPasta(d, 'INBOX')).toEqual([]);
    expect((await listarPasta(d, PASTA_PROCESSADOS)).map((m) => m.assunto).sort()).toEqual(['CT-e e fatura', 'Lote zipado', 'Minutas', 'Só texto']);
    expect(await listarPasta(d, PASTA_COM_ERRO)).toEqual([{ assunto: 'Arquivo quebrado', vista: true }]);

    // Nothing unseen left: the next run reads nothing.
    expect((await ler()).resumo).toMatchObject({ lidas: 0 });
  });

  it('after a crash between storing and moving, the next run stores nothing twice and moves each message once', async () => {
    const [a, b] = [novoCte(880_101), novoCte(880_102)];
    const numeroFatura = numeroTeste();
    await entregar(d, [
      { assunto: 'Primeira', messageId: '<primeira@transportadora.test>', anexos: [{ nome: 'a.xml', bytes: a.xml }, { nome: 'cob.txt', bytes: arquivoDoccob([{ numero: numeroFatura, cnpj, linhas: [{ cte: a.demo }] }]) }, { nome: 'ruim.xml', bytes: '<CTe><' }] },
      { assunto: 'Segunda', messageId: null, anexos: [{ nome: 'b.xml', bytes: b.xml }] },
    ]);
    const antes = await contar();
    const vistos: string[] = [];
    const queda = await ler({
      aposGravar: async (id) => {
        vistos.push(id);
        throw new Error('queda simulada');
      },
    });
    expect(queda).toMatchObject({ erro: 'queda simulada', execucao: { situacao: 'FALHA', contagem: { ctes: 1, faturas: 1, recusados: 1 } } });
    expect(vistos).toEqual(['<primeira@transportadora.test>']);
    expect(await contar()).toEqual({ ctes: antes.ctes + 1, faturas: antes.faturas + 1 });
    expect(await listarPasta(d, 'INBOX')).toHaveLength(2);

    const r = await ler({ lote: 1 });
    expect(r.resumo).toMatchObject({ lidas: 2, processados: 1, comErro: 1 });
    expect(await contar()).toEqual({ ctes: antes.ctes + 2, faturas: antes.faturas + 1 });
    const log = await itens(r.id);
    expect(log.filter((i) => i.chaveOrigem === '<primeira@transportadora.test>').map((i) => [i.arquivo, i.resultado, i.motivo])).toEqual([
      ['a.xml', 'REPETIDO', MSG_ANEXO_JA_LIDO],
      ['cob.txt', 'REPETIDO', MSG_ANEXO_JA_LIDO],
      // Refused, not stored: read again, refused again, and the message still goes to Com erro.
      ['ruim.xml', 'RECUSADO', expect.any(String)],
    ]);
    // Without a Message-ID the key is a hash of Date + From + Subject.
    expect(log.find((i) => i.arquivo === 'b.xml')).toMatchObject({ resultado: 'NOVO', chaveOrigem: expect.stringMatching(/^sem-message-id:[0-9a-f]{64}$/) });
    expect(await listarPasta(d, 'INBOX')).toEqual([]);
    expect((await listarPasta(d, PASTA_PROCESSADOS)).filter((m) => m.assunto === 'Primeira' || m.assunto === 'Segunda')).toEqual([{ assunto: 'Segunda', vista: true }]);
    expect((await listarPasta(d, PASTA_COM_ERRO)).filter((m) => m.assunto === 'Primeira')).toEqual([{ assunto: 'Primeira', vista: true }]);
    const cobrados = await db().select({ n: sql<number>`count(*)::int` }).from(cte).where(and(inArray(cte.chave, [a.demo.chave, b.demo.chave])));
    expect(cobrados[0].n).toBe(2);
  });
});

async function lerComConta(c: ContaImap) {
  const execucao = await abrirExecucao(db(), 'CAIXA_POSTAL');
  try {
    await lerCaixaPostal({ banco: h.bancos.COLACRIL, execucao, sinal: new AbortController().signal }, c);
    return { erro: undefined };
  } catch (e) {
    await execucao.falhar((e as Error).message);
    return { erro: (e as Error).message };
  }
}

describe('vigiar (IDLE)', () => {
  it('tells when a message arrives, and stops', async () => {
    let avisar: () => void = () => {};
    const chegou = new Promise<void>((ok) => (avisar = ok));
    const parar = await vigiar(conta, () => avisar());
    try {
      await entregar(d, [{ assunto: 'Chegou agora', anexos: [] }]);
      await chegou;
    } finally {
      await parar();
    }
    // Leaves the mailbox as the other tests expect it.
    expect((await ler()).resumo).toMatchObject({ lidas: 1, processados: 1 });
  });
});

describe('configuração da caixa postal', () => {
  it('saves the form with the password encrypted, refuses a stale versao or a password without the key, and reads with it', async () => {
    const chave = chaveDeSegredos('chave de teste');
    const form = { ativa: true, host: '127.0.0.1', porta: d.porta, tls: false, usuario: d.usuario, pasta: 'INBOX', intervaloMinutos: 7 };
    expect(await lerConfigCaixaPostal(db())).toMatchObject({ origem: 'NENHUMA', senhaDefinida: false, versao: 0 });
    await expect(salvarConfigCaixaPostal(db(), null, { ...form, senha: d.senha, versao: 0 })).rejects.toMatchObject({ status: 409, mensagens: [MSG_CHAVE_SEGREDOS_AUSENTE] });
    await expect(salvarConfigCaixaPostal(db(), chave, { ...form, versao: 0 })).rejects.toMatchObject({ status: 400, mensagens: [MSG_SENHA_CAIXA_POSTAL_AUSENTE] });
    const salva = await salvarConfigCaixaPostal(db(), chave, { ...form, senha: d.senha, versao: 0 });
    expect(salva).toEqual({ ...form, senhaDefinida: true, origem: 'CONFIGURACAO', versao: 1 });
    await expect(salvarConfigCaixaPostal(db(), chave, { ...form, senha: 'outra', versao: 0 })).rejects.toMatchObject({ status: 409, mensagens: [MENSAGEM_VERSAO_OBSOLETA] });
    // Stored encrypted, due at once; an empty password keeps it.
    const [linha] = await db().select().from(recebimentoFonte).where(eq(recebimentoFonte.fonte, 'CAIXA_POSTAL'));
    expect(linha.segredo).not.toContain(d.senha);
    expect(linha.proximaEm!.getTime()).toBeLessThanOrEqual(relogio.agoraMs());
    expect(await salvarConfigCaixaPostal(db(), null, { ...form, senha: '', versao: 1 })).toMatchObject({ senhaDefinida: true, versao: 2 });
    expect(await contaDaEmpresa(db(), chave)).toEqual({ ...conta, intervaloMs: 7 * 60_000 });
    await expect(contaDaEmpresa(db(), null)).rejects.toThrow(MSG_CHAVE_SEGREDOS_AUSENTE);
    await expect(contaDaEmpresa(db(), chaveDeSegredos('outra chave'))).rejects.toThrow(/CHAVE_SEGREDOS mudou/);
    // The environment's URL wins, shown read only.
    expect(await contaDaEmpresa(db(), null, 'imap://a:b@outro.test/EDI')).toMatchObject({ host: 'outro.test', pasta: 'EDI' });
    expect(await lerConfigCaixaPostal(db(), 'imap://a:b@outro.test/EDI')).toMatchObject({ origem: 'AMBIENTE', host: 'outro.test', usuario: 'a', pasta: 'EDI', intervaloMinutos: 1, versao: 2 });

    // The saved mailbox, read by the job with the decrypted password; the next run after its own interval.
    await entregar(d, [{ assunto: 'Pela configuração', anexos: [{ nome: 'x.xml', bytes: novoCte(880_201).xml }] }]);
    const execucao = await abrirExecucao(db(), 'CAIXA_POSTAL');
    const agora = relogio.agoraMs();
    const r = await trabalhoCaixaPostal()({ banco: h.bancos.COLACRIL, execucao, sinal: new AbortController().signal, chaveSegredos: chave, agora: () => agora });
    expect(r).toEqual({ proximaEm: new Date(agora + 7 * 60_000) });
    expect((await execucao.concluir()).contagem).toMatchObject({ ctes: 1 });
    await salvarConfigCaixaPostal(db(), null, { ...form, ativa: false, versao: 2 });
    expect(await contaDaEmpresa(db(), chave)).toBeNull();
  });
});

describe('contaDaUrl', () => {
  it('reads imap:// and imaps:// URLs, percent-decoded, and says what is wrong with a bad one', () => {
    expect(contaDaUrl('imap://edi%40colacril.com.br:s%C3%AAnha%2F1@mail.test:1143/Caixa%20EDI?intervalo=30')).toEqual({
      host: 'mail.test',
      porta: 1143,
      tls: false,
      usuario: 'edi@colacril.com.br',
      senha: 'sênha/1',
      pasta: 'Caixa EDI',
      intervaloMs: 30_000,
    });
    expect(contaDaUrl('imaps://u:p@mail.test')).toEqual({ host: 'mail.test', porta: 993, tls: true, usuario: 'u', senha: 'p', pasta: 'INBOX', intervaloMs: 60_000 });
    const erro = (url: string) => (contaDaUrl(url) as { erro: string }).erro;
    expect(erro('http://u:p@mail.test/INBOX')).toMatch(/^IMAP_URL inválida: o esquema deve ser imap:\/\/ ou imaps:\/\//);
    expect(erro('imap://mail.test/INBOX')).toMatch(/falta o usuário/);
    expect(erro('imap://u@mail.test/INBOX')).toMatch(/falta a senha/);
    expect(erro('imap://u:%E0%A4%A@mail.test/INBOX')).toMatch(/% que não é um código válido/);
    expect(erro('imap://u:p@mail.test/INBOX?intervalo=0')).toMatch(/o intervalo vai de 1 a 86400 segundos/);
    expect(erro('imap://u:p@mail.test/INBOX?pasta=x')).toMatch(/parâmetro desconhecido "pasta"/);
    expect(erro('não é url')).toMatch(/não é um endereço/);
  });
});

// Last in the file: dovecot delays the next logins from an address after a failed one.
describe('mailbox errors', () => {
  it('says in Portuguese what is wrong with the mailbox: password, folder, port', async () => {
    const erro = async (c: Partial<ContaImap>) => (await lerComConta({ ...conta, ...c })).erro;
    expect(await erro({ pasta: 'Nao existe' })).toBe(`A pasta "Nao existe" não existe na caixa postal 127.0.0.1:${d.porta}.`);
    expect(await erro({ porta: 1 })).toBe('A caixa postal 127.0.0.1:1 recusou a conexão: confira o servidor e a porta.');
    // Last: dovecot delays the logins from an address after a failed one.
    expect(await erro({ senha: 'errada' })).toBe(`A caixa postal recusou o usuário ou a senha (${d.usuario} em 127.0.0.1:${d.porta}). Confira-os em Configuração › Recebimento.`);
  });
});

describe('the agendador keeps an IDLE connection', () => {
  it('a message that arrives after a run is read at once, without waiting for the interval or another look', async () => {
    const agendador = criarAgendador({ bancos: h.bancos, chaveSegredos: null, imapUrls: { COLACRIL: `${d.url}?intervalo=3600` }, ediDir: undefined, agora: () => relogio.agoraMs(), log: () => {} });
    try {
      await agendador.tick();
      const novo = novoCte(880_301);
      await entregar(d, [{ assunto: 'Chegou depois', anexos: [{ nome: 'cte.xml', bytes: novo.xml }] }]);
      let achado: { id: number }[] = [];
      for (let i = 0; i < 300 && !achado.length; i++) {
        await new Promise((ok) => setTimeout(ok, 50));
        achado = await db().select({ id: cte.id }).from(cte).where(eq(cte.chave, novo.demo.chave));
      }
      expect(achado).toHaveLength(1);
    } finally {
      await agendador.parar();
    }
    expect((await listarPasta(d, PASTA_PROCESSADOS)).map((m) => m.assunto)).toContain('Chegou depois');
  });
});
