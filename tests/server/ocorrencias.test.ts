import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/common';
import type { CtePage } from '../../src/contracts/ctes';
import { MSG_SEM_PERMISSAO } from '../../src/contracts/erros';
import type { Ocorrencia } from '../../src/contracts/ocoren';
import { resumoLeituraOcoren, type OcorrenciaLista, type ResultadoLeituraOcoren } from '../../src/contracts/ocorrencias';
import type { ExecucaoRecebimento, ItemRecebimento } from '../../src/contracts/recebimento';
import { cte } from '../../src/server/db/schema/cte';
import { cteMarca, ocorrencia } from '../../src/server/db/schema/ocorrencia';
import { escreverOcoren } from '../../src/server/ingest/ocoren/escrever-ocoren';
import { LOG_ERROS_EDI, pastasEdi } from '../../src/server/ingest/ler-pasta-edi';
import { avisoTextoDiferente } from '../../src/server/ocorrencias/gravar-ocoren';
import { mensagemPastaOcorenInacessivel, MSG_ENVIO_OCOREN_SEM_ARQUIVO } from '../../src/server/ocorrencias/ler-pasta-ocoren';
import { chaveNfe, inserirCte } from './ctes-dados';
import { createHarness, criarEdiDirTeste, json, type Harness } from './harness';

// Issue 31: OCOREN files read from the company's folder and by upload, stored once, linked by the database to
// the CT-es carrying their NF whichever arrives first; the list, a CT-e's timeline, the Fretes filters.

const edi = criarEdiDirTeste();
const pastas = pastasEdi(edi.ediDir, 'COLACRIL', 'ocoren');
for (const p of Object.values(pastas)) mkdirSync(p, { recursive: true });
/** The shipper issuing the NFs, and the carrier: invented, so nothing of the demo matches them. */
const EMISSOR = '55666777000199';
const TRANSPORTADORA = '44555666000177';
const arquivos = (pasta: string) => readdirSync(pasta).sort();

let h: Harness;
let fretes: string;
let faturas: string;
const db = () => h.bancos.COLACRIL.db;
const ctes: Record<'reentregue' | 'entregue' | 'tardio', number> = { reentregue: 0, entregue: 0, tardio: 0 };

type Oc = Pick<Ocorrencia, 'cnpjEmissorNf' | 'serieNf' | 'numeroNf' | 'codigo' | 'dataHora' | 'codigoObservacao' | 'observacao' | 'conhecimento' | 'redespacho'>;
const oc = (numeroNf: number, codigo: string, dataHora: string, extra: Partial<Oc> = {}): Oc => ({
  cnpjEmissorNf: EMISSOR,
  serieNf: '1',
  numeroNf: String(numeroNf),
  codigo,
  dataHora,
  codigoObservacao: null,
  observacao: null,
  conhecimento: null,
  redespacho: null,
  ...extra,
});
const ocoren = (ocorrencias: Oc[], layout: '3.1' | '5.0' = '3.1') =>
  escreverOcoren({ documento: 'OCO31TESTE', transportadora: { cnpj: TRANSPORTADORA, razaoSocial: 'Transportes Ocorrência Ltda' }, ocorrencias }, layout);

const lerPasta = async () => {
  const r = await h.request('GET', '/api/ocorrencias/ler-arquivos', { token: fretes });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<ResultadoLeituraOcoren>(r);
};
const listar = async (query: string, token = fretes) => {
  const r = await h.request('GET', `/api/ocorrencias?${query}`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<Page<OcorrenciaLista>>(r);
};
/** A CT-e's timeline (GET /ocorrencias/ctes/{id}). */
const linhaDoTempo = async (cteId: number, token = fretes) => {
  const r = await h.request('GET', `/api/ocorrencias/ctes/${cteId}?size=200`, { token });
  expect(r.status, await r.clone().text()).toBe(200);
  return json<Page<OcorrenciaLista>>(r);
};
const enviar = (conteudos: Record<string, string>, token = fretes) => {
  const form = new FormData();
  for (const [nome, c] of Object.entries(conteudos)) form.append('arquivos', new Blob([c]), nome);
  return h.request('POST', '/api/ocorrencias/enviar', { token, body: form });
};
const novoCte = (numero: number, nf: number, serie = 1) =>
  inserirCte(db(), {
    numero,
    emitente: TRANSPORTADORA,
    remetente: EMISSOR,
    destinatario: '11222333000181',
    dataEmissao: '2019-02-10T10:00:00-03:00',
    // série `serie` in the NF-e key (digits 23-25).
    notas: [chaveNfe(nf, EMISSOR, '1902').replace(/^(.{22})001/, `$1${String(serie).padStart(3, '0')}`)],
  });
const marcas = async (ids: number[]) =>
  Object.fromEntries(
    (
      await db()
        .select({ id: cte.id, r: sql<boolean>`coalesce(${cteMarca.comReentrega}, false)`, c: sql<boolean>`coalesce(${cteMarca.comComprovante}, false)` })
        .from(cte)
        .leftJoin(cteMarca, eq(cteMarca.cteId, cte.id))
        .where(inArray(cte.id, ids))
    ).map((x) => [x.id, [x.r, x.c]]),
  );

beforeAll(async () => {
  h = await createHarness({ ediDir: edi.ediDir });
  [fretes, faturas] = await Promise.all([h.tokenCom(['FRETE_CTE_M']), h.tokenCom(['FRETE_FAT_M'])]);
  ctes.reentregue = await novoCte(810001, 710001);
  ctes.entregue = await novoCte(810002, 710002, 2);
});
afterAll(async () => {
  await h.close();
  edi.remover();
});

describe('reading the OCOREN folder', () => {
  it('reads 3.1 and 5.0 files, links each occurrence to the CT-e carrying its NF (série 002 = 2), counts the unlinked, moves the files to saida', async () => {
    writeFileSync(
      join(pastas.entrada, 'a-ocoren.txt'),
      ocoren([
        oc(710001, '24', '2026-03-05T14:30', { observacao: 'CLIENTE PEDIU NOVA DATA' }),
        oc(710002, '01', '2026-03-06T09:15', { serieNf: '002' }),
        oc(710003, '19', '2026-03-06T10:00'),
      ]),
    );
    writeFileSync(join(pastas.entrada, 'b-ocoren.OCO'), ocoren([oc(710001, '01', '2026-03-07T08:00', { observacao: 'ENTREGUE NA PORTARIA' })], '5.0'));
    const r = await lerPasta();
    expect(r).toMatchObject({ arquivos: 2, lidas: 4, repetidas: 0, naoVinculadas: 1, recusados: [], avisos: [] });
    expect(r.mensagens).toEqual([resumoLeituraOcoren(4, 0, 1, 0)]);
    expect(arquivos(pastas.entrada)).toEqual([]);
    expect(arquivos(pastas.saida)).toEqual(['a-ocoren.txt', 'b-ocoren.OCO']);
    // 24 is a re-delivery, 01 a delivery: the Fretes marks follow the links.
    expect(await marcas([ctes.reentregue, ctes.entregue])).toEqual({ [ctes.reentregue]: [true, true], [ctes.entregue]: [false, true] });
    const [gravada] = await db().select().from(ocorrencia).where(eq(ocorrencia.arquivo, 'a-ocoren.txt')).orderBy(ocorrencia.linha).limit(1);
    expect(gravada).toMatchObject({ origem: 'OCOREN', transportadoraCnpj: TRANSPORTADORA, cnpjEmissorNf: EMISSOR, serieNf: '1', numeroNf: 710001, codigo: '24', sentido: 'REENTREGA', linha: 4, vinculada: true });
    expect(gravada.dataHora.toISOString()).toBe('2026-03-05T17:30:00.000Z');
    expect(gravada.identidade).toBe(`O|${EMISSOR}|1|710001|24|2026-03-05T14:30`);
  });

  it('lists the unlinked ones; the CT-e arriving later links them (trigger) and leaves the list', async () => {
    const soltas = await listar('naoVinculadas=true&size=200');
    const solta = soltas.content.find((o) => o.notaFiscal === `${EMISSOR} 1/710003`);
    expect(solta).toMatchObject({ codigo: '19', texto: 'Reentrega solicitada pelo cliente', sentido: 'REENTREGA', ctes: [], arquivo: 'a-ocoren.txt', linha: 6, transportadoraCnpj: TRANSPORTADORA });
    expect(soltas.content.every((o) => o.ctes.length === 0)).toBe(true);
    ctes.tardio = await novoCte(810003, 710003);
    expect((await listar('naoVinculadas=true&size=200')).content.map((o) => o.id)).not.toContain(solta!.id);
    const todas = await listar('size=200');
    expect(todas.content.find((o) => o.id === solta!.id)?.ctes).toEqual([{ id: ctes.tardio, numero: 810003, serie: expect.any(String) }]);
    expect(await marcas([ctes.tardio])).toEqual({ [ctes.tardio]: [true, false] });
    // Newest read first: the 5.0 file's one occurrence came last.
    expect(todas.content[0]).toMatchObject({ arquivo: 'b-ocoren.OCO', codigo: '01' });
  });

  it("a CT-e's timeline: oldest occurrence first, with code text, observation, NF, São Paulo date-time with offset, file and line", async () => {
    const t = await linhaDoTempo(ctes.reentregue);
    expect(t.totalElements).toBe(2);
    expect(t.content.map((o) => [o.dataHora, o.codigo, o.texto, o.observacao, o.notaFiscal, o.arquivo, o.linha, o.origem, o.cancelada])).toEqual([
      ['2026-03-05T14:30:00-03:00', '24', 'Mercadoria reentregue ao cliente destino', 'CLIENTE PEDIU NOVA DATA', `${EMISSOR} 1/710001`, 'a-ocoren.txt', 4, 'OCOREN', false],
      ['2026-03-07T08:00:00-03:00', '01', 'Entrega realizada normalmente', 'ENTREGUE NA PORTARIA', `${EMISSOR} 1/710001`, 'b-ocoren.OCO', 4, 'OCOREN', false],
    ]);
    expect(t.content[0].ctes).toEqual([{ id: ctes.reentregue, numero: 810001, serie: expect.any(String) }]);
    // A Faturas-only profile opens the CT-e, so its timeline, never the whole list.
    expect((await linhaDoTempo(ctes.reentregue, faturas)).totalElements).toBe(2);
    const lista = await h.request('GET', '/api/ocorrencias', { token: faturas });
    expect([lista.status, await lista.json()]).toEqual([403, { mensagens: [MSG_SEM_PERMISSAO] }]);
  });

  it('a re-sent file stores nothing twice (repetidas); the same occurrence with another text is said', async () => {
    const antes = await db().$count(ocorrencia);
    writeFileSync(
      join(pastas.entrada, 'c-reenvio.txt'),
      ocoren([oc(710001, '24', '2026-03-05T14:30', { observacao: 'OUTRO TEXTO' }), oc(710002, '01', '2026-03-06T09:15', { serieNf: '2' }), oc(710002, '01', '2026-03-06T09:15', { serieNf: '2' })]),
    );
    const r = await lerPasta();
    expect(r).toMatchObject({ arquivos: 1, lidas: 0, repetidas: 3, naoVinculadas: 0, recusados: [] });
    expect(r.avisos).toEqual([{ arquivo: 'c-reenvio.txt', mensagem: avisoTextoDiferente(4, `${EMISSOR} 1/710001`, '24', 'CLIENTE PEDIU NOVA DATA', 'OUTRO TEXTO') }]);
    expect(r.mensagens).toEqual([resumoLeituraOcoren(0, 3, 0, 0), `c-reenvio.txt: ${r.avisos[0].mensagem}`]);
    expect(await db().$count(ocorrencia)).toBe(antes);
    expect(arquivos(pastas.saida)).toContain('c-reenvio.txt');
  });

  it('refuses an unreadable file into erro with a log line naming line and field; nothing of it is stored', async () => {
    const linhas = ocoren([oc(710004, '01', '2026-03-08T10:00'), oc(710005, '01', '2026-03-08T11:00')]).split('\r\n');
    linhas[4] = `${linhas[4].slice(0, 30)}31022026${linhas[4].slice(38)}`;
    writeFileSync(join(pastas.entrada, 'd-ruim.txt'), linhas.join('\r\n'));
    writeFileSync(join(pastas.entrada, 'e-nao-e.txt'), 'isto não é um OCOREN\r\n');
    const antes = await db().$count(ocorrencia);
    const r = await lerPasta();
    expect(r.recusados.map((e) => e.arquivo)).toEqual(['d-ruim.txt', 'e-nao-e.txt']);
    expect(r.recusados[0].motivo).toBe('Linha 5, registro 342, campo data (posição 31): data inválida (DDMMAAAA) ("31022026").');
    expect(r.mensagens).toEqual([resumoLeituraOcoren(0, 0, 0, 2), ...r.recusados.map((e) => `${e.arquivo}: ${e.motivo}`)]);
    expect(await db().$count(ocorrencia)).toBe(antes);
    expect(arquivos(pastas.erro)).toEqual(['d-ruim.txt', 'e-nao-e.txt', LOG_ERROS_EDI.ocoren]);
    expect(readFileSync(join(pastas.erro, LOG_ERROS_EDI.ocoren), 'utf8')).toMatch(/\td-ruim\.txt\tLinha 5, registro 342, campo data \(posição 31\)/);
  });

  it('the reading is a PASTA run of the intake log, counting its occurrences', async () => {
    writeFileSync(join(pastas.entrada, 'f.txt'), ocoren([oc(710006, '91', '2026-03-09T10:00')]));
    await lerPasta();
    const admin = await h.adminToken();
    const [ultima] = (await json<Page<ExecucaoRecebimento>>(await h.request('GET', '/api/recebimento/execucoes?fonte=PASTA&size=1', { token: admin }))).content;
    expect(ultima.contagem).toMatchObject({ ocorrencias: 1, repetidos: 0, recusados: 0 });
  });
});

describe('upload and intake', () => {
  it('POST /ocorrencias/enviar reads each file as the folder does', async () => {
    // The second occurrence names série 1: the CT-e carries the NF of série 2, so it stays unlinked.
    const r = await enviar({ 'g.txt': ocoren([oc(710002, '34', '2026-03-10T07:00', { serieNf: '2' }), oc(710002, '34', '2026-03-10T08:00')], '5.0'), 'h.txt': 'não é OCOREN' });
    expect(r.status, await r.clone().text()).toBe(200);
    const x = await json<ResultadoLeituraOcoren>(r);
    expect(x).toMatchObject({ arquivos: 2, lidas: 2, repetidas: 0, naoVinculadas: 1, recusados: [{ arquivo: 'h.txt' }] });
    expect((await linhaDoTempo(ctes.entregue)).content.map((o) => o.codigo)).toEqual(['01', '34']);
    // A date of São Paulo's old daylight saving time is that day's local time (-02:00).
    expect((await enviar({ 'verao.txt': ocoren([oc(710008, '01', '2018-01-15T10:00')]) })).status).toBe(200);
    expect((await listar('naoVinculadas=true')).content.find((o) => o.arquivo === 'verao.txt')?.dataHora).toBe('2018-01-15T10:00:00-02:00');
  });

  it('POST /recebimento/enviar stores an OCOREN too (NOVO, counted as occurrences; again: REPETIDO)', async () => {
    const token = await h.tokenCom(['FRETE_RECEB_M'], 'SUPERVISOR');
    const form = () => {
      const f = new FormData();
      f.append('arquivos', new Blob([ocoren([oc(710007, '25', '2026-03-11T16:00')])]), 'ocorrencias.txt');
      return f;
    };
    const primeira = await json<ExecucaoRecebimento>(await h.request('POST', '/api/recebimento/enviar', { token, body: form() }));
    expect(primeira.contagem).toMatchObject({ ocorrencias: 1, ignorados: 0, recusados: 0 });
    const itens = await json<Page<ItemRecebimento>>(await h.request('GET', `/api/recebimento/execucoes/${primeira.id}/itens`, { token }));
    expect(itens.content.map((i) => [i.tipo, i.resultado])).toEqual([['OCOREN', 'NOVO']]);
    const segunda = await json<ExecucaoRecebimento>(await h.request('POST', '/api/recebimento/enviar', { token, body: form() }));
    expect(segunda.contagem).toMatchObject({ ocorrencias: 0, repetidos: 1 });
  });
});

describe('Fretes filters', () => {
  const fretesDe = async (ocorrenciaFiltro: string) => {
    const r = await h.request('GET', `/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2019-02-01&dataFim=2019-02-28&ocorrencia=${ocorrenciaFiltro}&size=200`, { token: fretes });
    expect(r.status, await r.clone().text()).toBe(200);
    return (await json<CtePage>(r)).content.map((c) => c.id).filter((id) => Object.values(ctes).includes(id)).sort((a, b) => a - b);
  };
  it('"com ocorrência de reentrega" and "sem comprovante de entrega"', async () => {
    expect(await fretesDe('REENTREGA')).toEqual([ctes.reentregue, ctes.tardio].sort((a, b) => a - b));
    expect(await fretesDe('SEM_COMPROVANTE')).toEqual([ctes.tardio]);
  });
});

describe('bad input', () => {
  it('answers 400 with pt-BR messages, 404 for an unknown CT-e, never 500', async () => {
    for (const [query, mensagem] of [
      ['size=7', 'O tamanho da página deve ser 50, 100 ou 200.'],
      ['page=-1', 'A página não pode ser negativa.'],
      ['naoVinculadas=talvez', 'naoVinculadas deve ser true ou false.'],
    ]) {
      const r = await h.request('GET', `/api/ocorrencias?${query}`, { token: fretes });
      expect([query, r.status, await r.json()]).toEqual([query, 400, { mensagens: [mensagem] }]);
    }
    for (const [id, mensagem] of [
      ['abc', 'O identificador deve ser um número.'],
      ['0', 'O identificador deve ser positivo.'],
    ]) {
      const r = await h.request('GET', `/api/ocorrencias/ctes/${id}`, { token: fretes });
      expect([id, r.status, await r.json()]).toEqual([id, 400, { mensagens: [mensagem] }]);
    }
    const semCte = await h.request('GET', '/api/ocorrencias/ctes/2147483000', { token: fretes });
    expect([semCte.status, await semCte.json()]).toEqual([404, { mensagens: ['CT-e não encontrado.'] }]);
    const filtro = await h.request('GET', '/api/ctes/listar-simples?ocorrencia=TALVEZ', { token: fretes });
    expect([filtro.status, await filtro.json()]).toEqual([400, { mensagens: ['Filtro de ocorrência desconhecido.'] }]);
    const naoMultipart = await h.request('POST', '/api/ocorrencias/enviar', { token: fretes, body: { arquivos: [] } });
    expect(naoMultipart.status).toBe(400);
    const vazio = new FormData();
    vazio.append('outro', 'x');
    const semArquivo = await h.request('POST', '/api/ocorrencias/enviar', { token: fretes, body: vazio });
    expect([semArquivo.status, await semArquivo.json()]).toEqual([400, { mensagens: [MSG_ENVIO_OCOREN_SEM_ARQUIVO] }]);
    // RRE has no OCOREN folder under EDI_DIR: said in Portuguese, nothing read.
    const semPasta = await h.request('GET', '/api/ocorrencias/ler-arquivos', { token: await h.adminToken('RRE') });
    expect([semPasta.status, await semPasta.json()]).toEqual([409, { mensagens: [mensagemPastaOcorenInacessivel(pastasEdi(edi.ediDir, 'RRE', 'ocoren').entrada)] }]);
  });
});
