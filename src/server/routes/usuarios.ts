import { Hono } from 'hono';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { MSG_SENHA_ALTERADA, alterarSenhaSchema, configuracoesUsuarioSchema } from '../../contracts/auth';
import { EMPRESAS, MENSAGEM_VERSAO_OBSOLETA, idParamSchema, listQuerySchema } from '../../contracts/common';
import { MSG_REGISTRO_NAO_ENCONTRADO, MSG_SEM_PERMISSAO, MSG_SESSAO_INVALIDA } from '../../contracts/erros';
import {
  MSG_ADMIN_NAO_DESATIVA,
  MSG_USUARIO_LOGIN_ALTERADO,
  MSG_USUARIO_LOGIN_DUPLICADO,
  MSG_USUARIO_PERFIL_DESCONHECIDO,
  NIVEL_PADRAO_USUARIO,
  usuarioAutoCompletarQuerySchema,
  usuarioCadastroSchema,
  type Usuario,
  type UsuarioSimples,
} from '../../contracts/usuarios';
import type { AppEnv } from '../app-env';
import { hashPassword } from '../auth/password';
import type { Db } from '../db/database';
import { ordemTexto } from '../db/ordem-texto';
import { perfil } from '../db/schema/perfil';
import { usuario } from '../db/schema/usuario';
import { usuarioPerfil } from '../db/schema/usuario-perfil';
import { ApiError, badRequest } from '../http/api-error';
import { validate } from '../http/validate';
import { listOffset } from '../list/list-offset';
import { pageOf } from '../list/page-of';
import type { SearchFields } from '../list/search-fields';
import { searchToSql } from '../list/search-to-sql';
import { sortToSql } from '../list/sort-to-sql';
import { loadUsuarioLogado } from '../usuarios/load-usuario-logado';
import { toUsuarioLogado } from '../usuarios/to-usuario-logado';

export const USUARIO_CAMPOS: SearchFields = {
  id: { column: usuario.id, type: 'integer' },
  login: { column: usuario.login, type: 'text' },
  nome: { column: usuario.nome, type: 'text' },
  email: { column: usuario.email, type: 'text' },
  nivel: { column: usuario.nivel, type: 'text', code: true },
  ativado: { column: usuario.ativado, type: 'boolean' },
};

const LOGIN_ADMIN = 'admin';

// The profiles in the same query (no N+1); the table name is written out (see load-usuario-logado.ts).
const porDescricao = sql.join(ordemTexto(sql`p.descricao`), sql`, `);
const colunas = {
  id: usuario.id,
  login: usuario.login,
  nome: usuario.nome,
  email: usuario.email,
  nivel: usuario.nivel,
  ativado: usuario.ativado,
  versao: usuario.versao,
  perfis: sql<Usuario['perfis']>`coalesce((select json_agg(json_build_object('id', p.id, 'descricao', p.descricao) order by ${porDescricao}) from usuario_perfil up join perfil p on p.id = up.perfil_id where up.usuario_id = usuario.id), '[]'::json)`,
};
const simples = { id: usuario.id, login: usuario.login, nome: usuario.nome };

const naoEncontrado = () => new ApiError(404, [MSG_REGISTRO_NAO_ENCONTRADO]);
const ehAdmin = (login: string) => login.toLowerCase() === LOGIN_ADMIN;

async function lerUsuario(db: Db, id: number): Promise<Usuario | undefined> {
  const [linha] = await db.select(colunas).from(usuario).where(eq(usuario.id, id));
  return linha as Usuario | undefined;
}

const violouUnico = (erro: unknown) => {
  const e = erro as { code?: string; cause?: { code?: string } };
  return e?.code === '23505' || e?.cause?.code === '23505';
};

/** /usuarios: the users register (spec 01 §2, §5 User save) and the logged user's own password and settings. */
export const usuariosRoutes = () =>
  new Hono<AppEnv>()
    .post('/alterar-senha', validate('json', alterarSenhaSchema), async (c) => {
      const { senha } = c.req.valid('json');
      const hash = await hashPassword(senha);
      await c
        .get('banco')
        .db.update(usuario)
        .set({ senhaHash: hash, versao: sql`${usuario.versao} + 1` })
        .where(eq(usuario.id, c.get('usuario').id));
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
      const atualizado = await loadUsuarioLogado(db, id, c.get('empresa'));
      if (!atualizado) throw new ApiError(401, [MSG_SESSAO_INVALIDA]);
      return c.json(toUsuarioLogado(atualizado), 200);
    })
    .get('/', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { where, campos } = searchToSql(search, USUARIO_CAMPOS);
      const filtro = campos.has('ativado') ? where : and(where, eq(usuario.ativado, true));
      const ordem = sortToSql(sort, USUARIO_CAMPOS, 'nome', usuario.id);
      const { db } = c.get('banco');
      const [linhas, [{ total }]] = await Promise.all([
        db.select(colunas).from(usuario).where(filtro).orderBy(...ordem).limit(size).offset(listOffset(page, size)),
        db.select({ total: count() }).from(usuario).where(filtro),
      ]);
      return c.json(pageOf<Usuario>(linhas as Usuario[], total, page, size), 200);
    })
    // Active users, id/login/nome only (pickers); search and sort like the list.
    .get('/listar-simples', validate('query', listQuerySchema), async (c) => {
      const { search, sort, page, size } = c.req.valid('query');
      const { where } = searchToSql(search, { login: USUARIO_CAMPOS.login, nome: USUARIO_CAMPOS.nome, id: USUARIO_CAMPOS.id });
      const filtro = and(where, eq(usuario.ativado, true));
      const ordem = sortToSql(sort, { login: USUARIO_CAMPOS.login, nome: USUARIO_CAMPOS.nome, id: USUARIO_CAMPOS.id }, 'nome', usuario.id);
      const { db } = c.get('banco');
      const [linhas, [{ total }]] = await Promise.all([
        db.select(simples).from(usuario).where(filtro).orderBy(...ordem).limit(size).offset(listOffset(page, size)),
        db.select({ total: count() }).from(usuario).where(filtro),
      ]);
      return c.json(pageOf<UsuarioSimples>(linhas, total, page, size), 200);
    })
    .get('/auto-completar', validate('query', usuarioAutoCompletarQuerySchema), async (c) => {
      const { usuario: texto, size } = c.req.valid('query');
      const padrao = texto?.trim() ? `%${texto.trim().replace(/[\\%_]/g, (x) => `\\${x}`)}%` : undefined;
      const linhas = await c
        .get('banco')
        .db.select(simples)
        .from(usuario)
        .where(and(eq(usuario.ativado, true), padrao ? or(sql`${usuario.nome} ilike ${padrao}`, sql`${usuario.login} ilike ${padrao}`) : undefined))
        .orderBy(...ordemTexto(usuario.nome), usuario.id)
        .limit(size);
      return c.json<UsuarioSimples[]>(linhas, 200);
    })
    .get('/empresas', (c) => c.json<string[]>([...EMPRESAS], 200))
    .get('/:id', validate('param', idParamSchema), async (c) => {
      const encontrado = await lerUsuario(c.get('banco').db, c.req.valid('param').id);
      if (!encontrado) throw naoEncontrado();
      return c.json<Usuario>(encontrado, 200);
    })
    .post('/', validate('json', usuarioCadastroSchema), async (c) => {
      const dados = c.req.valid('json');
      const { db } = c.get('banco');
      const chamadorAdmin = c.get('usuario').nivel === 'ADMIN';
      // Only an ADMIN grants the ADMIN level or touches an ADMIN user (else ____USER_E would be a way to become one).
      if (dados.nivel === 'ADMIN' && !chamadorAdmin) throw new ApiError(403, [MSG_SEM_PERMISSAO]);
      const perfilIds = [...new Set(dados.perfis.map((p) => p.id))];
      const existentes = await db.select({ id: perfil.id }).from(perfil).where(inArray(perfil.id, perfilIds));
      if (existentes.length !== perfilIds.length) throw badRequest(MSG_USUARIO_PERFIL_DESCONHECIDO);
      const email = dados.email ? dados.email : null;
      const hash = dados.senha ? await hashPassword(dados.senha) : undefined;

      if (dados.id === undefined) {
        const [duplicado] = await db.select({ id: usuario.id }).from(usuario).where(sql`lower(${usuario.login}) = lower(${dados.login})`);
        if (duplicado) throw new ApiError(409, [MSG_USUARIO_LOGIN_DUPLICADO]);
        let id: number;
        try {
          id = await db.transaction(async (tx) => {
            const [novo] = await tx
              .insert(usuario)
              .values({ login: dados.login, nome: dados.nome, email, senhaHash: hash!, nivel: dados.nivel ?? NIVEL_PADRAO_USUARIO, ativado: dados.ativado })
              .returning({ id: usuario.id });
            await tx.insert(usuarioPerfil).values(perfilIds.map((perfilId) => ({ usuarioId: novo.id, perfilId })));
            return novo.id;
          });
        } catch (erro) {
          if (violouUnico(erro)) throw new ApiError(409, [MSG_USUARIO_LOGIN_DUPLICADO]);
          throw erro;
        }
        return c.json<Usuario>((await lerUsuario(db, id))!, 201);
      }

      const id = dados.id;
      const [atual] = await db.select({ login: usuario.login, nivel: usuario.nivel }).from(usuario).where(eq(usuario.id, id));
      if (!atual) throw naoEncontrado();
      if (atual.login !== dados.login) throw badRequest(MSG_USUARIO_LOGIN_ALTERADO);
      if (atual.nivel === 'ADMIN' && !chamadorAdmin) throw new ApiError(403, [MSG_SEM_PERMISSAO]);
      if (ehAdmin(atual.login) && !dados.ativado) throw new ApiError(409, [MSG_ADMIN_NAO_DESATIVA]);
      if (ehAdmin(atual.login) && dados.nivel && dados.nivel !== 'ADMIN') throw new ApiError(409, [MSG_ADMIN_NAO_DESATIVA]);
      const salvo = await db.transaction(async (tx) => {
        // One conditional UPDATE: the version check and the write cannot interleave with another save.
        const [linha] =
          dados.versao === undefined
            ? []
            : await tx
                .update(usuario)
                .set({
                  nome: dados.nome,
                  email,
                  ativado: dados.ativado,
                  ...(dados.nivel ? { nivel: dados.nivel } : {}),
                  ...(hash ? { senhaHash: hash } : {}),
                  versao: sql`${usuario.versao} + 1`,
                })
                .where(and(eq(usuario.id, id), eq(usuario.versao, dados.versao)))
                .returning({ id: usuario.id });
        if (!linha) return false;
        await tx.delete(usuarioPerfil).where(eq(usuarioPerfil.usuarioId, id));
        await tx.insert(usuarioPerfil).values(perfilIds.map((perfilId) => ({ usuarioId: id, perfilId })));
        return true;
      });
      if (!salvo) throw new ApiError(409, [MENSAGEM_VERSAO_OBSOLETA]);
      return c.json<Usuario>((await lerUsuario(db, id))!, 200);
    })
    .delete('/:id', validate('param', idParamSchema), async (c) => {
      const { db } = c.get('banco');
      const id = c.req.valid('param').id;
      const [atual] = await db.select({ login: usuario.login, nivel: usuario.nivel }).from(usuario).where(eq(usuario.id, id));
      if (!atual) throw naoEncontrado();
      if (ehAdmin(atual.login)) throw new ApiError(409, [MSG_ADMIN_NAO_DESATIVA]);
      if (atual.nivel === 'ADMIN' && c.get('usuario').nivel !== 'ADMIN') throw new ApiError(403, [MSG_SEM_PERMISSAO]);
      await db
        .update(usuario)
        .set({ ativado: false, versao: sql`${usuario.versao} + 1` })
        .where(and(eq(usuario.id, id), sql`lower(${usuario.login}) <> ${LOGIN_ADMIN}`));
      return c.json<Usuario>((await lerUsuario(db, id))!, 200);
    });
