// Issue 33 benchmark: the server's responsiveness while each kind of batch runs, on PGlite and PostgreSQL. A worker
// thread (its own event loop: it measures the server, not itself) starts GET /api/ping every ~20 ms on a fixed
// schedule, whether or not the previous one answered (so a stall shows as many slow pings, not one), and an
// authenticated GET /api/ctes/listar-simples (first page) every ~100 ms, one at a time; per batch: its duration,
// the latencies' p95 / max / n of both, and the load. Target (issue 33): ping p95 ≤ 50 ms, max ≤ 250 ms during any batch.
// The batches run in this process, as the routes run them: readings and conversions by the area's function (the
// routes need the company's folders), audit, re-reading and exports through HTTP. Figures only, never assertions.
// Alone: npx tsx -e "import('./bench/lotes.ts').then(async m => console.log((await m.benchLotes()).join('\n')))"
// BENCH_LOTES_BANCOS=pg|pglite picks one database (default both); BENCH_LOTES_CTES the generated CT-es (20,000);
// BENCH_LOTES_TIPOS=xml,doccob,conemb,conversao,ocoren,auditoria,releitura,exportacao the batch kinds (default all).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { sql } from 'drizzle-orm';
import type { ArquivoConemb, ConhecimentoConemb } from '../src/contracts/conemb';
import type { Ocorrencia } from '../src/contracts/ocoren';
import type { CompanyDatabase } from '../src/server/db/database';
import { erpNotasPedidosDe } from '../src/server/erp/erp-source';
import { lerArquivoDoccob } from '../src/server/faturas/ler-arquivo-doccob';
import { escreverConemb } from '../src/server/ingest/conemb/escrever-conemb';
import { lerCteXml, type CteLido } from '../src/server/ingest/cte-xml';
import { gerarXmlCte } from '../src/server/ingest/gerar-xml-cte';
import { lerArquivosCte } from '../src/server/ingest/ler-arquivos-cte';
import { escreverOcoren } from '../src/server/ingest/ocoren/escrever-ocoren';
import { converterConhecimentos } from '../src/server/minutas/converter-conhecimentos';
import { converterMinutasEmCtes } from '../src/server/minutas/converter-ctes';
import { lerPastaConemb } from '../src/server/minutas/ler-pasta-conemb';
import { lerArquivoOcoren } from '../src/server/ocorrencias/gravar-ocoren';
import { comBancosGerados, emCadaBanco, linhas, mil } from './bancos-bench';
import { doccobGrande } from './faturas-leitura';
import { carga, quantil } from './measure';

const CTES = Number(process.env.BENCH_LOTES_CTES ?? 20_000);
const TIPOS = process.env.BENCH_LOTES_TIPOS?.split(',');
const quer = (tipo: string) => !TIPOS || tipo === 'ocioso' || TIPOS.includes(tipo);
const XMLS = 2_000;
const CONHECIMENTOS = 5_000;
const OCORRENCIAS = 2_000;
const AUDITAR = 5_000;
const TODOS = 'dataIni=2000-01-01&dataFim=2099-12-31&tomadorServico=TODOS';

// Pings on an open loop (one started every 20 ms, at most 200 in flight: a stall shows as many slow pings); the list
// at most one at a time (a tick is skipped while it runs: on PGlite at a high load, ten lists a second queued on the
// one connection would measure the probe's own backlog).
const AMOSTRADOR = `
const { parentPort, workerData } = require('node:worker_threads');
const amostras = { ping: [], lista: [] };
const emVooDo = { ping: 0, lista: 0 };
let parar = false, emVoo = 0;
function disparar(tipo, url, headers) {
  if (parar || emVoo >= 200 || (tipo === 'lista' && emVooDo.lista)) return;
  emVoo++;
  emVooDo[tipo]++;
  const t = performance.now();
  fetch(url, { headers }).then(async (r) => { await r.arrayBuffer(); if (!r.ok) throw new Error(tipo + ' ' + r.status); amostras[tipo].push(performance.now() - t); })
    .catch((e) => { amostras.erros = (amostras.erros || 0) + 1; }).finally(() => { emVoo--; emVooDo[tipo]--; if (parar && !emVoo) parentPort.postMessage(amostras); });
}
const a = setInterval(() => disparar('ping', workerData.url + '/api/ping', {}), 20);
const b = setInterval(() => disparar('lista', workerData.url + '/api/ctes/listar-simples?page=0&size=50', { authorization: workerData.token }), 100);
parentPort.on('message', () => { parar = true; clearInterval(a); clearInterval(b); if (!emVoo) parentPort.postMessage(amostras); });`;

type Amostras = { ping: number[]; lista: number[]; erros?: number };

function amostrar(url: string, token: string) {
  const w = new Worker(AMOSTRADOR, { eval: true, workerData: { url, token } });
  const fim = new Promise<Amostras>((ok, falha) => {
    w.once('message', ok);
    w.once('error', falha);
  }).finally(() => w.terminate());
  return async () => {
    w.postMessage('parar');
    return fim;
  };
}

const resumo = (xs: number[]) => `p95 ${quantil(xs, 0.95).toFixed(1)} ms, máx ${xs.length ? Math.max(...xs).toFixed(0) : '—'} ms, n=${xs.length}`;

/** Runs `lote` with the sampler on; one figure line. */
async function medirLote(nome: string, titulo: string, url: string, token: string, lote: () => Promise<string>): Promise<string> {
  const parar = amostrar(url, token);
  await new Promise((ok) => setTimeout(ok, 300)); // the worker's first calls out of the way
  const t = performance.now();
  const detalhe = await lote();
  const ms = performance.now() - t;
  const cargaLote = carga();
  const a = await parar();
  const linha = `${nome}, ${titulo} (${detalhe}): ${(ms / 1000).toFixed(1)} s; GET /api/ping ${resumo(a.ping)}; lista ${resumo(a.lista)}${a.erros ? `; ${a.erros} falhas` : ''} (${cargaLote})`;
  console.error(`[bench] ${linha}`);
  return linha;
}

/** The sample CT-e renumbered (9 digits at 26..34 of the key), as the mailbox bench does. */
function xmlsCte(): (numero: number) => string {
  const lido = lerCteXml(readFileSync(new URL('../tests/fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml', import.meta.url)));
  if (lido.tipo !== 'CTE') throw new Error('amostra ilegível');
  const base: CteLido = lido.cte;
  return (numero) => gerarXmlCte({ ...base, chave: `${base.chave.slice(0, 25)}${String(numero).padStart(9, '0')}${base.chave.slice(34)}`, identificacao: { ...base.identificacao, numeroCte: numero } });
}

function pastas(base: string, nome: string) {
  const p = { entrada: join(base, nome, 'entrada'), saida: join(base, nome, 'saida'), erro: join(base, nome, 'erro') };
  for (const d of Object.values(p)) mkdirSync(d, { recursive: true });
  return p;
}

const centavos = (c: number) => `${Math.floor(c / 100)}.${String(c % 100).padStart(2, '0')}`;

function conhecimento(i: number, cnpjEmissor: string): ConhecimentoConemb {
  const [peso, valor] = [100 + (i % 900) * 3, 2500 + (i % 500) * 37];
  return {
    linha: i + 4, filial: 'BENCH', serie: '8', numero: String(600_000 + i), dataEmissao: '2026-10-15', condicaoFrete: 'C',
    peso: centavos(peso * 100), valorTotalFrete: centavos(valor), baseIcms: centavos(valor), percentualIcms: '12.00', valorIcms: centavos(Math.round((valor * 12) / 100)),
    componentes: { fretePeso: centavos(valor), freteValor: '0.00', secCat: '0.00', itr: '0.00', despacho: '0.00', pedagio: '0.00', ademe: '0.00' },
    substituicaoTributaria: null, cfop: '5352', cnpjEmissor, cnpjEmbarcadora: '89850341001212', chave: null, placa: null,
    notas: [{ serie: '11', numero: String(800_000 + i), cnpjEmissor: null, dataEmissao: null, valor: null, peso: null }], acao: 'I', tipo: null,
  };
}

async function conemb(banco: CompanyDatabase): Promise<string> {
  const [t] = linhas<{ cnpj: string; razao: string }>(await banco.db.execute(sql`select cnpj, left(razao_social, 35) as razao from transportadora where cnpj ~ '^[0-9]{14}$' order by id limit 1`));
  const conhecimentos = Array.from({ length: CONHECIMENTOS }, (_, i) => conhecimento(i, t.cnpj));
  const soma = conhecimentos.reduce((s, c) => s + Math.round(Number(c.valorTotalFrete) * 100), 0);
  const a: ArquivoConemb = { layout: '3.0', remetente: t.razao, destinatario: 'COLACRIL', idIntercambio: 'CON261015002', documento: 'CONHE261015002', transportadora: { cnpj: t.cnpj, razaoSocial: t.razao }, conhecimentos, total: { quantidade: CONHECIMENTOS, valorTotal: centavos(soma) }, avisos: [] };
  return escreverConemb(a, '3.0');
}

/**
 * OCORRENCIAS occurrences over distinct NFs of the newest CT-es (one carrier's file), as bench/ocorrencias.ts builds it.
 * Distinct, and each carried by at most 10 CT-es: the 2,000 XMLs read before are copies of one sample, all carrying
 * the same NF; 2,000 occurrences of it linked each to all 2,000 CT-es (4 million links, 80 s), and even one linked in
 * one statement (131 ms). A real NF is in a few CT-es; the unbounded case is in the stop's note, not in this figure.
 */
async function ocoren(banco: CompanyDatabase): Promise<Uint8Array> {
  const notas = linhas<{ cnpj: string; serie: string; numero: number }>(
    await banco.db.execute(sql`select cnpj, serie, numero from (
      select substr(chave, 7, 14) as cnpj, min(ltrim(substr(chave, 23, 3), '0')) as serie, numero, max(id) as id
      from cte_nota where numero is not null group by substr(chave, 7, 14), numero having count(*) <= 10) as nf
      order by id desc limit ${OCORRENCIAS}`),
  );
  const base = Date.UTC(2026, 2, 1, 8, 0);
  const ocorrencias = Array.from({ length: OCORRENCIAS }, (_, i): Ocorrencia => {
    const nf = notas[i % notas.length];
    return { linha: 0, cnpjEmissorNf: nf.cnpj, serieNf: nf.serie, numeroNf: String(nf.numero), codigo: ['24', '01', '34', '91', '19'][i % 5], descricao: null, dataHora: new Date(base + i * 60_000).toISOString().slice(0, 16), codigoObservacao: null, observacao: null, conhecimento: null, redespacho: null, chaveCte: null };
  });
  return new TextEncoder().encode(escreverOcoren({ documento: 'OCO33LOTES', transportadora: { cnpj: '12345678000195', razaoSocial: 'Transportadora Bench' }, ocorrencias }));
}

async function pedir(url: string, token: string, caminho: string, init: RequestInit = {}): Promise<Response> {
  const r = await fetch(`${url}${caminho}`, { ...init, headers: { authorization: token, 'content-type': 'application/json', ...init.headers } });
  if (!r.ok) throw new Error(`${caminho}: ${r.status} ${await r.text()}`);
  return r;
}

/** The newest AUDITAR auditable CT-es read from XML (not the conversion's) made PROCESSADO (the audit's usual start), as bench/auditoria.ts does. */
async function paraAuditar(banco: CompanyDatabase): Promise<number[]> {
  return linhas<{ id: number }>(
    await banco.db.execute(sql`update cte set status = 'PROCESSADO' where id in (select id from cte where transportadora_id is not null and peso_bruto > 0 and origem_documento = 'XML' and status not in ('CANCELADO', 'DESCONSIDERADO') order by id desc limit ${AUDITAR}) returning id`),
  ).map((r) => Number(r.id));
}

/** Downloads an export to the end, keeping only the byte count. */
async function baixar(url: string, token: string, caminho: string): Promise<string> {
  const r = await pedir(url, token, caminho);
  let bytes = 0;
  for await (const parte of r.body as unknown as AsyncIterable<Uint8Array>) bytes += parte.length;
  return `${mil(Number(r.headers.get('X-Total-Linhas')))} linhas, ${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

const medir = (nome: string, local: { dataDir?: string; databaseUrl?: string }) =>
  comBancosGerados(nome, local, CTES, async ({ banco, servir }) => {
    const { url, token } = await servir();
    const { db } = banco;
    const base = mkdtempSync(join(tmpdir(), 'frete-bench-lotes-'));
    const figuras: string[] = [];
    // A kind not asked for runs unmeasured only when a later one needs its data (the CONEMB for the conversions).
    const medirUm = async (titulo: string, lote: () => Promise<string>, tipo: string, preciso = false) => {
      if (quer(tipo)) figuras.push(await medirLote(nome, titulo, url, token, lote));
      else if (preciso) await lote();
    };
    try {
      await medirUm('ocioso, 3 s', async () => (await new Promise((ok) => setTimeout(ok, 3000)), 'nenhum lote'), 'ocioso');
      const xml = xmlsCte();
      const pxml = pastas(base, 'xml');
      if (quer('xml')) for (let i = 0; i < XMLS; i++) writeFileSync(join(pxml.entrada, `cte-${i}.xml`), xml(710_000_000 + i));
      await medirUm(`leitura de ${mil(XMLS)} XMLs de CT-e (lerArquivosCte)`, async () => {
        const r = await lerArquivosCte(db, pxml);
        return `${mil(r.lidos)} lidos, ${r.erros.length} erros`;
      }, 'xml');
      const doccob = quer('doccob') ? await doccobGrande(banco, '990033') : { nome: '', bytes: new Uint8Array(), linhas: 0 };
      await medirUm(`DOCCOB de ${mil(doccob.linhas)} CT-es (lerArquivoDoccob)`, async () => {
        const r = await lerArquivoDoccob(db, doccob.nome, doccob.bytes);
        return r.tipo === 'LIDA' ? `${mil(r.ctesVinculados)} vinculados` : r.tipo;
      }, 'doccob');
      const pconemb = pastas(base, 'conemb');
      writeFileSync(join(pconemb.entrada, 'CONEMB-LOTES.txt'), await conemb(banco), 'latin1');
      await medirUm(`CONEMB de ${mil(CONHECIMENTOS)} conhecimentos (lerPastaConemb)`, async () => `${mil((await lerPastaConemb(db, pconemb)).conhecimentos)} gravados`, 'conemb', quer('conversao'));
      const erp = erpNotasPedidosDe(banco);
      await medirUm('conversão de conhecimentos em minutas (converterConhecimentos)', async () => `${mil((await converterConhecimentos(db, erp)).minutas)} minutas`, 'conversao');
      // The next conversion's input: the minutas just converted, completed as a person would (origin and destination
      // where the ERP left them blank) and confirmed (PREENCHIDO), all 5,000 of them: with only the dozen the ERP had
      // completed, the batch lasted 0.1 s and its p95 was the max of 13 pings, the idle machine's noise.
      await db.execute(sql`update minuta set status = 'PREENCHIDO', origem_id = coalesce(origem_id, (select min(id) from municipio)),
        destino_id = coalesce(destino_id, (select max(id) from municipio)) where status = 'PENDENTE' and transportadora_id is not null`);
      await medirUm('conversão de minutas em CT-es (converterMinutasEmCtes)', async () => (await converterMinutasEmCtes(db, erp)).mensagens[0], 'conversao');
      const arquivoOcoren = quer('ocoren') ? await ocoren(banco) : new Uint8Array();
      await medirUm(`OCOREN de ${mil(OCORRENCIAS)} ocorrências (lerArquivoOcoren)`, async () => (await lerArquivoOcoren(db, 'OCOREN-lotes.txt', arquivoOcoren)).tipo, 'ocoren');
      const ids = quer('auditoria') ? await paraAuditar(banco) : [];
      await medirUm(`auditoria de ${mil(ids.length)} CT-es (POST /api/auditorias-cte/auditar, 1.000 por chamada)`, async () => {
        let n = 0;
        for (let i = 0; i < ids.length; i += 1000)
          n += ((await (await pedir(url, token, '/api/auditorias-cte/auditar', { method: 'POST', body: JSON.stringify({ ctes: ids.slice(i, i + 1000) }) })).json()) as { processados: number }).processados;
        return `${mil(n)} auditados`;
      }, 'auditoria');
      await medirUm('POST /api/ctes/carregar-xml-tabela, 100 dias', async () => {
        const r = (await (await pedir(url, token, '/api/ctes/carregar-xml-tabela', { method: 'POST', body: JSON.stringify({ dias: 100 }) })).json()) as { relidos: number };
        return `${mil(r.relidos)} relidos`;
      }, 'releitura');
      await medirUm('GET /api/ctes/exportar .xlsx, todos', () => baixar(url, token, `/api/ctes/exportar?formato=xlsx&${TODOS}`), 'exportacao');
      await medirUm('GET /api/ctes/exportar CSV, todos', () => baixar(url, token, `/api/ctes/exportar?formato=csv&${TODOS}`), 'exportacao');
      await medirUm('GET /api/ctes/exportar .xlsx por transportadora', () => baixar(url, token, `/api/ctes/exportar?formato=xlsx&${TODOS}&sort=transportadora,asc`), 'exportacao');
      return figuras;
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });

export async function benchLotes(): Promise<string[]> {
  return emCadaBanco(process.env.BENCH_LOTES_BANCOS, 'lotes', medir);
}
