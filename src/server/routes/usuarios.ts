import { Hono, type Context } from 'hono';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { MSG_SENHA_ALTERADA, alterarSenhaSchema, configuracoesUsuarioSchema } from '../../contracts/auth';
import { EMPRESAS, idParamSchema, listQuerySchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO, MSG_SEM_PERMISSAO, MSG_SESSAO_INVALIDA } from '../../contracts/erros';
import { MSG_ADMIN_NAO_DESATIVA, usuarioAutoCompletarQuerySchema, usuarioCadastroSchema, type Usuario, type UsuarioSimples } from '../../contracts/usuarios';
import type { AppEnv } from '../app-env';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { usuario } from '../db/schema/usuario';
import { COLUNAS_USUARIO } from '../exportacao/cadastros/colunas-cadastros';
import { exportarCadastro } from '../exportacao/cadastros/exportar-cadastro';
import { termosOrdem } from '../exportacao/cadastros/ordem-keyset';
import { ApiError } from '../http/api-error';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import { paginaComTotal } from '../list/pagina-com-total';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { sortToSql } from '../list/sort-to-sql';
import type { ServerContext } from '../server-context';
import { alterarPropriaSenha } from '../usuarios/alterar-propria-senha';
import { LOGIN_ADMIN, colunasUsuario as colunas, ehLoginAdmin, gereUsuarios, lerUsuario } from '../usuarios/colunas-usuario';
import { esquecerUsuario, usuarioLogado } from '../auth/cache-usuarios';
import { salvarUsuario } from '../usuarios/salvar-usuario';
import { toUsuarioLogado } from '../usuarios/to-usuario-logado';
import { areaApi } from '../permissoes/area-api';
import { LER_USUARIOS } from '../permissoes/leituras';
import { AUTH, anyOf, save } from '../permissoes/regras';

export const USUARIO_CAMPOS: SearchFields = {
  id: { column: usuario.id, type: 'integer' },
  login: { column: usuario.login, type: 'text' },
  nome: { column: usuario.nome, type: 'text' },
  email: { column: usuario.email, type: 'text' },
  nivel: { column: usuario.nivel, type: 'text', code: true },
  ativado: { column: usuario.ativado, type: 'boolean' },
};

/**
 * The pickers (listar-simples, auto-completar). docs/decisoes.md §3: other users' logins only for those who manage
 * users (an ADMIN or a ____USER_* code, who see them on the users screen anyway); anyone else gets id and nome, and
 * cannot search or sort by login either (a search would tell the logins apart).
 */
function simples(c: Context<AppEnv>) {
  const comLogin = gereUsuarios(c.get('usuario'));
  const campos: SearchFields = comLogin ? { login: USUARIO_CAMPOS.login, nome: USUARIO_CAMPOS.nome, id: USUARIO_CAMPOS.id } : { nome: USUARIO_CAMPOS.nome, id: USUARIO_CAMPOS.id };
  const responder = (linhas: Required<UsuarioSimples>[]): UsuarioSimples[] => (comLogin ? linhas : linhas.map(({ id, nome }) => ({ id, nome })));
  return { comLogin, campos, responder };
}
const colunasSimples = { id: usuario.id, login: usuario.login, nome: usuario.nome };

/** The list's filter: deactivated users hidden unless the search names ativado (the list and its export). */
function filtroUsuarios(search: string | undefined) {
  const { where, campos } = searchToSql(search, USUARIO_CAMPOS);
  return campos.has('ativado') ? where : and(where, eq(usuario.ativado, true));
}
const contarUsuarios = async (db: Db, filtro: SQL | undefined) => (await db.select({ total: count() }).from(usuario).where(filtro))[0].total;

const naoEncontrado = () => new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);

/** /usuarios: the users register (spec 01 §2, §5 User save) and the logged user's own password and settings. */
export const usuariosRoutes = (ctx: ServerContext) =>
  new Hono<AppEnv>()
    // docs/decisoes.md §2: asks for the current password; ends the user's other sessions (this one gets a fresh token).
    .post('/alterar-senha', validate('json', alterarSenhaSchema), async (c) => {
      await alterarPropriaSenha(c, ctx, c.req.valid('json'));
      return c.json({ mensagens: [MSG_SENHA_ALTERADA] }, 200);
    })
    // Our path (the spec does not name it): merges known keys into the settings map, e.g. ultimaVersao.
    .post('/configuracoes', validate('json', configuracoesUsuarioSchema), async (c) => {
      const { db } = c.get('banco');
      const { id } = c.get('usuario');
      await db
        .update(usuario)
        .set({ settings: sql`${usuario.settings} || ${JSON.stringify(c.req.valid('json'))}::jsonb` })
        .where(eq(usuario.id, id));
      // docs/decisoes.md §6: the settings decide mostrarChangelog of the cached logged user: forgotten, then read (and kept) again.
      esquecerUsuario(c.get('banco'), id);
      const atualizado = await usuarioLogado(c.get('banco'), id, ctx.agora());
      if (!atualizado) throw new ApiError(401, [MSG_SESSAO_INVALIDA]);
      return c.json(toUsuarioLogado(atualizado), 200);
    })
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const filtro = filtroUsuarios(search);
      const ordem = sortToSql(sort, USUARIO_CAMPOS, 'nome', usuario.id);
      const { db } = c.get('banco');
      const pagina = await paginaComTotal(
        async () => (await db.select(colunas).from(usuario).where(filtro).orderBy(...ordem).limit(size).offset(listOffset(page, size))) as Usuario[],
        () => contarUsuarios(db, filtro),
        page,
        size,
      );
      return c.json(pagina, 200);
    })
    // The register as a file: the list's columns (colunasUsuario: never the password hash nor the session version).
    .get('/exportar', validate('query', listQuerySchema), async (c) => {
      const { search, sort } = c.req.valid('query');
      const filtro = filtroUsuarios(search);
      const { db } = c.get('banco');
      return exportarCadastro(c, {
        lista: 'usuarios',
        aba: 'Usuários',
        colunas: COLUNAS_USUARIO,
        contar: () => contarUsuarios(db, filtro),
        termos: termosOrdem(sort, USUARIO_CAMPOS, 'nome', usuario.id),
        buscar: (chaves, depois, ordem, limite) => db.select({ ...colunas, ...chaves }).from(usuario).where(and(filtro, depois)).orderBy(...ordem).limit(limite),
        paraLinha: (l) => l as Usuario,
      });
    })
    // Active users, id/login/nome only (pickers; no login for those who do not manage users); search and sort like the list.
    .get('/listar-simples', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { campos, responder } = simples(c);
      const { where } = searchToSql(search, campos);
      const filtro = and(where, eq(usuario.ativado, true));
      const ordem = sortToSql(sort, campos, 'nome', usuario.id);
      const { db } = c.get('banco');
      const [linhas, [{ total }]] = await Promise.all([
        db.select(colunasSimples).from(usuario).where(filtro).orderBy(...ordem).limit(size).offset(listOffset(page, size)),
        db.select({ total: count() }).from(usuario).where(filtro),
      ]);
      return c.json(pageOf<UsuarioSimples>(responder(linhas), total, page, size), 200);
    })
    .get('/auto-completar', validate('query', usuarioAutoCompletarQuerySchema), async (c) => {
      const { usuario: texto, size } = c.req.valid('query');
      const padrao = texto?.trim() ? `%${texto.trim().replace(/[\\%_]/g, (x) => `\\${x}`)}%` : undefined;
      const { comLogin, responder } = simples(c);
      const porLogin = comLogin ? sql` or ${usuario.login} ilike ${padrao}` : sql``;
      const linhas = await c
        .get('banco')
        .db.select(colunasSimples)
        .from(usuario)
        .where(and(eq(usuario.ativado, true), padrao ? sql`(${usuario.nome} ilike ${padrao}${porLogin})` : undefined))
        .orderBy(...ordemTexto(usuario.nome), usuario.id)
        .limit(size);
      return c.json<UsuarioSimples[]>(responder(linhas), 200);
    })
    .get('/empresas', (c) => c.json<string[]>([...EMPRESAS], 200))
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const encontrado = await lerUsuario(c.get('banco').db, c.req.valid('param').id);
      if (!encontrado) throw naoEncontrado();
      return c.json<Usuario>(encontrado, 200);
    })
    .post('/', validate('json', usuarioCadastroSchema), (c) => salvarUsuario(c, ctx, c.req.valid('json')))
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { db } = c.get('banco');
      const id = c.req.valid('param').id;
      const [atual] = await db.select({ login: usuario.login, nivel: usuario.nivel }).from(usuario).where(eq(usuario.id, id));
      if (!atual) throw naoEncontrado();
      if (ehLoginAdmin(atual.login)) throw new ApiError(409, [MSG_ADMIN_NAO_DESATIVA]);
      if (atual.nivel === 'ADMIN' && c.get('usuario').nivel !== 'ADMIN') throw new ApiError(403, [MSG_SEM_PERMISSAO]);
      await db
        .update(usuario)
        // docs/decisoes.md §1: deactivation ends the user's sessions at once (claim sv).
        .set({ ativado: false, versao: sql`${usuario.versao} + 1`, sessaoVersao: sql`${usuario.sessaoVersao} + 1` })
        .where(and(eq(usuario.id, id), sql`lower(${usuario.login}) <> ${LOGIN_ADMIN}`));
      esquecerUsuario(c.get('banco'), id);
      return c.json<Usuario>((await lerUsuario(db, id))!, 200);
    });

export const usuariosApi = areaApi('/api/usuarios', usuariosRoutes, {
  'POST /alterar-senha': AUTH,
  'POST /configuracoes': AUTH,
  'GET /': LER_USUARIOS,
  'GET /exportar': LER_USUARIOS,
  'GET /listar-simples': AUTH,
  'GET /auto-completar': AUTH,
  'GET /empresas': AUTH,
  'GET /:id': LER_USUARIOS,
  'POST /': save(['____USER_C'], ['____USER_E']),
  'DELETE /:id': anyOf('____USER_D'),
});
