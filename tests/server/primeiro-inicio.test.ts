import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPRESAS, type Empresa } from '../../src/contracts/common';
import { demoPadrao, modeloDemoPronto } from '../../src/server/carga-inicial/modelo-demo';
import { linhas } from '../../src/server/db/linhas';
import { openPgliteDatabase } from '../../src/server/db/open-pglite';
import { startServer, type StartServerOptions } from '../../src/server/start-server';
import { TEST_DB } from './harness';

// Issue 33: a first start on a new data folder copies the day's demo template (carga-inicial/modelo-demo.ts)
// instead of seeding. The first start here has none (a cache of its own) and seeds, keeping it; the next new
// folder is a copy that must be the same demo with its own signing key, XML folders and EDI files.
const raiz = mkdtempSync(join(tmpdir(), 'frete-primeiro-inicio-'));
const web = join(raiz, 'web');
let cacheAntes: string | undefined;
beforeAll(() => {
  cacheAntes = process.env.PGLITE_CACHE_DIR;
  process.env.PGLITE_CACHE_DIR = join(raiz, 'cache');
  mkdirSync(web, { recursive: true });
  writeFileSync(join(web, 'index.html'), '<!doctype html><title>frete-console</title>');
});
afterAll(() => {
  if (cacheAntes === undefined) delete process.env.PGLITE_CACHE_DIR;
  else process.env.PGLITE_CACHE_DIR = cacheAntes;
  rmSync(raiz, { recursive: true, force: true });
});

const TABELAS = ['cte', 'cte_xml', 'fatura', 'minuta', 'usuario', 'perfil', 'transportadora', 'cliente', 'tabela_frete', 'erp.vw_nota_fiscal', 'erp.vw_nota_fiscal_pdf', 'erp.vw_titulo_receber'];

interface Retrato {
  contagens: Record<string, number>;
  chave: string;
  entrada: string;
  edi: string[];
}

/** What a company's folder holds after a start (the server closed): row counts, its signing key, its XML folder, the EDI files dropped. */
async function retrato(dataDir: string, empresa: Empresa): Promise<Retrato> {
  const banco = await openPgliteDatabase(empresa, join(dataDir, empresa.toLowerCase()));
  try {
    const contagens: Record<string, number> = {};
    for (const t of TABELAS) contagens[t] = linhas<{ n: number }>(await banco.db.execute(sql.raw(`select count(*)::int as n from ${t}`)))[0].n;
    const [{ chave }] = linhas<{ chave: string }>(await banco.db.execute(sql`select chave from chave_assinatura where id = 1`));
    const [{ entrada }] = linhas<{ entrada: string }>(await banco.db.execute(sql`select endereco_entrada as entrada from configuracao where id = 1`));
    const edi = ['doccob', 'conemb'].flatMap((tipo) => readdirSync(join(dataDir, 'edi', empresa.toLowerCase(), tipo, 'entrada')).map((n) => `${tipo}/${n}`));
    return { contagens, chave, entrada, edi };
  } finally {
    await banco.close();
  }
}

async function entrar(url: string, empresa: Empresa): Promise<string> {
  const r = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'X-Empresa': empresa, 'Content-Type': 'application/json' },
    body: JSON.stringify({ login: 'admin', senha: 'admin' }),
  });
  expect(r.status).toBe(200);
  return r.headers.get('Authorization')!;
}

const CTES = '/api/ctes/listar-simples?tomadorServico=TODOS&dataIni=2000-01-01&dataFim=2099-12-31&size=50';

describe.skipIf(TEST_DB !== 'pglite')('first start from the demo template', () => {
  const opcoes = (pasta: string, log: string[]): StartServerOptions => ({ port: 0, dataDir: join(raiz, pasta), webDir: web, log: (m) => log.push(m) });

  // Two first starts of a whole server, the first one seeding both companies: its own time limit (the bench measures the time).
  it('a seeded first start keeps the template; the next new folder is the same demo with its own key, folders and files', { timeout: 300_000 }, async () => {
    const log1: string[] = [];
    const s1 = await startServer(opcoes('d1', log1));
    let tokenAntigo: string;
    let ctes1: number;
    try {
      tokenAntigo = await entrar(s1.url, 'COLACRIL');
      ctes1 = (await (await fetch(`${s1.url}${CTES}`, { headers: { Authorization: tokenAntigo } })).json()).totalElements;
      expect(ctes1).toBeGreaterThan(0);
    } finally {
      await s1.close();
    }
    for (const e of EMPRESAS) expect(modeloDemoPronto(e), e).toBeTruthy();

    const log2: string[] = [];
    const s2 = await startServer(opcoes('d2', log2));
    try {
      // The copy warns about the demo password as the seed does, and serves the same Fretes list.
      for (const e of EMPRESAS) expect(log2.some((m) => m.startsWith(`AVISO (${e}): ADMIN_PASSWORD não definida`)), e).toBe(true);
      const token = await entrar(s2.url, 'COLACRIL');
      expect((await (await fetch(`${s2.url}${CTES}`, { headers: { Authorization: token } })).json()).totalElements).toBe(ctes1);
      // A token signed by the other folder's key does not open this one.
      expect((await fetch(`${s2.url}${CTES}`, { headers: { Authorization: tokenAntigo } })).status).toBe(401);
    } finally {
      await s2.close();
    }

    for (const e of EMPRESAS) {
      const [a, b] = [await retrato(join(raiz, 'd1'), e), await retrato(join(raiz, 'd2'), e)];
      expect(b.contagens, e).toEqual(a.contagens);
      expect(a.contagens.cte, e).toBeGreaterThan(0);
      expect(a.contagens.fatura, e).toBeGreaterThan(0);
      expect(b.chave, e).not.toBe(a.chave);
      expect(a.entrada).toBe(join(raiz, 'd1', 'xml', e.toLowerCase(), 'entrada'));
      expect(b.entrada).toBe(join(raiz, 'd2', 'xml', e.toLowerCase(), 'entrada'));
      expect(b.edi.length, e).toBeGreaterThanOrEqual(2);
      expect(b.edi, e).toEqual(a.edi);
    }
  });

  it('an install with ADMIN_PASSWORD is never a copy of the demo', { timeout: 120_000 }, async () => {
    const s = await startServer({ ...opcoes('d3', []), adminPassword: 'senha-forte' });
    await s.close();
    const r = await retrato(join(raiz, 'd3'), 'COLACRIL');
    expect([r.contagens.cte, r.contagens.usuario, r.edi]).toEqual([0, 1, []]);
  });

  it('only the default demo is kept as a template', () => {
    expect(demoPadrao({}, 'COLACRIL', {})).toBe(true);
    expect(demoPadrao({ adminPassword: 'x' }, 'COLACRIL', {})).toBe(false);
    expect(demoPadrao({ adminPassword: 'x', demo: true }, 'COLACRIL', {})).toBe(false);
    expect(demoPadrao({ erpDemo: { transportadoras: 1, clientes: 1 } }, 'COLACRIL', {})).toBe(false);
    expect(demoPadrao({ cadastrosDemo: false }, 'RRE', {})).toBe(false);
    expect(demoPadrao({}, 'RRE', { ERP_DEMO_TAMANHO: '10' })).toBe(false);
    expect(demoPadrao({}, 'RRE', { ERP_SCHEMA_RRE: 'erp_real' })).toBe(false);
  });
});
