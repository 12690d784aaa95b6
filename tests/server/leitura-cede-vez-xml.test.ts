import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG_RELEITURA_EM_ANDAMENTO, type AndamentoReleitura, type ProgressoReleitura } from '../../src/contracts/leitura-xml';
import { lerArquivosCte } from '../../src/server/ingest/ler-arquivos-cte';
import { relerXmlCte } from '../../src/server/ingest/reler-xml-cte';
import { agoraSql } from '../../src/server/db/agora-sql';
import { createHarness, json, type Harness } from './harness';
import { voltasDurante } from './voltas-do-laco';

// Issue 33, "no freeze whatever runs": reading CT-e XML files and reading the stored XMLs again (POST
// /ctes/carregar-xml-tabela) give the event loop back while they run: a setImmediate chain started with the reading
// turns before it ends. Carregar XML of many days is a batch: its progress is answered by GET
// /ctes/carregar-xml-tabela while it runs, and a second one meanwhile answers 409.

const AMOSTRA = readFileSync(join(__dirname, '../fixtures/cte/CTe-3.00-frete-valor-icms00-sped-cte.xml'), 'utf8');
const CHAVE = '41171099999999999999570020000024631000000108';
/** The period read again. */
const DIAS = 180;
/** Demo CT-es left in the period: three chunks of the re-reading (100 CT-es each); the others are moved out of it. */
const NO_PERIODO = 250;
const ARQUIVOS = 20;

let h: Harness;
let token: string;
let raiz: string;
const db = () => h.bancos.COLACRIL.db;

beforeAll(async () => {
  h = await createHarness({}, { ctesDemo: true });
  token = await h.adminToken();
  await db().execute(sql`
    update cte set lido_em = case when id in (select cte_id from cte_xml order by cte_id limit ${NO_PERIODO}) then ${agoraSql()} else lido_em - interval '400 days' end`);
  raiz = mkdtempSync(join(tmpdir(), 'frete-cede-vez-'));
});
afterAll(async () => {
  await h.close();
  rmSync(raiz, { recursive: true, force: true });
});

const andamento = async () => {
  const r = await h.request('GET', '/api/ctes/carregar-xml-tabela', { token });
  expect(r.status).toBe(200);
  return (await json<AndamentoReleitura>(r)).progresso;
};

describe('the XML readings give the event loop back', () => {
  it('reading 20 XML files of the input folder', async () => {
    const pastas = { entrada: join(raiz, 'entrada'), saida: join(raiz, 'saida'), erro: join(raiz, 'erro') };
    for (const p of Object.values(pastas)) mkdirSync(p);
    for (let i = 0; i < ARQUIVOS; i++) {
      const chave = `${CHAVE.slice(0, 25)}${String(770_000_000 + i)}${CHAVE.slice(34)}`;
      writeFileSync(join(pastas.entrada, `cede-${i}.xml`), AMOSTRA.split(CHAVE).join(chave));
    }
    const { r, voltas } = await voltasDurante(() => lerArquivosCte(db(), pastas));
    expect(r).toMatchObject({ lidos: ARQUIVOS, erros: [] });
    expect(voltas).toBeGreaterThan(0);
  });

  it('reading the stored XMLs again, with its progress after each chunk', async () => {
    const progresso: ProgressoReleitura[] = [];
    const { r, voltas } = await voltasDurante(() => relerXmlCte(db(), DIAS, (p) => progresso.push(p)));
    expect(r.erros).toEqual([]);
    expect(voltas).toBeGreaterThan(0);
    const total = r.relidos;
    expect(total).toBe(NO_PERIODO + ARQUIVOS);
    expect(progresso[0]).toEqual({ feitos: 0, total });
    expect(progresso.at(-1)).toEqual({ feitos: total, total });
    expect(progresso.length).toBeGreaterThan(2);
    for (let i = 1; i < progresso.length; i++) expect(progresso[i].feitos).toBeGreaterThan(progresso[i - 1].feitos);
  });
});

describe('POST /ctes/carregar-xml-tabela is a batch', () => {
  it('GET /ctes/carregar-xml-tabela answers its progress while it runs (a second POST meanwhile: 409), and null when none runs', async () => {
    expect(await andamento()).toBeNull();
    const carregar = Promise.resolve(h.request('POST', '/api/ctes/carregar-xml-tabela', { token, body: { dias: DIAS } }));
    let terminou = false;
    void carregar.then(() => (terminou = true));
    const vistos: ProgressoReleitura[] = [];
    let segundo: Promise<Response> | undefined;
    while (!terminou) {
      const p = await andamento();
      if (p) vistos.push(p);
      // With two chunks still to go (100 CT-es each), a second one is refused.
      if (p && !segundo && p.feitos + 200 < p.total) segundo = Promise.resolve(h.request('POST', '/api/ctes/carregar-xml-tabela', { token, body: { dias: DIAS } }));
      await new Promise((ok) => setImmediate(ok));
    }
    const r = await carregar;
    expect(r.status).toBe(200);
    const { relidos } = await json<{ relidos: number }>(r);
    expect(vistos.length).toBeGreaterThan(0);
    expect(segundo).toBeDefined();
    const recusado = await segundo!;
    expect(recusado.status).toBe(409);
    expect(await json(recusado)).toEqual({ mensagens: [MSG_RELEITURA_EM_ANDAMENTO] });
    expect(relidos).toBe(NO_PERIODO + ARQUIVOS);
    for (const p of vistos) {
      expect(p.total).toBe(relidos);
      expect(p.feitos).toBeLessThanOrEqual(p.total);
    }
    expect(await andamento()).toBeNull();
  });

  it('while another process holds the company\'s lock: 409, no progress here; after it, it runs', async () => {
    // The running one holds the company's lock (db/trava-exclusiva.ts) for as long as it runs.
    const liberar = await h.bancos.COLACRIL.travar('carregar-xml-tabela');
    expect(liberar).not.toBeNull();
    try {
      const r = await h.request('POST', '/api/ctes/carregar-xml-tabela', { token, body: { dias: DIAS } });
      expect(r.status).toBe(409);
      expect(await json(r)).toEqual({ mensagens: [MSG_RELEITURA_EM_ANDAMENTO] });
      expect(await andamento()).toBeNull();
    } finally {
      await liberar!();
    }
    const r = await h.request('POST', '/api/ctes/carregar-xml-tabela', { token, body: { dias: 0 } });
    expect(r.status).toBe(200);
  });
});
