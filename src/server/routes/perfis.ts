import { Hono } from 'hono';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { MENSAGEM_VERSAO_OBSOLETA, idParamSchema, listQuerySchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO } from '../../contracts/erros';
import { perfilSchema, type PerfilSalvo } from '../../contracts/perfis';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { perfil } from '../db/schema/perfil';
import { COLUNAS_PERFIL } from '../exportacao/cadastros/colunas-cadastros';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import { termosOrdem } from '../exportacao/cadastros/ordem-keyset';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { esquecerUsuarios } from '../auth/cache-usuarios';
import { listOffset } from '../list/list-offset';
import { paginaComTotal } from '../list/pagina-com-total';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { sortToSql } from '../list/sort-to-sql';
import { areaApi } from '../permissoes/area-api';
import { LER_PERFIS } from '../permissoes/leituras';
import { anyOf, save } from '../permissoes/regras';

export const PERFIL_CAMPOS: SearchFields = {
  id: { column: perfil.id, type: 'integer' },
  descricao: { column: perfil.descricao, type: 'text' },
  ativado: { column: perfil.ativado, type: 'boolean' },
  roles: { column: perfil.roles, type: 'text-array', sortable: false },
};

// Active holders, counted in the same statement (a correlated subquery on usuario_perfil_perfil_idx), in
// reads and in the RETURNING of saves. "perfil.id" written out: drizzle renders ${perfil.id} as a bare "id"
// in single-table statements, which inside the subquery would bind to u.id.
const usuarios = sql<number>`(select count(*)::int from usuario_perfil up join usuario u on u.id = up.usuario_id where up.perfil_id = perfil.id and u.ativado)`;
const colunas = { id: perfil.id, descricao: perfil.descricao, roles: perfil.roles, ativado: perfil.ativado, versao: perfil.versao, usuarios };
const naoEncontrado = () => new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);

/** The list's filter: deactivated profiles hidden unless the search says something about ativado (the Ctrl+H toggle). */
function filtroPerfis(search: string | undefined) {
  const { where, campos } = searchToSql(search, PERFIL_CAMPOS);
  return campos.has('ativado') ? where : and(where, eq(perfil.ativado, true));
}
const contarPerfis = async (db: Db, filtro: SQL | undefined) => (await db.select({ total: count() }).from(perfil).where(filtro))[0].total;

async function existe(db: Db, id: number): Promise<boolean> {
  return (await db.select({ id: perfil.id }).from(perfil).where(eq(perfil.id, id))).length > 0;
}

/** /perfis: list, read, save (create or edit by id, optimistic versao), delete = deactivate (spec 01 §4). */
export const perfisRoutes = () =>
  new Hono<AppEnv>()
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const filtro = filtroPerfis(search);
      const ordem = sortToSql(sort, PERFIL_CAMPOS, 'descricao', perfil.id);
      const { db } = c.get('banco');
      const pagina = await paginaComTotal<PerfilSalvo>(
        () => db.select(colunas).from(perfil).where(filtro).orderBy(...ordem).limit(size).offset(listOffset(page, size)),
        () => contarPerfis(db, filtro),
        page,
        size,
      );
      return c.json(pagina, 200);
    })
    .get('/exportar', validate('query', listQuerySchema), async (c) => {
      const { search, sort } = c.req.valid('query');
      const filtro = filtroPerfis(search);
      const { db } = c.get('banco');
      return exportarCadastro(c, {
        lista: 'perfis',
        aba: 'Perfis',
        colunas: COLUNAS_PERFIL,
        contar: () => contarPerfis(db, filtro),
        termos: termosOrdem(sort, PERFIL_CAMPOS, 'descricao', perfil.id),
        buscar: (chaves, depois, ordem, limite) => db.select({ ...colunas, ...chaves }).from(perfil).where(and(filtro, depois)).orderBy(...ordem).limit(limite),
        paraLinha: (l): PerfilSalvo => l,
      });
    })
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const [encontrado] = await c.get('banco').db.select(colunas).from(perfil).where(eq(perfil.id, c.req.valid('param').id));
      if (!encontrado) throw naoEncontrado();
      return c.json<PerfilSalvo>(encontrado, 200);
    })
    .post('/', validate('json', perfilSchema), async (c) => {
      const { id, descricao, ativado, versao } = c.req.valid('json');
      const roles = [...new Set(c.req.valid('json').roles)];
      const { db } = c.get('banco');
      if (id === undefined) {
        const [criado] = await db.insert(perfil).values({ descricao, roles, ativado }).returning(colunas);
        return c.json<PerfilSalvo>(criado, 201);
      }
      // One conditional UPDATE: the version check and the write cannot interleave with another save.
      const [salvo] =
        versao === undefined
          ? []
          : await db
              .update(perfil)
              .set({ descricao, roles, ativado, versao: sql`${perfil.versao} + 1` })
              .where(and(eq(perfil.id, id), eq(perfil.versao, versao)))
              .returning(colunas);
      // docs/decisoes.md §6: every holder's roles and profile names may have changed.
      if (salvo) esquecerUsuarios(c.get('banco'));
      if (salvo) return c.json<PerfilSalvo>(salvo, 200);
      if (!(await existe(db, id))) throw naoEncontrado();
      throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const [desativado] = await c
        .get('banco')
        .db.update(perfil)
        .set({ ativado: false, versao: sql`${perfil.versao} + 1` })
        .where(eq(perfil.id, c.req.valid('param').id))
        .returning(colunas);
      if (!desativado) throw naoEncontrado();
      esquecerUsuarios(c.get('banco'));
      return c.json<PerfilSalvo>(desativado, 200);
    });

export const perfisApi = areaApi('/api/perfis', () => perfisRoutes(), {
  'GET /': LER_PERFIS,
  'GET /exportar': LER_PERFIS,
  'GET /:id': LER_PERFIS,
  'POST /': save(['____PERF_C'], ['____PERF_E']),
  'DELETE /:id': anyOf('____PERF_D'),
});
