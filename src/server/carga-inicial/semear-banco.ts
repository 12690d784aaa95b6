import { resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { hashPassword } from '../auth/senha';
import type { CompanyDatabase, Db } from '../db/database';
import { chaveAssinatura } from '../db/schema/chave-assinatura';
import { perfil } from '../db/schema/perfil';
import { usuario } from '../db/schema/usuario';
import { usuarioPerfil } from '../db/schema/usuario-perfil';
import { desativarContasDemo } from '../demo/contas-demo-producao';
import { seedDadosFixos } from '../db/referencia/dados-fixos';
import { PERFIL_ADMIN, type PerfilInicial } from '../db/referencia/perfil-admin';
import { demoPerfis } from '../demo/demo-perfis';
import { SENHA_ADMIN_DEMO, SENHA_DEMO, demoUsuarios } from '../demo/demo-usuarios';
import { pastasXml, seedConfiguracao } from '../db/referencia/semear-configuracao';
import { seedVeiculosDemo } from '../demo/semear-veiculos-demo';
import { seedEmpresaDemo } from '../demo/semear-empresa-demo';
import { demoErpSource, schemaErpConfigurado } from '../erp/erp-source';
import { sincronizarClientes, sincronizarTransportadoras } from '../erp/sincronizar-erp';
import { cliente } from '../db/schema/cliente';
import { transportadora } from '../db/schema/transportadora';
import { seedCtesDemo } from '../demo/semear-ctes-demo';
import { seedFaturasDemo } from '../demo/faturas-demo/semear-faturas-demo';
import { seedMinutasDemo } from '../demo/minutas-demo/semear-minutas-demo';
import { seedErpDemo, tamanhoErpDemo } from '../demo/semear-erp-demo';
import { seedRelatoriosDemo } from '../demo/semear-relatorios-demo';
import { seedTabelasFreteDemo } from '../demo/semear-tabelas-frete-demo';
import { travarCarga } from '../db/travar-carga';

/** XML_DIR when not set: ./data/xml. */
export const PASTA_XML_PADRAO = resolve('data', 'xml');

export interface SeedOptions {
  /** Password of the admin user; without it the documented demo password is used (with a warning). */
  adminPassword?: string;
  /**
   * The embedded demo: demo users (diretor, gerente, supervisor, representante), demo profiles, the demo ERP,
   * registers, freight tables and CT-es. Default: only without adminPassword (docs/decisoes.md §32: a production
   * install, which sets ADMIN_PASSWORD, gets the admin alone). Tests and benchmarks that set a password and still want
   * the demo say demo: true.
   */
  demo?: boolean;
  /** Hash of the demo password, computed once and shared by every demo user (and company); called only when users are seeded. */
  demoPasswordHash?: () => Promise<string>;
  /** Rows of the demo ERP views (default ERP_DEMO_TAMANHO or 80 carriers / 400 customers). */
  erpDemo?: { transportadoras: number; clientes: number };
  /**
   * Register the demo ERP's carriers and customers and seed the demo freight tables (default true): the demo
   * works out of the box. The 50,000-row benchmark turns it off to measure the first sync itself.
   */
  cadastrosDemo?: boolean;
  /**
   * Base folder of the CT-e XMLs (XML_DIR): a new database's settings point at <base>/<empresa>/entrada,
   * saida and erro (default ./data/xml, absolute).
   */
  pastaXml?: string;
  /**
   * Base folder of the PROCEDA files (EDI_DIR, default <DATA_DIR>/edi): the demo drops a DOCCOB into
   * <base>/<empresa>/doccob/entrada on a new database (docs/decisoes.md §18). Without it, no file is dropped.
   */
  pastaEdi?: string;
  /**
   * Seed the demo CT-es (default true, with the demo registers). The PostgreSQL test harness turns it off
   * for the files that do not read them: seeding 3,300 engine-priced CT-es costs seconds a file.
   */
  ctesDemo?: boolean;
  /** Where the demo-password warning goes (default console.warn). */
  log?: (mensagem: string) => void;
}

const vazia = async (db: Db, tabela: PgTable) =>
  (await db.select({ n: sql<number>`count(*)::int` }).from(tabela)).at(0)?.n === 0;

/** First-start seed, idempotent: each part runs only while its table is empty. */
export async function seedDatabase(banco: CompanyDatabase, opcoes: SeedOptions = {}): Promise<void> {
  const { db, empresa } = banco;
  const log = opcoes.log ?? console.warn;
  const demo = opcoes.demo ?? opcoes.adminPassword === undefined;
  const semUsuarios = await vazia(db, usuario);
  // scrypt is slow on purpose: only when users will be created, and on libuv's threads while the base and
  // the registers are written (awaited right before the users).
  const hashes = semUsuarios
    ? Promise.all([hashPassword(opcoes.adminPassword ?? SENHA_ADMIN_DEMO), demo ? (opcoes.demoPasswordHash?.() ?? hashPassword(SENHA_DEMO)) : ''])
    : Promise.resolve(['', '']);
  hashes.catch(() => {}); // awaited below; a failure before that point must not surface as unhandled

  await db.transaction(async (tx) => {
    // Two processes starting on the same PostgreSQL schema seed it once.
    await travarCarga(tx);
    await seedBase(tx, pastasXml(opcoes.pastaXml ?? PASTA_XML_PADRAO, empresa));
    if (await vazia(tx, perfil)) {
      const perfis: PerfilInicial[] = demo ? demoPerfis(empresa) : [PERFIL_ADMIN];
      await tx.insert(perfil).values(perfis.map((p) => ({ descricao: p.descricao, roles: p.roles, ativado: p.ativado ?? true })));
    }
    if (demo) await seedCadastrosDemo(tx, banco, opcoes);
    if (!semUsuarios || !(await vazia(tx, usuario))) return;
    const [hashAdmin, hashDemo] = await hashes;
    await seedUsuarios(tx, empresa, [
      { login: 'admin', nome: 'Administrador', nivel: 'ADMIN', perfis: [PERFIL_ADMIN.descricao], hash: hashAdmin },
      ...(demo ? demoUsuarios(empresa).map((u) => ({ ...u, hash: hashDemo })) : []),
    ]);
    if (opcoes.adminPassword === undefined) log(avisoSenhaDemo(empresa));
  });
  // Demo CT-es over the demo registers and tables, after the users (an approval names its reviewer).
  if (demo && !schemaErpConfigurado(banco.empresa) && opcoes.cadastrosDemo !== false && opcoes.ctesDemo !== false) {
    await seedCtesDemo(banco);
    // Demo faturas over those CT-es, and one DOCCOB left in the input folder (only while no fatura exists).
    await seedFaturasDemo(banco, { pastaEdi: opcoes.pastaEdi });
    // Demo minutas in every status, and the CONEMB sample ready to read (its carrier registered, the file in the input folder).
    await seedMinutasDemo(banco, { pastaEdi: opcoes.pastaEdi });
  }
  // The ERP's note PDFs (each fifth note has none) and receivables of the report downloads, after
  // every demo note exists (those of the CT-es and minutas too).
  if (demo && !schemaErpConfigurado(banco.empresa)) await seedRelatoriosDemo(banco);
  // A production install over a database an earlier version seeded with the demo: no published password opens it.
  if (!demo) await desativarContasDemo(banco, log);
}

export const avisoSenhaDemo = (empresa: string) =>
  `AVISO (${empresa}): ADMIN_PASSWORD não definida; o usuário admin foi criado com a senha de demonstração "${SENHA_ADMIN_DEMO}". ` +
  `Usuários de demonstração: diretor, gerente, supervisor, representante (senha "${SENHA_DEMO}").`;

/** What every install needs: the token signing key, the release notes, IBGE's UFs and municipalities, the settings row. */
async function seedBase(tx: Db, pastas: ReturnType<typeof pastasXml>): Promise<void> {
  await tx
    .insert(chaveAssinatura)
    .values({ id: 1, chave: randomBytes(64).toString('base64') })
    .onConflictDoNothing();
  await seedDadosFixos(tx);
  await seedConfiguracao(tx, pastas);
}

/** The demo's vehicles and drivers, its ERP (when no real one is configured), the registers synced from it and the freight tables. */
async function seedCadastrosDemo(tx: Db, banco: CompanyDatabase, opcoes: SeedOptions): Promise<void> {
  await seedVeiculosDemo(tx);
  await seedEmpresaDemo(tx, banco.empresa);
  // A configured real ERP is read where it is; the demo ERP is seeded only when none is configured.
  if (schemaErpConfigurado(banco.empresa)) return;
  await seedErpDemo({ ...banco, db: tx }, opcoes.erpDemo ?? tamanhoErpDemo());
  if (opcoes.cadastrosDemo === false) return;
  // Same path as Atualizar (GET /transportadoras/atualizar, /clientes/atualizar): a no-op once synced.
  const erp = demoErpSource({ ...banco, db: tx });
  if (await vazia(tx, transportadora)) await sincronizarTransportadoras(tx, erp);
  if (await vazia(tx, cliente)) await sincronizarClientes(tx, erp);
  await seedTabelasFreteDemo(tx);
}

interface NovoUsuario {
  login: string;
  nome: string;
  nivel: string;
  perfis: string[];
  hash: string;
}

async function seedUsuarios(tx: Db, empresa: string, usuarios: NovoUsuario[]): Promise<void> {
  const perfis = await tx.select({ id: perfil.id, descricao: perfil.descricao }).from(perfil);
  const idPerfil = new Map(perfis.map((p) => [p.descricao, p.id]));
  const criados = await tx
    .insert(usuario)
    .values(usuarios.map((u) => ({ login: u.login, nome: u.nome, email: `${u.login}@${empresa.toLowerCase()}.exemplo.com.br`, senhaHash: u.hash, nivel: u.nivel })))
    .returning({ id: usuario.id, login: usuario.login });
  const idUsuario = new Map(criados.map((u) => [u.login, u.id]));
  const vinculos = usuarios.flatMap((u) => u.perfis.filter((d) => idPerfil.has(d)).map((d) => ({ usuarioId: idUsuario.get(u.login)!, perfilId: idPerfil.get(d)! })));
  if (vinculos.length) await tx.insert(usuarioPerfil).values(vinculos);
}
