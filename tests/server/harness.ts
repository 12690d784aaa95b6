import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq, sql } from 'drizzle-orm';
import { expect, inject } from 'vitest';
import { EMPRESAS, type Empresa } from '../../src/contracts/common';
import { createApp, type AppDeps } from '../../src/server/app';
import { hashPassword } from '../../src/server/auth/senha';
import type { CompanyDatabase } from '../../src/server/db/database';
import { openPgliteDatabase } from '../../src/server/db/open-pglite';
import type { PastasDoccob } from '../../src/contracts/faturas';
import { pastasEdi } from '../../src/server/ingest/ler-pasta-edi';
import { perfil } from '../../src/server/db/schema/perfil';
import { usuario } from '../../src/server/db/schema/usuario';
import { usuarioPerfil } from '../../src/server/db/schema/usuario-perfil';
import { SENHA_DEMO } from '../../src/server/demo/demo-usuarios';
import { openCompanyDatabases, type DatabaseLocation } from '../../src/server/abrir-bancos-empresas';
import { hashBarato } from './hash-barato';
import { pgliteTemplate } from './pglite-template';
import { copiarModelo } from './pg-global-setup';
import { SENHA_ADMIN_TESTE } from './senha-admin-teste';
import type { CodigoPermissao } from '../../src/contracts/permissoes';

let hashDemoBarato: Promise<string> | undefined;
const hashSenhaDemoBarato = () => (hashDemoBarato ??= hashBarato(SENHA_DEMO));

export { SENHA_ADMIN_TESTE };
export const TEST_DB = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';

export interface RequestOptions {
  token?: string;
  empresa?: string;
  /** JSON, or a FormData sent as multipart/form-data (the DOCCOB upload). */
  body?: unknown;
  /** Sent as is (malformed JSON tests). */
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Where this file's databases live: in-memory PGlite, or its own schemas in the run's PostgreSQL database. */
export function testDatabaseLocation(): DatabaseLocation {
  if (TEST_DB === 'pg') return { databaseUrl: inject('pgUrl'), schemaSuffix: `_t${randomBytes(5).toString('hex')}` };
  return {};
}

export interface OpcoesHarness {
  /**
   * The demo CT-es (demo/semear-ctes-demo.ts). Each file starts from a seeded model with or without them (PGlite:
   * a cached dump, pglite-template.ts; PostgreSQL: the run's model, pg-global-setup.ts): only the files that read CT-es ask.
   */
  ctesDemo?: boolean;
}

/** Migrated and seeded databases of both companies, private to the calling test file. */
export async function openTestDatabases(opcoes: OpcoesHarness = {}): Promise<Record<Empresa, CompanyDatabase>> {
  // Lazy: with a cached template nothing needs hashing.
  let hash: Promise<string> | undefined;
  const demoPasswordHash = () => (hash ??= hashPassword(SENHA_DEMO));
  if (TEST_DB === 'pglite') {
    const abertos = await Promise.all(
      EMPRESAS.map(async (e) => openPgliteDatabase(e, undefined, await pgliteTemplate(e, SENHA_ADMIN_TESTE, demoPasswordHash, opcoes.ctesDemo === true))),
    );
    return Object.fromEntries(abertos.map((b) => [b.empresa, b])) as Record<Empresa, CompanyDatabase>;
  }
  // A copy of the run's seeded model (pg-global-setup.ts), with or without the demo CT-es.
  const modelo = inject('pgModelos')[opcoes.ctesDemo === true ? 'comCtes' : 'semCtes'];
  return openCompanyDatabases({ databaseUrl: await copiarModelo(inject('pgUrl'), modelo) });
}

/**
 * A temporary EDI_DIR with both companies' DOCCOB folders (docs/decisoes.md §18): give `ediDir` to createHarness; the
 * faturas tests put files in `pastas(empresa).entrada`. `remover` deletes it all.
 */
export function criarEdiDirTeste(): { ediDir: string; pastas: (empresa?: Empresa) => PastasDoccob; remover: () => void } {
  const ediDir = mkdtempSync(join(tmpdir(), 'frete-edi-'));
  for (const empresa of EMPRESAS) for (const pasta of Object.values(pastasEdi(ediDir, empresa, 'doccob'))) mkdirSync(pasta, { recursive: true });
  return { ediDir, pastas: (empresa = 'COLACRIL') => pastasEdi(ediDir, empresa, 'doccob'), remover: () => rmSync(ediDir, { recursive: true, force: true }) };
}

export type Harness = Awaited<ReturnType<typeof createHarness>>;

/** A fresh, seeded app per test file (seeding hashes with real scrypt, so once per file). */
export async function createHarness(deps: Partial<AppDeps> = {}, opcoes: OpcoesHarness = {}) {
  const bancos = await openTestDatabases(opcoes);
  // The per-address limit would trip on a file's many logins; login-limites.test.ts checks it with its own app.
  const app = createApp({ bancos, rateLimit: { falhasPorEndereco: 100_000 }, logError: () => {}, ...deps });
  const tokens = new Map<string, string>();
  let contador = 0;

  const request = (method: string, path: string, opcoes: RequestOptions = {}) => {
    const headers: Record<string, string> = { ...opcoes.headers };
    if (opcoes.token) headers.Authorization = `Bearer ${opcoes.token}`;
    if (opcoes.empresa) headers['X-Empresa'] = opcoes.empresa;
    let body: string | FormData | undefined;
    if (opcoes.body instanceof FormData) body = opcoes.body;
    else if (opcoes.rawBody !== undefined || opcoes.body !== undefined) {
      headers['Content-Type'] ??= 'application/json';
      body = opcoes.rawBody ?? JSON.stringify(opcoes.body);
    }
    return app.request(path, { method, headers, body });
  };

  const loginResponse = (login: string, senha: string, empresa: Empresa = 'COLACRIL') =>
    request('POST', '/api/login', { empresa, body: { login, senha } });

  const login = async (login: string, senha: string, empresa: Empresa = 'COLACRIL') => {
    const resposta = await loginResponse(login, senha, empresa);
    if (resposta.status !== 200) throw new Error(`login ${login}@${empresa}: ${resposta.status} ${await resposta.text()}`);
    return resposta.headers.get('Authorization')!.replace(/^Bearer /, '');
  };

  /** Token of a new user holding exactly these roles (one profile), password SENHA_DEMO. Cached per roles+level. */
  const tokenCom = async (roles: readonly CodigoPermissao[], nivel = 'GERENTE', empresa: Empresa = 'COLACRIL') => {
    const chave = `${empresa}|${nivel}|${[...roles].sort().join(',')}`;
    const pronto = tokens.get(chave);
    if (pronto) return pronto;
    const loginNovo = `teste${++contador}`;
    await criarUsuario(empresa, loginNovo, roles, nivel);
    const token = await login(loginNovo, SENHA_DEMO, empresa);
    tokens.set(chave, token);
    return token;
  };

  /**
   * Inserts a user directly, password SENHA_DEMO under a cheap scrypt (hashBarato): its logins cost a
   * millisecond instead of the real cost's third of a second (a file logs in scores of them).
   */
  const criarUsuario = async (empresa: Empresa, loginNovo: string, roles: readonly string[], nivel = 'GERENTE') => {
    const { db } = bancos[empresa];
    const senhaHash = await hashSenhaDemoBarato();
    return db.transaction(async (tx) => {
      const [novo] = await tx
        .insert(usuario)
        .values({ login: loginNovo, nome: `Usuário ${loginNovo}`, senhaHash, nivel })
        .returning({ id: usuario.id });
      if (roles.length) {
        const [p] = await tx.insert(perfil).values({ descricao: `Perfil de ${loginNovo}`, roles: [...roles] }).returning({ id: perfil.id });
        await tx.insert(usuarioPerfil).values({ usuarioId: novo.id, perfilId: p.id });
      }
      return novo.id;
    });
  };

  /** Every row of the tables a request could change: compared before/after bad requests. */
  const snapshot = async (empresa: Empresa = 'COLACRIL') => {
    const { db } = bancos[empresa];
    const tudo = (tabela: string) => db.execute(sql.raw(`select * from ${tabela} order by 1, 2`)).then((r) => (r as unknown as { rows: unknown[] }).rows);
    const cadastros = await Promise.all(
      ['transportadora', 'cliente', 'configuracao', 'configuracao_cliente', 'tipo_veiculo', 'veiculo', 'motorista', 'uf', 'tabela_frete'].map(tudo),
    );
    const [perfis, usuarios, vinculos, contagem] = await Promise.all([
      db.select().from(perfil).orderBy(asc(perfil.id)),
      db.select().from(usuario).orderBy(asc(usuario.id)),
      db.select().from(usuarioPerfil).orderBy(asc(usuarioPerfil.usuarioId), asc(usuarioPerfil.perfilId)),
      db.select({ ufs: sql<number>`(select count(*) from uf)::int`, municipios: sql<number>`(select count(*) from municipio)::int` }).from(sql`(select 1) as um`),
    ]);
    return JSON.stringify({ perfis, usuarios, vinculos, contagem, cadastros });
  };

  /** Each bad body answers `status` with exactly its messages, and no row of the company changes. */
  const recusas = async (enviar: (corpo: unknown) => Response | Promise<Response>, casos: [unknown, string[]][], status = 400) => {
    const antes = await snapshot();
    for (const [corpo, mensagens] of casos) {
      const r = await enviar(corpo);
      expect(r.status, JSON.stringify(corpo)).toBe(status);
      expect(await r.json()).toEqual({ mensagens });
    }
    expect(await snapshot()).toBe(antes);
  };

  return {
    app,
    bancos,
    request,
    login,
    loginResponse,
    tokenCom,
    criarUsuario,
    snapshot,
    recusas,
    adminToken: (empresa: Empresa = 'COLACRIL') => tokenCom([], 'ADMIN', empresa),
    close: () => Promise.all(Object.values(bancos).map((b) => b.close())),
  };
}

export const json = async <T = any>(resposta: Response): Promise<T> => (await resposta.json()) as T;
