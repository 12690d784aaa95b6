import { copyFileSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_CONEMB_NAO_E } from '../../src/contracts/conemb';
import { MSG_SEM_PERMISSAO, MSG_SESSAO_INVALIDA } from '../../src/contracts/erros';
import { MSG_PASTA_EDI_NAO_CONFIGURADA } from '../../src/contracts/faturas';
import { mensagemPastaConembInacessivel } from '../../src/contracts/minutas';
import { resumoConversaoMinutas, resumoLeituraConemb, type ResultadoConversaoMinutas, type ResultadoLeituraConemb } from '../../src/contracts/minutas-lotes';
import { createApp } from '../../src/server/app';
import { cte } from '../../src/server/db/schema/cte';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { conembArquivo, conembConhecimento, minuta, minutaElementoCusto, minutaNotaFiscal } from '../../src/server/db/schema/minuta';
import { LOG_ERROS_EDI, mensagemEdiGrandeDemais } from '../../src/server/ingest/ler-pasta-edi';
import { createHarness, criarEdiDirTeste, json, type Harness } from './harness';
import { AMOSTRA, AMOSTRA_CONEMB, arquivoConemb, cadastrarDlb, CNPJ_DLB, CNPJ_GRENDENE, conhecimento, criarPastasConemb, minutasDosNumeros, municipioId, notaDoErp } from './minutas-lotes-dados';

// docs/decisoes.md §20: the Minutas screen's three admin batches — "Ler ConEmb's" (the CONEMB folder into conhecimentos),
// "Converter Minutas" (conhecimentos into PENDENTE minutas), "Converter CT-es" (confirmed minutas into CT-es of
// the Fretes list) — each idempotent, each answering its summary, ADMIN only, one company at a time.

const edi = criarEdiDirTeste();
const pastas = criarPastasConemb(edi.ediDir);
let h: Harness;
let admin: string;
let dlb: number;
let clienteErp: number;
const db = () => h.bancos.COLACRIL.db;
const arquivos = (pasta: string) => readdirSync(pasta).sort();
const chamar = async <T>(path: string, token = admin) => {
  const r = await h.request('GET', `/api/public${path}`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<T>(r);
};
const ler = () => chamar<ResultadoLeituraConemb>('/txts/conhecimentos');
const converterMinutas = () => chamar<ResultadoConversaoMinutas>('/conhecimentos/minutas');
const ROTAS = ['/txts/conhecimentos', '/conhecimentos/minutas', '/minutas/ctes'];
const contagem = async () => (await Promise.all([conembArquivo, conembConhecimento, minuta, minutaNotaFiscal, minutaElementoCusto, cte].map((t) => db().$count(t)))).join('/');

beforeAll(async () => {
  h = await createHarness({ ediDir: edi.ediDir });
  admin = await h.adminToken();
  dlb = await cadastrarDlb(db());
  clienteErp = await notaDoErp(h.bancos.COLACRIL, 381419);
});
afterAll(async () => {
  await h.close();
  edi.remover();
});

describe('"Ler ConEmb\'s": the CONEMB input folder into conhecimentos', () => {
  it('reads the real 3.0 sample: 21 conhecimentos, the file moved to saida', async () => {
    copyFileSync(AMOSTRA_CONEMB, join(pastas().entrada, 'CONEMB-3.0-sample.txt'));
    const r = await ler();
    expect(r).toMatchObject({ arquivos: 1, jaLidos: 0, conhecimentos: 21, repetidos: 0, excluidos: 0, erros: [], avisos: [] });
    expect(r.mensagens).toEqual([resumoLeituraConemb(r)]);
    expect(arquivos(pastas().entrada)).toEqual([]);
    expect(arquivos(pastas().saida)).toEqual(['CONEMB-3.0-sample.txt']);
    const [arquivo] = await db().select().from(conembArquivo);
    expect(arquivo).toMatchObject({ layout: '3.0', documento: 'CONHE201014060', transportadoraCnpj: CNPJ_DLB, quantidade: 21, valorTotal: '700.90' });
    const [primeiro] = await db().select().from(conembConhecimento).where(eq(conembConhecimento.numero, '89135'));
    expect(primeiro).toMatchObject({ serie: '0', dataEmissao: '2023-10-11', condicaoFrete: 'C', valorTotalFrete: '24.62', cnpjEmissor: CNPJ_DLB, cnpjEmbarcadora: CNPJ_GRENDENE, acao: 'I' });
    expect(primeiro.notas.map((n) => [n.serie, n.numero])).toEqual([['11', '381419']]);
  });

  it('the same file again changes nothing; another file repeating its conhecimentos with the same values stores none of them', async () => {
    const antes = await contagem();
    copyFileSync(AMOSTRA_CONEMB, join(pastas().entrada, 'de-novo.dat'));
    // Same content with CRLF line endings: the same file.
    writeFileSync(join(pastas().entrada, 'de-novo-crlf'), readFileSync(AMOSTRA_CONEMB, 'latin1').replace(/\r?\n/g, '\r\n'), 'latin1');
    expect(await ler()).toMatchObject({ arquivos: 0, jaLidos: 2, conhecimentos: 0, erros: [] });
    expect(await contagem()).toBe(antes);
    // Its first two conhecimentos, as they are (other values would refuse the file: minutas-conemb-mudancas.test.ts).
    writeFileSync(join(pastas().entrada, 'repete.txt'), arquivoConemb(AMOSTRA.conhecimentos.slice(0, 2)));
    expect(await ler()).toMatchObject({ arquivos: 1, jaLidos: 0, conhecimentos: 0, repetidos: 2 });
    expect(await db().$count(conembConhecimento)).toBe(21);
    expect(arquivos(pastas().saida)).toEqual(['CONEMB-3.0-sample.txt', 'de-novo-crlf', 'de-novo.dat', 'repete.txt']);
  });

  it('refuses a broken file into erro with a log line naming line and field; nothing of it is stored', async () => {
    const linhas = arquivoConemb([conhecimento('70001'), conhecimento('70002')], 'CONHE999000002').split(/\r?\n/);
    linhas[4] = `${linhas[4].slice(0, 46)}00000000012A456${linhas[4].slice(61)}`;
    writeFileSync(join(pastas().entrada, 'a-quebrado.txt'), linhas.join('\r\n'));
    writeFileSync(join(pastas().entrada, 'b-nao-e.txt'), 'isto não é um CONEMB\r\n');
    writeFileSync(join(pastas().entrada, 'c-grande.txt'), Buffer.alloc(31 * 1024 * 1024, 0x20));
    const antes = await contagem();
    const r = await ler();
    expect(r.erros.map((e) => e.arquivo)).toEqual(['a-quebrado.txt', 'b-nao-e.txt', 'c-grande.txt']);
    expect(r.erros[0].motivo).toMatch(/^Linha 5, registro 322, campo .*valor/i);
    expect(r.erros[1].motivo).toBe(MSG_CONEMB_NAO_E);
    expect(r.erros[2].motivo).toBe(mensagemEdiGrandeDemais('conemb', 31 * 1024 * 1024));
    expect(r.mensagens).toEqual([resumoLeituraConemb(r), ...r.erros.map((e) => `${e.arquivo}: ${e.motivo}`)]);
    expect(await contagem()).toBe(antes);
    expect(arquivos(pastas().erro)).toEqual(['a-quebrado.txt', 'b-nao-e.txt', 'c-grande.txt', LOG_ERROS_EDI.conemb]);
    const log = readFileSync(join(pastas().erro, LOG_ERROS_EDI.conemb), 'utf8').trim().split('\n');
    expect(log).toHaveLength(3);
    expect(log[0]).toMatch(/^\d{4}-\d\d-\d\dT[^\t]+\ta-quebrado\.txt\tLinha 5, registro 322, campo/);
  });
});

describe('"Converter Minutas": conhecimentos into PENDENTE minutas', () => {
  it('makes 21 PENDENTE minutas with carrier, notes and cost elements; client and destination from the ERP', async () => {
    const r = await converterMinutas();
    expect(r).toEqual({ minutas: 21, comCliente: 1, semTransportadora: 0, mensagens: [resumoConversaoMinutas(r)] });
    const todas = await minutasDosNumeros(db(), ['89135', '89139']);
    const [a, b] = todas.sort((x, y) => Number(x.conhecimento.numero) - Number(y.conhecimento.numero)).map((t) => t.minuta);
    expect(a).toMatchObject({ status: 'PENDENTE', origemMinuta: 'CONEMB', numero: '89135', serie: '0', dataEmissao: '2023-10-11', transportadoraId: dlb });
    expect(a).toMatchObject({ peso: '30.000', percentualIcms: '0.00', valorTotalFrete: '24.62', cnpjRemetente: CNPJ_GRENDENE, cnpjTomador: CNPJ_GRENDENE });
    expect(a).toMatchObject({ clienteId: clienteErp, destinoId: await municipioId(db(), 3550308), origemId: null, fatura: null, quantidadeNotasFiscais: 1, quantidadeElementosCusto: 2 });
    expect(b).toMatchObject({ clienteId: null, destinoId: null, valorTotalFrete: '403.02' });
    const elementos = await db().select().from(minutaElementoCusto).where(eq(minutaElementoCusto.minutaId, b.id)).orderBy(minutaElementoCusto.id);
    expect(elementos.map((e) => [e.nome, e.valor])).toEqual([
      ['Frete peso', '86.78'],
      ['Frete valor', '316.24'],
    ]);
    const notas = await db().select().from(minutaNotaFiscal).where(eq(minutaNotaFiscal.minutaId, b.id));
    expect(notas.map((n) => [n.serie, n.numero])).toEqual([['11', '381860']]);
    // Every minuta: frete peso + frete valor = the freight.
    const somas = await db().execute<{ n: number }>(
      `select count(*)::int as n from minuta m where m.conhecimento_id is not null and m.valor_total_frete = (select sum(valor) from minuta_elemento_custo e where e.minuta_id = m.id)`,
    );
    expect((somas as unknown as { rows: { n: number }[] }).rows[0].n).toBe(21);
  });

  it('a second run creates nothing', async () => {
    const antes = await contagem();
    expect(await converterMinutas()).toMatchObject({ minutas: 0, comCliente: 0, semTransportadora: 0 });
    expect(await contagem()).toBe(antes);
  });

  it('ação E cancels a conhecimento: its PENDENTE minuta is deleted, a confirmed one is kept with a warning', async () => {
    const [, confirmada] = (await minutasDosNumeros(db(), ['89208', '89209'])).sort((x, y) => x.minuta.id - y.minuta.id).map((t) => t.minuta);
    await db().update(minuta).set({ status: 'PREENCHIDO' }).where(eq(minuta.id, confirmada.id));
    const e = { acao: 'E' as const };
    writeFileSync(join(pastas().entrada, 'exclui.txt'), arquivoConemb([conhecimento('89208', e), conhecimento('89209', e), conhecimento('1', e), conhecimento('70010')], 'CONHE999000003'));
    const r = await ler();
    expect(r).toMatchObject({ arquivos: 1, conhecimentos: 1, excluidos: 2, erros: [], avisos: [] });
    // What each record did is told (docs/decisoes.md §22; minutas-conemb-mudancas.test.ts has the messages).
    expect(r.exclusoes.map((x) => [x.arquivo, x.linha, x.efeito])).toEqual([
      ['exclui.txt', 4, 'MINUTA_EXCLUIDA'],
      ['exclui.txt', 5, 'MINUTA_MANTIDA'],
      ['exclui.txt', 6, 'NAO_ENCONTRADO'],
    ]);
    const depois = await minutasDosNumeros(db(), ['89208', '89209']);
    expect(depois.map((t) => t.minuta.id)).toEqual([confirmada.id]);
    const excluidos = await db().select().from(conembConhecimento).where(inArray(conembConhecimento.numero, ['89208', '89209']));
    expect(excluidos.every((c) => c.excluidoEm !== null)).toBe(true);
    await db().update(minuta).set({ status: 'PENDENTE' }).where(eq(minuta.id, confirmada.id));
    // The cancelled conhecimento is not converted again; the file's new one is.
    expect(await converterMinutas()).toMatchObject({ minutas: 1 });
    expect(await minutasDosNumeros(db(), ['89208'])).toEqual([]);
    expect(await minutasDosNumeros(db(), ['70010'])).toHaveLength(1);
  });

  it('a minuta a person deleted (DELETE /minutas) is not made again from its conhecimento', async () => {
    const [{ minuta: m }] = await minutasDosNumeros(db(), ['70010']);
    const r = await h.request('DELETE', '/api/minutas', { token: admin, body: { id: m.id, versao: m.versao } });
    expect(r.status, await r.clone().text()).toBe(200);
    expect(await converterMinutas()).toMatchObject({ minutas: 0 });
    expect(await minutasDosNumeros(db(), ['70010'])).toEqual([]);
  });
});

describe('who may run them, and where', () => {
  it('ADMIN only: a user with FRETE_MINU_M gets 403, no token 401; nothing changes', async () => {
    const usuario = await h.tokenCom(['FRETE_MINU_M']);
    writeFileSync(join(pastas().entrada, 'nao-lido.txt'), arquivoConemb([conhecimento('70020')], 'CONHE999000004'));
    const antes = await contagem();
    for (const rota of ROTAS) {
      const negado = await h.request('GET', `/api/public${rota}`, { token: usuario });
      expect([negado.status, await negado.json()]).toEqual([403, { mensagens: [MSG_SEM_PERMISSAO] }]);
      const anonimo = await h.request('GET', `/api/public${rota}`, {});
      expect([anonimo.status, await anonimo.json()]).toEqual([401, { mensagens: [MSG_SESSAO_INVALIDA] }]);
    }
    expect(await contagem()).toBe(antes);
    expect(arquivos(pastas().entrada)).toEqual(['nao-lido.txt']);
    expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 1 });
  });

  it('answers 409 in Portuguese without the input folder and without EDI_DIR (the conversions need neither)', async () => {
    const entrada = pastas().entrada;
    renameSync(entrada, `${entrada}-fora`);
    try {
      const r = await h.request('GET', '/api/public/txts/conhecimentos', { token: admin });
      expect([r.status, await r.json()]).toEqual([409, { mensagens: [mensagemPastaConembInacessivel(entrada)] }]);
    } finally {
      renameSync(`${entrada}-fora`, entrada);
    }
    const semEdi = createApp({ bancos: h.bancos, logError: () => {} });
    const pedir = (rota: string) => semEdi.request(`/api/public${rota}`, { headers: { Authorization: `Bearer ${admin}` } });
    const r = await pedir('/txts/conhecimentos');
    expect([r.status, await r.json()]).toEqual([409, { mensagens: [MSG_PASTA_EDI_NAO_CONFIGURADA] }]);
    expect((await pedir('/conhecimentos/minutas')).status).toBe(200);
    expect((await pedir('/minutas/ctes')).status).toBe(200);
  });

  it("a company's batch reads its own folder and database only", async () => {
    const rre = h.bancos.RRE.db;
    const contarRre = async () => (await Promise.all([conembConhecimento, minuta].map((t) => rre.$count(t)))).join('/');
    copyFileSync(AMOSTRA_CONEMB, join(pastas('RRE').entrada, 'amostra-rre.txt'));
    const antesRre = await contarRre();
    await ler();
    await converterMinutas();
    expect(arquivos(pastas('RRE').entrada)).toEqual(['amostra-rre.txt']);
    expect(await contarRre()).toBe(antesRre);
    const antes = await contagem();
    const tokenRre = await h.adminToken('RRE');
    // The same file COLACRIL read is new to RRE; its carrier is RRE's own register (the demo's), if any.
    const dlbRre = await rre.$count(transportadora, eq(transportadora.cnpj, CNPJ_DLB));
    expect(await chamar<ResultadoLeituraConemb>('/txts/conhecimentos', tokenRre)).toMatchObject({ arquivos: 1, conhecimentos: 21, jaLidos: 0 });
    expect(await chamar<ResultadoConversaoMinutas>('/conhecimentos/minutas', tokenRre)).toMatchObject({ minutas: 21, semTransportadora: dlbRre ? 0 : 21 });
    expect(await contagem()).toBe(antes);
    expect(arquivos(pastas('RRE').saida)).toEqual(['amostra-rre.txt']);
  });
});

describe('volume', () => {
  it('imports a 10,000-conhecimento file (chunked inserts) and converts it in batches', async () => {
    const muitos = Array.from({ length: 10_000 }, (_, i) => conhecimento(String(500_000 + i)));
    writeFileSync(join(pastas().entrada, 'grande.txt'), arquivoConemb(muitos, 'CONHE999000005'), 'latin1');
    // Its time is a benchmark's (npm run bench -- minutas), never an assertion here.
    expect(await ler()).toMatchObject({ arquivos: 1, conhecimentos: 10_000, erros: [] });
    expect(await converterMinutas()).toMatchObject({ minutas: 10_000, semTransportadora: 0 });
  }, 120_000);
});
