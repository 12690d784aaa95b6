import { Hono } from 'hono';
import { and, asc, count, eq, notInArray, or, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import {
  clienteCadastroSchema,
  clienteListaQuerySchema,
  fichaFinanceiraQuerySchema,
  vwClienteListaQuerySchema,
  type Cliente,
  type VwCliente,
} from '../../contracts/clientes';
import { MENSAGEM_VERSAO_OBSOLETA, idParamSchema, listQuerySchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import type { Sincronizacao } from '../../contracts/transportadoras';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { cliente } from '../db/schema/cliente';
import { contemLike } from '../db/texto-busca';
import { COLUNAS_CLIENTE } from '../exportacao/cadastros/colunas-cadastros';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import { termosOrdem } from '../exportacao/cadastros/ordem-keyset';
import { erpSourceDe } from '../erp/erp-source';
import { sincronizarClientes } from '../erp/sincronizar-erp';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { sortToSql } from '../list/sort-to-sql';
import { areaApi } from '../permissoes/area-api';
import { LER_CLIENTES } from '../permissoes/leituras';
import { AUTH, ADMIN, anyOf } from '../permissoes/regras';

export const CLIENTE_CAMPOS: SearchFields = {
  id: { column: cliente.id, type: 'integer' },
  clienteId: { column: cliente.clienteId, type: 'text', code: true },
  razaoSocial: { column: cliente.razaoSocial, type: 'text' },
  nomeFantasia: { column: cliente.nomeFantasia, type: 'text' },
  cpfCnpj: { column: cliente.cpfCnpj, type: 'text', code: true },
  tipo: { column: cliente.tipo, type: 'text', code: true },
  posicao: { column: cliente.posicao, type: 'text', code: true },
  cidade: { column: cliente.cidade, type: 'text' },
  estado: { column: cliente.estado, type: 'text', code: true },
  grupoId: { column: cliente.grupoId, type: 'text', code: true },
  descricaoAmigavel: { column: cliente.descricaoAmigavel, type: 'text' },
  ativado: { column: cliente.ativado, type: 'boolean' },
};
/** The view's own fields (no register columns). */
const VW_CLIENTE_CAMPOS: SearchFields = Object.fromEntries(
  Object.entries(CLIENTE_CAMPOS).filter(([k]) => !['id', 'descricaoAmigavel', 'ativado'].includes(k)),
);

const colunas = {
  id: cliente.id,
  clienteId: cliente.clienteId,
  razaoSocial: cliente.razaoSocial,
  nomeFantasia: cliente.nomeFantasia,
  cpfCnpjFormatado: cliente.cpfCnpjFormatado,
  tipo: cliente.tipo,
  posicao: cliente.posicao,
  cidade: cliente.cidade,
  estado: cliente.estado,
  grupoRazaoSocial: cliente.grupoRazaoSocial,
  grupoNomeFantasia: cliente.grupoNomeFantasia,
  grupoCpfCnpjFormatado: cliente.grupoCpfCnpjFormatado,
  descricaoAmigavel: cliente.descricaoAmigavel,
  ativado: cliente.ativado,
  versao: cliente.versao,
};
type Linha = { [K in keyof typeof colunas]: (typeof colunas)[K]['_']['data'] | (null extends (typeof colunas)[K]['_']['data'] ? null : never) };

export const paraVwCliente = (l: Linha): VwCliente => ({
  pk: { clienteId: l.clienteId },
  razaoSocial: l.razaoSocial,
  nomeFantasia: l.nomeFantasia,
  cpfCnpjFormatado: l.cpfCnpjFormatado,
  tipo: l.tipo as VwCliente['tipo'],
  posicao: l.posicao,
  cidade: l.cidade,
  estado: l.estado,
  grupoRazaoSocial: l.grupoRazaoSocial,
  grupoNomeFantasia: l.grupoNomeFantasia,
  grupoCpfCnpjFormatado: l.grupoCpfCnpjFormatado,
});
export const paraCliente = (l: Linha): Cliente => ({
  id: l.id,
  descricaoAmigavel: l.descricaoAmigavel,
  ativado: l.ativado,
  vwCliente: paraVwCliente(l),
  versao: l.versao,
});

/** razão social, nome fantasia, CPF/CNPJ (digits or formatted), code or friendly description. */
const textoCliente = (texto: string | undefined): SQL | undefined => (texto?.trim() ? sql`${cliente.busca} like ${contemLike(texto)}` : undefined);

async function um(db: Db, onde: SQL) {
  const [linha] = await db.select(colunas).from(cliente).where(onde);
  if (!linha) throw new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
  return linha as Linha;
}

async function pagina(db: Db, filtro: SQL | undefined, ordem: SQL[], page: number, size: number) {
  const [linhas, [{ total }]] = await Promise.all([
    db.select(colunas).from(cliente).where(filtro).orderBy(...ordem).limit(size).offset(listOffset(page, size)),
    db.select({ total: count() }).from(cliente).where(filtro),
  ]);
  return { linhas: linhas as Linha[], total };
}

const codigoParam = z.object({ code: z.string().trim().min(1, 'Informe o código.').max(30, 'O código é longo demais.') });
const chaveParam = z.object({ key: z.string().trim().min(1, 'Informe o código.').max(30, 'O código é longo demais.') });

/** The register's filter (GET /, /query and the export): deactivated customers hidden unless the search names ativado. */
function filtroClientes(search: string | undefined) {
  const { where, campos } = searchToSql(search, CLIENTE_CAMPOS);
  return campos.has('ativado') ? where : and(where, eq(cliente.ativado, true));
}

async function listaClientes(db: Db, search: string | undefined, sort: string | undefined, page: number, size: number) {
  const filtro = filtroClientes(search);
  const { linhas, total } = await pagina(db, filtro, sortToSql(sort, CLIENTE_CAMPOS, 'razaoSocial', cliente.id), page, size);
  return pageOf(linhas.map(paraCliente), total, page, size);
}

/** /clientes: customers synchronised from the ERP; descricaoAmigavel and ativado are ours (spec 01 §3, §7). */
export const clientesRoutes = () =>
  new Hono<AppEnv>()
    .get('/atualizar', async (c) => {
      const banco = c.get('banco');
      return c.json<Sincronizacao>(await sincronizarClientes(banco.db, erpSourceDe(banco)), 200);
    })
    .get('/listar-simples', validate('query', clienteListaQuerySchema), async (c) => {
      const { cliente: texto, desativados, sort, page, size } = c.req.valid('query');
      const filtro = and(textoCliente(texto), desativados ? undefined : eq(cliente.ativado, true));
      const { linhas, total } = await pagina(c.get('banco').db, filtro, sortToSql(sort, CLIENTE_CAMPOS, 'razaoSocial', cliente.id), page, size);
      return c.json(pageOf(linhas.map(paraCliente), total, page, size), 200);
    })
    .get('/query', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      return c.json(await listaClientes(c.get('banco').db, search, sort, page, size), 200);
    })
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      return c.json(await listaClientes(c.get('banco').db, search, sort, page, size), 200);
    })
    .get('/exportar', validate('query', listQuerySchema), async (c) => {
      const { search, sort } = c.req.valid('query');
      const filtro = filtroClientes(search);
      const { db } = c.get('banco');
      return exportarCadastro(c, {
        lista: 'clientes',
        aba: 'Clientes',
        colunas: COLUNAS_CLIENTE,
        contar: async () => (await db.select({ total: count() }).from(cliente).where(filtro))[0].total,
        termos: termosOrdem(sort, CLIENTE_CAMPOS, 'razaoSocial', cliente.id),
        buscar: (chaves, depois, ordem, limite) => db.select({ ...colunas, ...chaves }).from(cliente).where(and(filtro, depois)).orderBy(...ordem).limit(limite),
        paraLinha: (l) => paraCliente(l as Linha),
      });
    })
    .get('/findByCardCode/:code', validate('param', codigoParam), async (c) =>
      c.json<Cliente>(paraCliente(await um(c.get('banco').db, eq(cliente.clienteId, c.req.valid('param').code))), 200),
    )
    .get('/:id', validate('param', idParamSchema), async (c) =>
      c.json<Cliente>(paraCliente(await um(c.get('banco').db, eq(cliente.id, c.req.valid('param').id))), 200),
    )
    .post('/', validate('json', clienteCadastroSchema), async (c) => {
      const { id, descricaoAmigavel, ativado, versao } = c.req.valid('json');
      const { db } = c.get('banco');
      const [salvo] =
        versao === undefined
          ? []
          : await db
              .update(cliente)
              .set({
                ...(descricaoAmigavel === undefined ? {} : { descricaoAmigavel: descricaoAmigavel || null }),
                ...(ativado === undefined ? {} : { ativado }),
                versao: sql`${cliente.versao} + 1`,
              })
              .where(and(eq(cliente.id, id), eq(cliente.versao, versao)))
              .returning({ id: cliente.id });
      if (salvo) return c.json<Cliente>(paraCliente(await um(db, eq(cliente.id, id))), 200);
      await um(db, eq(cliente.id, id));
      throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    });

/** /vw-clientes: the ERP customer view as last synchronised (the register's copy of its columns). */
export const vwClientesRoutes = () =>
  new Hono<AppEnv>()
    .get('/listar-simples', validate('query', vwClienteListaQuerySchema), async (c) => {
      const { cliente: texto, posicao, clienteId_notIn, sort, page, size } = c.req.valid('query');
      const filtro = and(
        textoCliente(texto),
        posicao ? eq(cliente.posicao, posicao) : undefined,
        clienteId_notIn.length ? notInArray(cliente.clienteId, clienteId_notIn) : undefined,
      );
      const { linhas, total } = await pagina(c.get('banco').db, filtro, sortToSql(sort, VW_CLIENTE_CAMPOS, 'razaoSocial', cliente.id), page, size);
      return c.json(pageOf(linhas.map(paraVwCliente), total, page, size), 200);
    })
    .get('/listar-ficha-financeira', validate('query', fichaFinanceiraQuerySchema), async (c) => {
      const { grupoId, clienteId, tipo } = c.req.valid('query');
      const { db } = c.get('banco');
      // The group of the customer: its grupoId, or itself when it has none (UNICO).
      const grupo = grupoId
        ? eq(cliente.grupoId, grupoId)
        : or(
            eq(cliente.clienteId, clienteId!),
            sql`${cliente.grupoId} = (select c2.grupo_id from cliente c2 where c2.cliente_id = ${clienteId!})`,
          );
      const linhas = await db
        .select(colunas)
        .from(cliente)
        .where(and(grupo, tipo ? eq(cliente.tipo, tipo) : undefined))
        .orderBy(sql`case ${cliente.tipo} when 'MATRIZ' then 0 when 'FILIAL' then 1 else 2 end`, ...ordemTexto(cliente.razaoSocial), asc(cliente.id))
        .limit(500);
      return c.json<VwCliente[]>((linhas as Linha[]).map(paraVwCliente), 200);
    })
    .get('/query', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { where } = searchToSql(search, VW_CLIENTE_CAMPOS);
      const { linhas, total } = await pagina(c.get('banco').db, where, sortToSql(sort, VW_CLIENTE_CAMPOS, 'razaoSocial', cliente.id), page, size);
      return c.json(pageOf(linhas.map(paraVwCliente), total, page, size), 200);
    })
    .get('/:key', validate('param', chaveParam), async (c) =>
      c.json<VwCliente>(paraVwCliente(await um(c.get('banco').db, eq(cliente.clienteId, c.req.valid('param').key))), 200),
    );

export const clientesApi = areaApi('/api/clientes', () => clientesRoutes(), {
  'GET /atualizar': ADMIN,
  // Many screens autocomplete customers (settings, minutas, freight tables): any logged user.
  'GET /listar-simples': AUTH,
  'GET /': LER_CLIENTES,
  'GET /query': LER_CLIENTES,
  'GET /exportar': LER_CLIENTES,
  'GET /findByCardCode/:code': LER_CLIENTES,
  'GET /:id': LER_CLIENTES,
  'POST /': anyOf('____CLIE_E'),
});

export const vwClientesApi = areaApi('/api/vw-clientes', () => vwClientesRoutes(), {
  'GET /listar-simples': AUTH,
  'GET /listar-ficha-financeira': AUTH,
  'GET /query': AUTH,
  'GET /:key': AUTH,
});
