import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../src/contracts/common';
import { motorista } from '../../src/server/db/schema/motorista';
import { perfil } from '../../src/server/db/schema/perfil';
import { usuario } from '../../src/server/db/schema/usuario';
import { tipoVeiculo, veiculo } from '../../src/server/db/schema/veiculo';
import { neutralizarTexto } from '../../src/server/exportacao/colunas-exportacao';
import { coluna, lerCsv, lerXlsx, NOME_FORMULA, recusasExportacao } from './exportar-dados';
import { createHarness, json, type Harness } from './harness';

// Issue 32: "Exportar para Excel" (and CSV) of the registers. Each export is read back (exceljs, papaparse) and
// compared with its list for the same query: the same rows in the same order, X-Total-Linhas = totalElements,
// formula-like names neutralised, numbers as number cells; then the refusals (404 empty, 400 formato, 403).

let h: Harness;
let admin: string;
let semPermissao: string;
const db = () => h.bancos.COLACRIL.db;

const MARCA = 'Exportacaoteste';
let loginFormula = '';

beforeAll(async () => {
  h = await createHarness();
  admin = await h.adminToken();
  semPermissao = await h.tokenCom([], 'REPRESENTANTE');
  // Formula-like names in every register (written straight to the tables: the point is what leaves, not the save).
  await db().execute(sql`update transportadora set razao_social = ${NOME_FORMULA} where id = (select min(id) from transportadora)`);
  await db().execute(sql`update cliente set razao_social = ${`+${MARCA} cliente`} where id = (select min(id) from cliente)`);
  const [tipo] = await db().insert(tipoVeiculo).values({ descricao: `=${MARCA} tipo`, codigo: '@T1', capacidade: '12500.500' }).returning();
  await db().insert(tipoVeiculo).values({ descricao: `${MARCA} sem capacidade` });
  await db()
    .insert(veiculo)
    .values([
      { placa: 'EXP1A23', modelo: `@${MARCA} modelo`, fabricante: '-1+1', tipoVeiculoId: tipo.id, capacidade: '80.50', carga: '12000.250' },
      { placa: 'EXP1A24', modelo: null, fabricante: null, tipoVeiculoId: null },
    ]);
  await db().insert(motorista).values({
    nome: `=${MARCA} motorista`, cpf: '90000000001', rg: '+55', rntnc: '1', logradouro: 'Rua A', cep: '01001000', cidade: 'São Paulo', uf: 'SP',
  });
  await db().insert(perfil).values({ descricao: `+${MARCA} perfil`, roles: ['FRETE_CTE_M', 'FRETE_FAT_M'] });
  loginFormula = `exp${Date.now().toString(36)}`;
  await h.criarUsuario('COLACRIL', loginFormula, ['FRETE_CTE_M']);
  await db().update(usuario).set({ nome: `@${MARCA} usuário`, email: 'exp@exemplo.com.br' }).where(eq(usuario.login, loginFormula));
});
afterAll(() => h?.close());

const get = (path: string, token = admin) => h.request('GET', path, { token });
const texto = (v: string | null | undefined) => (v === null || v === undefined || v === '' ? null : neutralizarTexto(v));

/** Every page of the list for the query (size 300, the largest a list takes), as one. */
async function listaInteira<T>(caminho: string, query: string): Promise<Page<T>> {
  const conteudo: T[] = [];
  for (let pagina = 0; ; pagina++) {
    const r = await get(`${caminho}?${query}&page=${pagina}&size=300`);
    expect(r.status, await r.clone().text()).toBe(200);
    const p = await json<Page<T>>(r);
    conteudo.push(...p.content);
    if (conteudo.length >= p.totalElements || !p.content.length) return { ...p, content: conteudo };
  }
}

interface Caso<T> {
  lista: string;
  exportar: string;
  query: string;
  /** A text column of the sheet and the same value read from the list's item. */
  titulo: string;
  valor: (item: T) => string | null | undefined;
}

/** xlsx rows = X-Total-Linhas = totalElements, in the list's order; the CSV has the same rows and header. */
async function conferir<T>(c: Caso<T>) {
  const pagina = await listaInteira<T>(c.lista, c.query);
  expect(pagina.totalElements).toBeGreaterThan(0);
  const { folha, total, cabecalho } = await lerXlsx(await get(`${c.exportar}?${c.query}&formato=xlsx`));
  expect(total).toBe(pagina.totalElements);
  expect(folha.rowCount - 1).toBe(total);
  expect(coluna(folha, cabecalho, c.titulo).map((x) => x.value)).toEqual(pagina.content.map((i) => texto(c.valor(i))));
  const csv = await lerCsv(await get(`${c.exportar}?${c.query}&formato=csv`));
  expect(csv[0]).toEqual(cabecalho);
  expect(csv).toHaveLength(total + 1);
  const n = cabecalho.indexOf(c.titulo);
  expect(csv.slice(1).map((l) => l[n] || null)).toEqual(pagina.content.map((i) => texto(c.valor(i))));
  return { folha, cabecalho, csv };
}

type Transp = { razaoSocial: string; nomeFantasia: string | null };
type ComDescricao = { descricao: string };

describe('GET /<register>/exportar: the list, whole, in its order', () => {
  it('transportadoras: the listar-simples filters and sort; the formula-like name leaves neutralised; IBGE code a number', async () => {
    for (const query of ['desativados=true', 'sort=nomeFantasia,desc', 'transportadora=a&sort=razaoSocial,desc', 'search=uf==SP']) {
      await conferir<Transp>({ lista: '/api/transportadoras/listar-simples', exportar: '/api/transportadoras/exportar', query, titulo: 'Razão social', valor: (t) => t.razaoSocial });
    }
    const { folha, cabecalho } = await conferir<Transp>({
      lista: '/api/transportadoras/listar-simples', exportar: '/api/transportadoras/exportar', query: 'desativados=true', titulo: 'Nome fantasia', valor: (t) => t.nomeFantasia,
    });
    expect(coluna(folha, cabecalho, 'Razão social').map((c) => c.value)).toContain(`'${NOME_FORMULA}`);
    const ibge = coluna(folha, cabecalho, 'Código IBGE').filter((c) => c.value !== null);
    expect(ibge.length).toBeGreaterThan(0);
    for (const c of ibge) expect(typeof c.value).toBe('number');
    expect(new Set(coluna(folha, cabecalho, 'Ativa').map((c) => c.value))).toEqual(new Set(['Sim']));
  });

  it('clientes: GET /clientes?search= and its sort', async () => {
    for (const query of ['search=razaoSocial=ik=a', 'search=estado==SP&sort=cidade,desc', 'search=ativado=in=(true,false)']) {
      await conferir<{ vwCliente: { razaoSocial: string } }>({ lista: '/api/clientes', exportar: '/api/clientes/exportar', query, titulo: 'Razão social', valor: (c) => c.vwCliente.razaoSocial });
    }
    const { folha, cabecalho } = await lerXlsx(await get(`/api/clientes/exportar?search=${encodeURIComponent(`razaoSocial==*${MARCA}*`)}`));
    expect(coluna(folha, cabecalho, 'Razão social').map((c) => c.value)).toEqual([`'+${MARCA} cliente`]);
  });

  it('tipos de veículo: capacity as a number with 3 places; a type without one is an empty cell', async () => {
    const query = `search=${encodeURIComponent(`descricao==*${MARCA}*`)}`;
    const { folha, cabecalho } = await conferir<ComDescricao>({ lista: '/api/tipos-veiculo', exportar: '/api/tipos-veiculo/exportar', query, titulo: 'Descrição', valor: (t) => t.descricao });
    expect(coluna(folha, cabecalho, 'Descrição').map((c) => c.value)).toEqual([`'=${MARCA} tipo`, `${MARCA} sem capacidade`]);
    expect(coluna(folha, cabecalho, 'Código').map((c) => c.value)).toEqual(["'@T1", null]);
    const [capacidade, vazia] = coluna(folha, cabecalho, 'Capacidade (Kg)');
    expect(capacidade.value).toBe(12500.5);
    expect(capacidade.numFmt).toBe('#,##0.000');
    expect(vazia.value).toBeNull();
    await conferir<ComDescricao>({ lista: '/api/tipos-veiculo', exportar: '/api/tipos-veiculo/exportar', query: 'sort=codigo,desc', titulo: 'Descrição', valor: (t) => t.descricao });
  });

  it('veículos: sorted by a column with blanks, both ways; capacity and load as numbers', async () => {
    for (const query of ['sort=modelo,asc', 'sort=modelo,desc', 'sort=fabricante,desc;placa,desc', 'search=placa==EXP*']) {
      await conferir<{ placa: string }>({ lista: '/api/veiculos', exportar: '/api/veiculos/exportar', query, titulo: 'Placa', valor: (v) => v.placa });
    }
    const { folha, cabecalho } = await lerXlsx(await get('/api/veiculos/exportar?search=placa==EXP1A23'));
    expect(coluna(folha, cabecalho, 'Modelo')[0].value).toBe(`'@${MARCA} modelo`);
    expect(coluna(folha, cabecalho, 'Fabricante')[0].value).toBe("'-1+1");
    expect(coluna(folha, cabecalho, 'Tipo de veículo')[0].value).toBe(`'=${MARCA} tipo`);
    expect(coluna(folha, cabecalho, 'Capacidade (m³)')[0].value).toBe(80.5);
    expect(coluna(folha, cabecalho, 'Carga (Kg)')[0].value).toBe(12000.25);
  });

  it('motoristas: INATIVO hidden as in the list unless the search names status', async () => {
    for (const query of ['sort=nome,desc', 'search=status=in=(ATIVO,INATIVO)&sort=cnh,asc']) {
      await conferir<{ nome: string }>({ lista: '/api/motoristas', exportar: '/api/motoristas/exportar', query, titulo: 'Nome', valor: (m) => m.nome });
    }
    const { folha, cabecalho } = await lerXlsx(await get('/api/motoristas/exportar?search=cpf==90000000001'));
    expect(coluna(folha, cabecalho, 'Nome').map((c) => c.value)).toEqual([`'=${MARCA} motorista`]);
    expect(coluna(folha, cabecalho, 'RG').map((c) => c.value)).toEqual(["'+55"]);
    expect(coluna(folha, cabecalho, 'CPF').map((c) => c.value)).toEqual(['900.000.000-01']);
  });

  it('usuários: the list columns and never a password hash, token or session column', async () => {
    for (const query of ['sort=email,desc', 'search=ativado=in=(true,false)']) {
      await conferir<{ login: string }>({ lista: '/api/usuarios', exportar: '/api/usuarios/exportar', query, titulo: 'Login', valor: (u) => u.login });
    }
    const r = await get(`/api/usuarios/exportar?search=login==${loginFormula}&formato=csv`);
    const csv = await r.clone().text();
    const [linha] = await db().select({ senhaHash: usuario.senhaHash }).from(usuario).where(eq(usuario.login, loginFormula));
    expect(linha.senhaHash.length).toBeGreaterThan(10);
    expect(csv).not.toContain(linha.senhaHash);
    const registros = await lerCsv(r);
    expect(registros[0]).toEqual(['Login', 'Nome', 'E-mail', 'Nível', 'Perfis', 'Ativo']);
    expect(registros[0].join('|')).not.toMatch(/senha|hash|token|sess/i);
    expect(registros[1]).toEqual([loginFormula, `'@${MARCA} usuário`, 'exp@exemplo.com.br', 'GERENTE', `Perfil de ${loginFormula}`, 'Sim']);
  });

  it('perfis: permissions and holders counted as numbers', async () => {
    await conferir<ComDescricao>({ lista: '/api/perfis', exportar: '/api/perfis/exportar', query: 'sort=descricao,desc', titulo: 'Descrição', valor: (p) => p.descricao });
    const { folha, cabecalho } = await lerXlsx(await get(`/api/perfis/exportar?search=${encodeURIComponent(`descricao==*${MARCA}*`)}`));
    expect(coluna(folha, cabecalho, 'Descrição').map((c) => c.value)).toEqual([`'+${MARCA} perfil`]);
    expect(coluna(folha, cabecalho, 'Permissões')[0].value).toBe(2);
    expect(coluna(folha, cabecalho, 'Usuários ativos')[0].value).toBe(0);
    expect(coluna(folha, cabecalho, 'Códigos de permissão')[0].value).toBe('FRETE_CTE_M, FRETE_FAT_M');
  });

  it('limites por UF: the 28 UFs (EX with zeros) and the limits as numbers with 4 places', async () => {
    const { folha, cabecalho } = await conferir<{ nome: string }>({ lista: '/api/ufs', exportar: '/api/ufs/exportar', query: 'sort=limiteFretePeso,desc', titulo: 'Nome', valor: (u) => u.nome });
    expect(folha.rowCount - 1).toBe(28);
    for (const c of coluna(folha, cabecalho, 'Limite peso R$/kg')) {
      expect(typeof c.value).toBe('number');
      expect(c.numFmt).toBe('#,##0.0000');
    }
  });
});

describe('GET /<register>/exportar: refusals', () => {
  const casos: [string, string, string][] = [
    ['/api/transportadoras/exportar', 'transportadora=nada-assim-existe', 'desativados=true'],
    ['/api/clientes/exportar', 'search=razaoSocial==nada-assim', 'search=ativado=in=(true,false)'],
    ['/api/tipos-veiculo/exportar', 'search=descricao==nada-assim', 'sort=descricao'],
    ['/api/veiculos/exportar', 'search=placa==ZZZ9Z99', 'sort=placa'],
    ['/api/motoristas/exportar', 'search=nome==nada-assim', 'sort=nome'],
    ['/api/usuarios/exportar', 'search=login==nada-assim', 'sort=nome'],
    ['/api/perfis/exportar', 'search=descricao==nada-assim', 'sort=descricao'],
    ['/api/ufs/exportar', 'search=sigla==ZZ', 'sort=nome'],
  ];
  it.each(casos)('%s: 404 when nothing matches, 400 for a bad formato, 403 without the list permission', async (base, vazio, cheio) => {
    await recusasExportacao(h, { token: admin, semPermissao, vazio: `${base}?${vazio}&formato=xlsx`, comFiltro: `${base}?${cheio}&formato=csv` });
  });

  it('a bad sort or search is the list’s own 400, in Portuguese', async () => {
    const r = await get('/api/veiculos/exportar?sort=senha');
    expect(r.status).toBe(400);
    expect(await json(r)).toEqual({ mensagens: ['Campo de ordenação desconhecido: senha'] });
    const s = await get('/api/usuarios/exportar?search=senhaHash==x');
    expect(s.status).toBe(400);
    expect(await json(s)).toEqual({ mensagens: ['Campo de busca desconhecido: senhaHash'] });
  });
});
