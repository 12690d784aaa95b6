import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, inArray, isNull, or, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CtePage } from '../../src/contracts/ctes';
import { municipioPageSchema, municipiosSchema } from '../../src/contracts/municipios';
import { perfilPageSchema } from '../../src/contracts/perfis';
import { transportadoraPageSchema, transportadorasSchema } from '../../src/contracts/transportadoras';
import { ufPageSchema } from '../../src/contracts/ufs';
import { usuarioPageSchema } from '../../src/contracts/usuarios';
import { tipoVeiculoPageSchema } from '../../src/contracts/veiculos';
import { cliente } from '../../src/server/db/schema/cliente';
import { motorista } from '../../src/server/db/schema/motorista';
import { municipio } from '../../src/server/db/schema/municipio';
import { perfil } from '../../src/server/db/schema/perfil';
import { cte } from '../../src/server/db/schema/cte';
import { transportadora } from '../../src/server/db/schema/transportadora';
import { uf } from '../../src/server/db/schema/uf';
import { usuario } from '../../src/server/db/schema/usuario';
import { tipoVeiculo } from '../../src/server/db/schema/veiculo';
import type { SearchFields } from '../../src/server/list/search-fields';
import { sortToSql } from '../../src/server/list/sort-to-sql';
import { CLIENTE_CAMPOS } from '../../src/server/routes/clientes';
import { MOTORISTA_CAMPOS } from '../../src/server/routes/motoristas';
import { PERFIL_CAMPOS } from '../../src/server/routes/perfis';
import { TRANSPORTADORA_CAMPOS } from '../../src/server/routes/transportadoras';
import { MUNICIPIO_CAMPOS, UF_CAMPOS } from '../../src/server/routes/ufs';
import { USUARIO_CAMPOS } from '../../src/server/routes/usuarios';
import { TIPO_VEICULO_CAMPOS } from '../../src/server/routes/veiculos';
import { MIGRATIONS_FOLDER } from '../../src/server/db/migrations-folder';
import { dobrarSql } from '../../src/server/db/texto-busca';
import { gerarCtes } from '../../src/server/demo/gerar-ctes';
import { inserirCte } from './ctes-dados';
import { createHarness, json, SENHA_ADMIN_TESTE, type Harness } from './harness';

// Every text sort of the server in Portuguese order (src/server/db/ordem-texto.ts), the same on PGlite
// and PostgreSQL: accents and case only break ties, so "Pará, Paraíba, Paraná", and "éter" sits by "Etapa".
let h: Harness;
let token: string;
beforeAll(async () => {
  h = await createHarness();
  token = await h.login('admin', SENHA_ADMIN_TESTE);
});
afterAll(() => h?.close());

const db = () => h.bancos.COLACRIL.db;
const get = async (path: string) => {
  const r = await h.request('GET', path, { token });
  const corpo = await json(r);
  expect(r.status, JSON.stringify(corpo)).toBe(200);
  return corpo;
};
const q = (s: string) => encodeURIComponent(s);

/** pt-BR at base strength: accents and case compare equal, so only the order of the letters is checked. */
const pt = new Intl.Collator('pt-BR', { sensitivity: 'base' });
const emOrdem = (nomes: string[]) => nomes.slice(1).every((n, i) => pt.compare(nomes[i], n) <= 0);

// The expected order, spelled out (ties of one folded key: unaccented before accented, capital first).
const MARCA = ' Ordemteste';
const ESPERADO = ['abacate', 'Ágata', 'Etapa', 'éter', 'Para', 'Pará', 'pará', 'Paraíba', 'Paraná', 'Zebra'].map((n) => `${n}${MARCA}`);
/** The same names in a scrambled insertion order, so the ids say nothing about the order. */
const EMBARALHADO = [8, 2, 6, 0, 9, 4, 1, 7, 3, 5].map((i) => ESPERADO[i]);

describe('registers sorted by a text', () => {
  it('GET /ufs by nome: Pará, Paraíba, Paraná', async () => {
    const nomes = ufPageSchema.parse(await get('/api/ufs?size=100&sort=nome')).content.map((u) => u.nome);
    expect(nomes.filter((n) => /^Par[aá]/.test(n))).toEqual(['Pará', 'Paraíba', 'Paraná']);
    expect(nomes.indexOf('Espírito Santo')).toBeLessThan(nomes.indexOf('Goiás'));
    expect(emOrdem(nomes)).toBe(true);
    const desc = ufPageSchema.parse(await get('/api/ufs?size=100&sort=nome,desc')).content.map((u) => u.nome);
    expect(desc).toEqual([...nomes].reverse());
    // The default sort is nome too.
    expect(ufPageSchema.parse(await get('/api/ufs?size=100')).content.map((u) => u.nome)).toEqual(nomes);
  });

  it('GET /municipios and the autocomplete: accented names among the others', async () => {
    const lista = municipioPageSchema.parse(await get(`/api/municipios?size=300&sort=nome&search=${q('siglaUf==PR')}`)).content.map((m) => m.nome);
    expect(lista.length).toBe(300);
    expect(emOrdem(lista)).toBe(true);
    // "Águia Branca"-like names are not pushed after the Z's: Á sorts as A.
    const comAcento = lista.findIndex((n) => /^[ÁÂÃ]/.test(n));
    expect(comAcento === -1 || comAcento < lista.findIndex((n) => n.startsWith('B'))).toBe(true);
    const auto = municipiosSchema.parse(await get(`/api/municipios/findByNomeOrCodigo?municipio=${q('parana')}&size=20`)).map((m) => m.nome);
    // Names starting with the text first, each group in Portuguese order.
    const comeca = auto.filter((n) => /^paran/i.test(n.normalize('NFD').replace(/\p{M}/gu, '')));
    expect(auto.slice(0, comeca.length)).toEqual(comeca);
    expect(emOrdem(comeca)).toBe(true);
    expect(emOrdem(auto.slice(comeca.length))).toBe(true);
  });

  it('profiles, vehicle types, users and carriers: accented and lower-case names interleaved', async () => {
    for (const descricao of EMBARALHADO) {
      expect((await h.request('POST', '/api/perfis', { token, body: { descricao, roles: ['FRETE_CTE_M'] } })).status).toBe(201);
      expect((await h.request('POST', '/api/tipos-veiculo', { token, body: { descricao } })).status).toBe(201);
    }
    for (const [i, nome] of EMBARALHADO.entries()) {
      const id = await h.criarUsuario('COLACRIL', `ordemteste${i}`, []);
      await db().update(usuario).set({ nome }).where(eq(usuario.id, id));
    }
    await db()
      .insert(transportadora)
      .values(EMBARALHADO.map((razaoSocial, i) => ({ fornecedorId: `ORDEM-${i}`, razaoSocial })));
    const busca = q('descricao~ordemteste');
    const casos: [string, string, (corpo: unknown) => string[]][] = [
      ['perfis', `/api/perfis?search=${busca}&sort=descricao`, (c) => perfilPageSchema.parse(c).content.map((p) => p.descricao)],
      ['tipos de veículo', `/api/tipos-veiculo?search=${busca}&sort=descricao`, (c) => tipoVeiculoPageSchema.parse(c).content.map((t) => t.descricao)],
      ['usuários', `/api/usuarios?search=${q('nome=ik=ordemteste')}&sort=nome`, (c) => usuarioPageSchema.parse(c).content.map((u) => u.nome)],
      ['transportadoras', '/api/transportadoras/listar-simples?transportadora=ordemteste', (c) => transportadoraPageSchema.parse(c).content.map((t) => t.razaoSocial)],
      ['autocompletar transportadoras', '/api/transportadoras?transportadora=ordemteste', (c) => transportadorasSchema.parse(c).map((t) => t.razaoSocial)],
    ];
    for (const [nome, caminho, nomes] of casos) expect(nomes(await get(caminho)), nome).toEqual(ESPERADO);
    const desc = perfilPageSchema.parse(await get(`/api/perfis?search=${busca}&sort=descricao,desc`)).content.map((p) => p.descricao);
    expect(desc).toEqual([...ESPERADO].reverse());
  });

  it('the Fretes list by carrier (the issuer\'s name when unregistered)', async () => {
    // A third of the CT-es belong to the registered carrier of that name (its stored sort key, migration 0031), a third
    // sort by their issuer's stored key (trigger cte_emitente, 0032), a third by the key computed from the document (a
    // CT-e read before 0032 into a large table keeps NULL there): one order for all three.
    const registradas = new Map((await db().select({ id: transportadora.id, nome: transportadora.razaoSocial }).from(transportadora)).map((t) => [t.nome, t.id]));
    for (const [i, nome] of EMBARALHADO.entries()) {
      const id = await inserirCte(db(), { numero: 770001 + i, emitente: '11222333000181', emitenteNome: nome, remetente: null, destinatario: null, dataEmissao: '2008-05-10T12:00:00-03:00' });
      if (i % 3 === 0) await db().update(cte).set({ transportadoraId: registradas.get(nome)! }).where(eq(cte.id, id));
      if (i % 3 === 2) await db().update(cte).set({ emitenteNome: null, emitenteOrdem: null }).where(eq(cte.id, id));
    }
    const semChave = await db().select({ id: cte.id }).from(cte).where(and(isNull(cte.emitenteOrdem), inArray(cte.numero, [770003, 770006, 770009])));
    expect(semChave).toHaveLength(3);
    const lista = async (sort: string) =>
      ((await get(`/api/ctes/listar-simples?dataIni=2008-05-01&dataFim=2008-05-31&tomadorServico=TODOS&sort=${q(sort)}`)) as CtePage).content.map(
        (c) => c.transportadora?.nome ?? c.emitente,
      );
    expect(await lista('transportadora')).toEqual(ESPERADO);
    expect(await lista('transportadora,desc')).toEqual([...ESPERADO].reverse());
    const comTransportadora = ((await get(`/api/ctes/listar-simples?dataIni=2008-05-01&dataFim=2008-05-31&tomadorServico=TODOS`)) as CtePage).content.filter((c) => c.transportadora);
    expect(comTransportadora).toHaveLength(4);
  });

  it('the issuer\'s name and sort key beside the document, on insert and on a change of the document (trigger cte_emitente)', async () => {
    const id = await inserirCte(db(), { numero: 770101, emitente: '11222333000181', emitenteNome: 'ÁGATA Çedilha Ordemteste', remetente: null, destinatario: null, dataEmissao: '2008-06-10T12:00:00-03:00' });
    const ler = async () => (await db().select({ nome: cte.emitenteNome, ordem: cte.emitenteOrdem }).from(cte).where(eq(cte.id, id)))[0];
    expect(await ler()).toEqual({ nome: 'ÁGATA Çedilha Ordemteste', ordem: 'agata cedilha ordemteste' });
    await db().execute(sql`update cte set documento = jsonb_set(documento, '{emitente,nome}', '"Éter Paraná Ordemteste"') where id = ${id}`);
    expect(await ler()).toEqual({ nome: 'Éter Paraná Ordemteste', ordem: 'eter parana ordemteste' });
    // Every CT-e of the database, the volume generator's (one INSERT … SELECT) included, holds its document's name and
    // dobrarSql's key of it.
    await gerarCtes(h.bancos.COLACRIL, 40, { log: () => {} });
    const diferenteDoDocumento = or(
      sql`${cte.emitenteNome} is distinct from ${cte.documento}->'emitente'->>'nome' and ${cte.emitenteNome} is not null`,
      sql`${cte.emitenteOrdem} is distinct from ${dobrarSql(sql`${cte.documento}->'emitente'->>'nome'`)} and ${cte.emitenteOrdem} is not null`,
    );
    const diferentes = await db().select({ id: cte.id }).from(cte).where(diferenteDoDocumento);
    expect(diferentes).toEqual([]);
    // Only the three the test before emptied lack them (a name in the document, none beside it).
    const semChaveComNome = async () =>
      (await db().select({ n: sql<number>`count(*)::int` }).from(cte).where(and(isNull(cte.emitenteOrdem), sql`${cte.documento}->'emitente'->>'nome' is not null`)))[0].n;
    expect(await semChaveComNome()).toBe(3);
    // The migration's fill of the CT-es already read (its last statement), run again on CT-es without them.
    await db().update(cte).set({ emitenteNome: null, emitenteOrdem: null });
    expect(await semChaveComNome()).toBeGreaterThan(40);
    const preencher = readFileSync(join(MIGRATIONS_FOLDER, '0032_cte-emitente-ordem.sql'), 'utf8').split('--> statement-breakpoint').at(-1)!;
    await db().execute(sql.raw(preencher));
    expect(await semChaveComNome()).toBe(0);
    expect(await db().select({ id: cte.id }).from(cte).where(diferenteDoDocumento)).toEqual([]);
  });
});

/** The plan with sequential scans and full sorts priced out: only an index can give the order. */
async function plano(consulta: SQLWrapper): Promise<string> {
  return db().transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const r = (await tx.execute(sql`explain ${consulta}`)) as unknown as { rows: Record<string, string>[] };
    return r.rows.map((l) => Object.values(l)[0]).join('\n');
  });
}

describe('the name sorts stay index-backed', () => {
  const casos: [string, PgTable & { id: PgColumn }, SearchFields, string, SQL | undefined, string][] = [
    ['UFs by nome', uf, UF_CAMPOS, 'nome', undefined, 'uf_nome_ordem_idx'],
    ['UFs by sigla (a code: the plain index)', uf, UF_CAMPOS, 'sigla', undefined, 'uf_sigla_idx'],
    ['municipalities by nome', municipio, MUNICIPIO_CAMPOS, 'nome,desc', undefined, 'municipio_nome_ordem_idx'],
    ['profiles by descricao', perfil, PERFIL_CAMPOS, 'descricao', undefined, 'perfil_descricao_ordem_idx'],
    ['users by nome', usuario, USUARIO_CAMPOS, 'nome', undefined, 'usuario_nome_ordem_idx'],
    ['vehicle types by descricao', tipoVeiculo, TIPO_VEICULO_CAMPOS, 'descricao', undefined, 'tipo_veiculo_descricao_ordem_idx'],
    ['drivers by nome', motorista, MOTORISTA_CAMPOS, 'nome', undefined, 'motorista_nome_ordem_idx'],
    ['drivers by cidade', motorista, MOTORISTA_CAMPOS, 'cidade', undefined, 'motorista_cidade_ordem_idx'],
    ['active carriers by razaoSocial (the list\'s default)', transportadora, TRANSPORTADORA_CAMPOS, 'razaoSocial', eq(transportadora.ativado, true), 'transportadora_ativado_razao_ordem_idx'],
    ['every carrier by razaoSocial', transportadora, TRANSPORTADORA_CAMPOS, 'razaoSocial,desc', undefined, 'transportadora_razao_social_ordem_idx'],
    ['carriers by nomeFantasia', transportadora, TRANSPORTADORA_CAMPOS, 'nomeFantasia', undefined, 'transportadora_nome_fantasia_ordem_idx'],
    ['carriers by cnpj (a code: the plain index)', transportadora, TRANSPORTADORA_CAMPOS, 'cnpj', undefined, 'transportadora_cnpj_idx'],
    ['active customers by razaoSocial', cliente, CLIENTE_CAMPOS, 'razaoSocial', eq(cliente.ativado, true), 'cliente_ativado_razao_ordem_idx'],
    ['every customer by razaoSocial', cliente, CLIENTE_CAMPOS, 'razaoSocial', undefined, 'cliente_razao_social_ordem_idx'],
  ];
  for (const [nome, tabela, campos, sort, filtro, indice] of casos)
    it(nome, async () => {
      const p = await plano(db().select({ id: tabela.id }).from(tabela).where(filtro).orderBy(...sortToSql(sort, campos, sort, tabela.id)).limit(50));
      expect(p, p).toContain(indice);
      expect(p, p).not.toMatch(/(^|->\s+)Sort\s+\(cost/m);
    });
});
